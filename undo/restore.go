package undo

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/kjx-editor/kjx/buffer"
)

// Export returns the tree as a plain Image.
func (t *Tree) Export() Image { return t.view().Export() }

// Export returns the snapshot as a plain Image (changes are copied; their
// strings are shared, being immutable).
func (s Snapshot) Export() Image {
	img := Image{
		SeqLast: s.seqLast, SeqCur: s.seqCur,
		SaveLast: s.saveLast, SaveCur: s.saveCur,
		TimeCur: s.timeCur, Modified: s.modified, Pruned: s.pruned,
	}
	cur, newh := s.curhead, s.newhead
	b := newh
	if cur != 0 {
		b = s.st.m(cur).next
	}
	if b != s.phys {
		// A Vi-style repeated undo left the text after curhead: export the
		// state the text is in (as Tree.normalize would).
		if s.phys == 0 {
			cur, img.SeqCur, img.TimeCur = s.oldhead, 0, 0
		} else {
			m := s.st.m(s.phys)
			cur, img.SeqCur, img.TimeCur = m.prev, m.seq, m.time
			if cur == 0 {
				newh = s.phys
			}
		}
	}
	img.CurHead, img.NewHead = s.seqOf(cur), s.seqOf(newh)
	img.RootChildren = s.Children(0)
	img.Nodes = make([]ImageNode, 0, s.numhead)
	for i := nid(1); int(i) < s.st.n; i++ {
		m := s.st.m(i)
		if m.dead {
			continue
		}
		d := s.data(i)
		n := ImageNode{
			Seq: m.seq, Parent: s.seqOf(m.next), Time: m.time, SaveNr: int(m.saveNr),
			Source: d.src, CursorBefore: d.before.pos(), CursorAfter: d.after.pos(),
			WasModified: m.flagEpoch != s.writeEpoch || m.changed,
			Changes:     slices.Clone(d.changes),
		}
		if !d.whole && len(d.changes) > 0 {
			n.Lines = [2]int{int(d.oldLines), int(d.newLines)}
		}
		if s.labels != nil {
			n.Label = s.labels.byNode[i]
		}
		for c := m.prev; c != 0; c = s.st.m(c).altNext {
			n.Children = append(n.Children, s.st.m(c).seq)
		}
		img.Nodes = append(img.Nodes, n)
	}
	return img
}

// Restore builds a tree from an Image. text is the text of state textSeq
// (0: the root); the tree is positioned there. When textSeq is the state the
// image was in, Vim's counters come back as they were; otherwise (the file
// on disk belongs to another state, e.g. unsaved changes survived a crash)
// the tree goes to textSeq as ":undo textSeq" would, so that the newer
// changes are redo-able, and the buffer is unmodified. Everything is
// validated first: sequence numbers, parents, children lists, heads, write
// numbers, labels, and that every change applies. Any problem is an error
// and no tree is returned.
func Restore(text buffer.Rope, textSeq int, img Image, opt Options) (*Tree, error) {
	v, err := validateImage(&img, text, textSeq)
	if err != nil {
		return nil, fmt.Errorf("undo: restore: %w", err)
	}
	t := New(text, opt)
	idx := make(map[int]nid, len(img.Nodes))
	for k := range img.Nodes {
		idx[img.Nodes[k].Seq] = t.alloc()
	}
	ls := t.labels
	depth := func(parent int) int32 {
		if parent == 0 {
			return 1
		}
		return t.st.m(idx[parent]).depth + 1
	}
	for k := range img.Nodes {
		n := &img.Nodes[k]
		u := idx[n.Seq]
		*t.st.m(u) = meta{
			next: idx[n.Parent], seq: n.Seq, time: n.Time, saveNr: int32(n.SaveNr), depth: depth(n.Parent),
			changed: n.WasModified, flagEpoch: t.writeEpoch, emptyBuf: v.empty[k],
		}
		*t.st.d(u) = data{
			changes: slices.Clone(n.Changes), before: packPos(n.CursorBefore), after: packPos(n.CursorAfter),
			src: n.Source, whole: v.whole[k], oldLines: v.lines[k][0], newLines: v.lines[k][1],
		}
		if n.Label != "" {
			ls.byName[n.Label] = u
			ls.byNode[u] = n.Label
		}
	}
	t.linkChildren(0, img.RootChildren, idx)
	for k := range img.Nodes {
		t.linkChildren(idx[img.Nodes[k].Seq], img.Nodes[k].Children, idx)
	}
	t.numhead = len(img.Nodes)
	t.seqLast, t.saveLast, t.pruned = img.SeqLast, img.SaveLast, img.Pruned
	t.curhead, t.newhead = idx[img.CurHead], idx[img.NewHead]
	t.seqCur, t.timeCur, t.saveCur, t.modified = img.SeqCur, img.TimeCur, img.SaveCur, img.Modified
	if textSeq != v.state {
		// The text belongs to another state (the file on disk, with newer
		// changes that were never written): compute the text of the
		// image's state, then go to textSeq as :undo would, so that the
		// flags, counters and preferred branches are Vim's.
		t.phys = idx[textSeq]
		stateText, err := t.view().TextAt(v.state)
		if err != nil {
			return nil, fmt.Errorf("undo: restore: %w", err)
		}
		t.setText(stateText)
		t.empty = t.tx.Len() == 0
		t.phys = idx[v.state]
		if r := t.Goto(textSeq); r.Err != nil || !t.Text().Equal(text) {
			return nil, fmt.Errorf("undo: restore: cannot reach change #%d: %v", textSeq, r.Err)
		}
		t.modified = false
	} else {
		t.phys = idx[v.state]
	}
	t.cursor = Pos{}
	t.saved, t.savedKnown = t.phys, true
	return t, nil
}

// linkChildren links the ordered children of p (0: the root level).
func (t *Tree) linkChildren(p nid, children []int, idx map[int]nid) {
	var prev nid
	for k, c := range children {
		u := idx[c]
		m := t.st.m(u)
		m.altPrev = prev
		if k == 0 {
			if p == 0 {
				t.oldhead = u
			} else {
				t.st.m(p).prev = u
			}
		} else {
			t.st.m(prev).altNext = u
		}
		prev = u
	}
}

// imageFacts is what validation learns about an image.
type imageFacts struct {
	state int        // seq of the state the image is in (0: the root)
	whole []bool     // per node: a reload (whole-buffer) node
	empty []bool     // per node: Vim's UH_EMPTYBUF, the text on its far side from the state is empty
	lines [][2]int32 // per node: Vim's line counts (replaced, inserted)
}

var errImage = errors.New("invalid image")

func imageErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errImage, fmt.Sprintf(format, args...))
}

// validateImage checks the image's shape and counters, then that every
// change applies, starting from text at textSeq.
func validateImage(img *Image, text buffer.Rope, textSeq int) (imageFacts, error) {
	var f imageFacts
	if img.SeqLast < 0 || img.SaveLast < 0 || img.Pruned < 0 || img.SaveLast > math.MaxInt32 || img.SeqLast > math.MaxInt32 {
		return f, imageErr("negative counter (seq_last %d, save_last %d, pruned %d)", img.SeqLast, img.SaveLast, img.Pruned)
	}
	if img.SeqCur < 0 || img.SeqCur > img.SeqLast {
		return f, imageErr("seq_cur %d outside 0..%d", img.SeqCur, img.SeqLast)
	}
	if img.SaveCur < 0 || img.SaveCur > img.SaveLast {
		return f, imageErr("save_cur %d outside 0..%d", img.SaveCur, img.SaveLast)
	}
	pos := make(map[int]int, len(img.Nodes)) // seq -> index in Nodes
	for k := range img.Nodes {
		n := &img.Nodes[k]
		if n.Seq < 1 || n.Seq > img.SeqLast {
			return f, imageErr("change #%d outside 1..%d", n.Seq, img.SeqLast)
		}
		if _, dup := pos[n.Seq]; dup {
			return f, imageErr("duplicate change #%d", n.Seq)
		}
		if k > 0 && n.Seq < img.Nodes[k-1].Seq {
			return f, imageErr("changes not in increasing order at #%d", n.Seq)
		}
		pos[n.Seq] = k
		if err := validateNodeFields(n, img.SaveLast); err != nil {
			return f, err
		}
	}
	if err := validateLinks(img, pos); err != nil {
		return f, err
	}
	if err := validateUnique(img); err != nil {
		return f, err
	}
	state, err := validateHeads(img, pos)
	if err != nil {
		return f, err
	}
	f.state = state
	if _, ok := pos[textSeq]; !ok && textSeq != 0 {
		return f, imageErr("text belongs to change #%d, which is not in the image", textSeq)
	}
	if err := validateChanges(img, pos, text, textSeq, &f); err != nil {
		return f, err
	}
	return f, nil
}

func validateNodeFields(n *ImageNode, saveLast int) error {
	if n.Parent < 0 || n.Parent >= n.Seq {
		return imageErr("change #%d has parent #%d (parents come first)", n.Seq, n.Parent)
	}
	if n.SaveNr < 0 || n.SaveNr > saveLast {
		return imageErr("change #%d has write number %d outside 0..%d", n.Seq, n.SaveNr, saveLast)
	}
	if n.CursorBefore.Line < 0 || n.CursorBefore.Col < 0 || n.CursorAfter.Line < 0 || n.CursorAfter.Col < 0 {
		return imageErr("change #%d has a negative cursor", n.Seq)
	}
	if n.Label != "" {
		if err := ValidLabel(n.Label); err != nil {
			return imageErr("change #%d: %v", n.Seq, err)
		}
	}
	for _, c := range n.Changes {
		if c.Off < 0 {
			return imageErr("change #%d has a negative offset", n.Seq)
		}
	}
	return nil
}

// validateLinks checks that every node's parent exists and that each
// children list (RootChildren for the root) names exactly the nodes whose
// parent it is, once each.
func validateLinks(img *Image, pos map[int]int) error {
	count := make(map[int]int, len(img.Nodes)+1) // parent seq -> number of children
	for k := range img.Nodes {
		p := img.Nodes[k].Parent
		if _, ok := pos[p]; !ok && p != 0 {
			return imageErr("change #%d has a missing parent #%d", img.Nodes[k].Seq, p)
		}
		count[p]++
	}
	listed := make(map[int]bool, len(img.Nodes))
	check := func(p int, children []int) error {
		if len(children) != count[p] {
			return imageErr("change #%d lists %d children, %d name it as parent", p, len(children), count[p])
		}
		for _, c := range children {
			k, ok := pos[c]
			if !ok {
				return imageErr("change #%d lists a missing child #%d", p, c)
			}
			if img.Nodes[k].Parent != p {
				return imageErr("change #%d lists child #%d, whose parent is #%d", p, c, img.Nodes[k].Parent)
			}
			if listed[c] {
				return imageErr("change #%d is listed twice as a child", c)
			}
			listed[c] = true
		}
		return nil
	}
	if err := check(0, img.RootChildren); err != nil {
		return err
	}
	for k := range img.Nodes {
		if err := check(img.Nodes[k].Seq, img.Nodes[k].Children); err != nil {
			return err
		}
	}
	return nil
}

func validateUnique(img *Image) error {
	saves := map[int]int{}
	labels := map[string]int{}
	for k := range img.Nodes {
		n := &img.Nodes[k]
		if n.SaveNr != 0 {
			if o, dup := saves[n.SaveNr]; dup {
				return imageErr("write number %d on changes #%d and #%d", n.SaveNr, o, n.Seq)
			}
			saves[n.SaveNr] = n.Seq
		}
		if n.Label != "" {
			if o, dup := labels[n.Label]; dup {
				return imageErr("checkpoint %q on changes #%d and #%d", n.Label, o, n.Seq)
			}
			labels[n.Label] = n.Seq
		}
	}
	return nil
}

// validateHeads checks curhead and newhead and returns the state they
// describe. The path from the root to the state must be made of preferred
// (first) children.
func validateHeads(img *Image, pos map[int]int) (int, error) {
	firstChild := func(p int) int {
		if p == 0 {
			if len(img.RootChildren) == 0 {
				return 0
			}
			return img.RootChildren[0]
		}
		if ch := img.Nodes[pos[p]].Children; len(ch) > 0 {
			return ch[0]
		}
		return 0
	}
	for _, h := range []int{img.CurHead, img.NewHead} {
		if _, ok := pos[h]; !ok && h != 0 {
			return 0, imageErr("head #%d is not in the image", h)
		}
	}
	var state int
	switch {
	case img.CurHead != 0:
		state = img.Nodes[pos[img.CurHead]].Parent
		if firstChild(state) != img.CurHead {
			return 0, imageErr("curhead #%d is not the preferred child of #%d", img.CurHead, state)
		}
	case img.NewHead != 0:
		state = img.NewHead
		if len(img.Nodes[pos[state]].Children) != 0 {
			return 0, imageErr("newhead #%d has children but nothing is undone", state)
		}
	case len(img.Nodes) > 0:
		return 0, imageErr("no curhead and no newhead in a tree of %d changes", len(img.Nodes))
	}
	for s := state; s != 0; {
		p := img.Nodes[pos[s]].Parent
		if firstChild(p) != s {
			return 0, imageErr("change #%d on the current path is not a preferred child", s)
		}
		s = p
	}
	return state, nil
}

// validateChanges computes the root text by undoing from textSeq, then
// applies every node's changes to its parent's text, depth first, and
// records each node's line counts.
func validateChanges(img *Image, pos map[int]int, text buffer.Rope, textSeq int, f *imageFacts) error {
	f.whole = make([]bool, len(img.Nodes))
	f.empty = make([]bool, len(img.Nodes))
	onPath := map[int]bool{}
	for s := f.state; s != 0; s = img.Nodes[pos[s]].Parent {
		onPath[s] = true
	}
	f.lines = make([][2]int32, len(img.Nodes))
	root := text
	for s := textSeq; s != 0; s = img.Nodes[pos[s]].Parent {
		cs := img.Nodes[pos[s]].Changes
		for i := len(cs) - 1; i >= 0; i-- {
			var err error
			if root, err = root.Apply(cs[i].Inverse()); err != nil {
				return imageErr("change #%d does not match the text it should have left: %v", s, err)
			}
		}
	}
	type item struct {
		k    int
		text buffer.Rope // the parent's text
	}
	var stack []item
	push := func(children []int, r buffer.Rope) {
		for _, c := range children {
			stack = append(stack, item{k: pos[c], text: r})
		}
	}
	push(img.RootChildren, root)
	var infos []entryInfo
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &img.Nodes[it.k]
		r := it.text
		infos = infos[:0]
		for _, c := range n.Changes {
			before := r
			var err error
			if r, err = r.Apply(c); err != nil {
				return imageErr("change #%d does not apply to its parent's text: %v", n.Seq, err)
			}
			// Whether a change was typed is not in the image: it is seen
			// as the single change it looks like.
			infos = append(infos, infoOf(before, c, false))
		}
		// Applied nodes remember the text before them, undone ones the
		// text after them (an empty text taken for an empty buffer).
		f.empty[it.k] = r.Len() == 0
		if onPath[n.Seq] {
			f.empty[it.k] = it.text.Len() == 0
		}
		if n.Source == SourceReload || n.Source == SourceExternal {
			f.whole[it.k] = true
			f.lines[it.k] = [2]int32{int32(lineCount(it.text)), int32(lineCount(r))}
		} else {
			o, nw := blockLines(infos)
			if l := n.Lines; l != [2]int{} {
				if l[0] < 0 || l[1] < 0 || l[0] > math.MaxInt32 || l[1] > math.MaxInt32 || l[1]-l[0] != int(nw-o) {
					return imageErr("change #%d: line counts %d, %d do not match its changes (%d, %d)", n.Seq, l[0], l[1], o, nw)
				}
				o, nw = int32(l[0]), int32(l[1])
			}
			f.lines[it.k] = [2]int32{o, nw}
		}
		push(n.Children, r)
	}
	return nil
}
