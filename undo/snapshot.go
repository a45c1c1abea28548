package undo

import (
	"fmt"
	"iter"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// Snapshot is an immutable view of a Tree at one moment: the text, every
// node and the counters. Taking one is O(1) and copies no node; it may be
// read from any goroutine while the tree keeps changing (see doc.go for
// how). The zero Snapshot is an empty tree with an empty text.
type Snapshot struct {
	st       store
	open     nid  // the open node, read from openData instead of the store
	openData data // copy of the open node's data when the snapshot was taken
	labels   *labelSet
	text     buffer.Rope
	loc      *time.Location

	gen                       uint64
	writeEpoch                uint32
	rootDepth                 int32
	oldhead, newhead, curhead nid
	phys, saved               nid
	savedKnown                bool
	modified, synced          bool
	numhead, pruned           int
	seqCur, seqLast           int
	saveCur, saveLast         int
	timeCur                   int64
	shape                     uint64
}

// Snapshot returns an immutable view of the tree.
func (t *Tree) Snapshot() Snapshot {
	s := t.view()
	if t.open != 0 {
		t.openShared = true
	}
	t.snapGen++
	t.snapCount = t.st.n
	return s
}

// view is a Snapshot for use on the tree's goroutine before the tree
// changes again (it does not protect the storage from later writes). It
// first writes the open block's pending change (pending.go), so that the
// copy of the open node holds immutable strings.
func (t *Tree) view() Snapshot {
	t.settle()
	s := Snapshot{
		st: t.st, labels: t.labels, text: t.tx.Freeze(), loc: t.loc,
		gen: t.snapGen, writeEpoch: t.writeEpoch, rootDepth: t.rootDepth,
		oldhead: t.oldhead, newhead: t.newhead, curhead: t.curhead,
		phys: t.phys, saved: t.saved, savedKnown: t.savedKnown,
		modified: t.modified, synced: t.synced,
		numhead: t.numhead, pruned: t.pruned,
		seqCur: t.seqCur, seqLast: t.seqLast,
		saveCur: t.saveCur, saveLast: t.saveLast, timeCur: t.timeCur,
		shape: t.shape,
	}
	if t.open != 0 {
		s.open = t.open
		s.openData = *t.st.d(t.open)
	}
	return s
}

// Node is one change of a Snapshot. Changes is shared with the tree and
// must not be modified.
type Node struct {
	Seq    int
	Parent int // 0: a change made from the root text
	// FirstChild and NextSibling walk the children in order, preferred
	// (the one CTRL-R redoes) first; 0 ends.
	FirstChild, NextSibling int
	Time                    int64 // Unix seconds
	Source                  Source
	Label                   string
	SaveNr                  int  // 0, or the write made at this state
	WasModified             bool // Vim's UH_CHANGED
	CursorBefore            Pos
	CursorAfter             Pos
	Changes                 []buffer.Change // turn the parent's text into this node's
	Added, Deleted          int             // bytes inserted and removed by Changes
}

func (s *Snapshot) data(i nid) *data {
	if i == s.open {
		return &s.openData
	}
	return s.st.d(i)
}

func (s *Snapshot) seqOf(i nid) int {
	if i == 0 {
		return 0
	}
	return s.st.m(i).seq
}

func (s *Snapshot) node(i nid) Node {
	m, d := s.st.m(i), s.data(i)
	n := Node{
		Seq: m.seq, Parent: s.seqOf(m.next),
		FirstChild: s.seqOf(m.prev), NextSibling: s.seqOf(m.altNext),
		Time: m.time, Source: d.src, SaveNr: int(m.saveNr),
		WasModified:  m.flagEpoch != s.writeEpoch || m.changed,
		CursorBefore: d.before.pos(), CursorAfter: d.after.pos(),
		Changes: d.changes,
	}
	if s.labels != nil {
		n.Label = s.labels.byNode[i]
	}
	for _, c := range d.changes {
		n.Added += len(c.New)
		n.Deleted += len(c.Old)
	}
	return n
}

func (s *Snapshot) find(seq int) nid {
	if seq <= 0 || s.st.n == 0 {
		return 0
	}
	return s.st.find(seq)
}

// Node returns the change with sequence number seq.
func (s Snapshot) Node(seq int) (Node, bool) {
	i := s.find(seq)
	if i == 0 {
		return Node{}, false
	}
	return s.node(i), true
}

// Nodes iterates the changes in sequence (creation) order.
func (s Snapshot) Nodes() iter.Seq[Node] {
	return func(yield func(Node) bool) {
		for i := nid(1); int(i) < s.st.n; i++ {
			if s.st.m(i).dead {
				continue
			}
			if !yield(s.node(i)) {
				return
			}
		}
	}
}

// Children returns the sequence numbers of the children of seq (0: the
// root) in order, preferred first.
func (s Snapshot) Children(seq int) []int {
	var first nid
	if seq == 0 {
		first = s.oldhead
	} else if i := s.find(seq); i != 0 {
		first = s.st.m(i).prev
	}
	var out []int
	for c := first; c != 0; c = s.st.m(c).altNext {
		out = append(out, s.st.m(c).seq)
	}
	return out
}

// Gen is the snapshot's generation: it grows with every snapshot taken of
// the tree, so a reader can tell a newer view from an older one.
func (s Snapshot) Gen() uint64 { return s.gen }

// Text is the buffer's text when the snapshot was taken.
func (s Snapshot) Text() buffer.Rope { return s.text }

// Len is the number of changes (nodes).
func (s Snapshot) Len() int { return s.numhead }

// Current is the sequence number of the state the text belongs to (0: the
// root).
func (s Snapshot) Current() int { return s.seqOf(s.phys) }

// Saved is the sequence number of the state last written to the file (0:
// the root), or -1 when that state is no longer in the tree.
func (s Snapshot) Saved() int {
	if !s.savedKnown {
		return -1
	}
	return s.seqOf(s.saved)
}

// SeqCur, SeqLast, SaveCur, SaveLast and TimeCur are the tree's counters
// (see the Tree methods of the same names).
func (s Snapshot) SeqCur() int { return s.seqCur }

// SeqLast is the highest sequence number handed out.
func (s Snapshot) SeqLast() int { return s.seqLast }

// SaveCur is the write counter of the current state.
func (s Snapshot) SaveCur() int { return s.saveCur }

// SaveLast is the number of whole-file writes.
func (s Snapshot) SaveLast() int { return s.saveLast }

// TimeCur is Vim's time_cur.
func (s Snapshot) TimeCur() int64 { return s.timeCur }

// Modified is 'modified'.
func (s Snapshot) Modified() bool { return s.modified }

// Pruned is the number of changes kjx's limits removed.
func (s Snapshot) Pruned() int { return s.pruned }

// Redo is the sequence number of the change CTRL-R would redo, or 0.
func (s Snapshot) Redo() int {
	if s.phys == 0 {
		return s.seqOf(s.oldhead)
	}
	return s.seqOf(s.st.m(s.phys).prev)
}

// LabelSeq returns the sequence number of the state named name.
func (s Snapshot) LabelSeq(name string) (int, bool) {
	if s.labels == nil {
		return 0, false
	}
	i, ok := s.labels.byName[name]
	if !ok {
		return 0, false
	}
	return s.seqOf(i), true
}

// TextAt computes the text of state seq (0: the root) from the snapshot's
// text: undo up to the common ancestor, then redo down. It never touches
// the live tree.
func (s Snapshot) TextAt(seq int) (buffer.Rope, error) {
	return s.TextFrom(s.text, s.Current(), seq)
}

// TextFrom computes the text of state seq from text, the text of state
// from: the changes on the path between the two states, up to their
// common ancestor and down again, applied in one batch. A reader that
// walks from state to state (the undo panel's live preview, :undograb)
// pays for the path between neighbours, not for the way back to the
// snapshot's own text. text must be state from's text.
func (s Snapshot) TextFrom(text buffer.Rope, from, seq int) (buffer.Rope, error) {
	var a, target nid
	if seq != 0 {
		if target = s.find(seq); target == 0 {
			return buffer.Rope{}, fmt.Errorf("undo: snapshot has no change #%d", seq)
		}
	}
	if from != 0 {
		if a = s.find(from); a == 0 {
			return buffer.Rope{}, fmt.Errorf("undo: snapshot has no change #%d", from)
		}
	}
	b := target
	da, db := depthOf(&s.st, s.rootDepth, a), depthOf(&s.st, s.rootDepth, b)
	var cs []buffer.Change
	var down []nid
	for da > db {
		cs = appendChanges(cs, s.data(a).changes, true)
		a = s.st.m(a).next
		da--
	}
	for db > da {
		down = append(down, b)
		b = s.st.m(b).next
		db--
	}
	for a != b {
		cs = appendChanges(cs, s.data(a).changes, true)
		a = s.st.m(a).next
		down = append(down, b)
		b = s.st.m(b).next
	}
	for i := len(down) - 1; i >= 0; i-- {
		cs = append(cs, s.data(down[i]).changes...)
	}
	if len(cs) == 0 {
		return text, nil
	}
	r, err := text.ApplyAll(cs)
	if err != nil {
		return buffer.Rope{}, fmt.Errorf("undo: text of change #%d: %w", seq, err)
	}
	return r, nil
}

func depthOf(st *store, rootDepth int32, i nid) int32 {
	if i == 0 {
		return rootDepth
	}
	return st.m(i).depth
}

// lca is the lowest common ancestor of a and b (0: the root).
func lca(st *store, rootDepth int32, a, b nid) nid {
	da, db := depthOf(st, rootDepth, a), depthOf(st, rootDepth, b)
	for ; da > db; da-- {
		a = st.m(a).next
	}
	for ; db > da; db-- {
		b = st.m(b).next
	}
	for a != b {
		a, b = st.m(a).next, st.m(b).next
	}
	return a
}
