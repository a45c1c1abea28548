package main

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// verbHistory prints one line per state of the file's history: seq,
// time, lines added and deleted by the change, its source, its label and
// its marks (the write that saved it, the state on disk, the unsaved
// state kjx was last in).
func verbHistory(env verbEnv, name string) error {
	h, err := loadHistory(env, name)
	if err != nil {
		return err
	}
	var counts [][2]int // by index in h.img.Nodes
	if h.texts {
		w, err := h.walkToRoot()
		if err != nil {
			return err
		}
		if counts, err = lineCounts(w); err != nil {
			return fmt.Errorf("undo file of %s: corrupt (%v)", name, err)
		}
	} else {
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(h.errNoTexts().Error())+"; line counts unknown")
	}
	h.last = h.img.TextState()
	p := historyPrinter{w: bufio.NewWriterSize(env.stdout, 64<<10), width: max(len(strconv.Itoa(h.img.SeqLast)), len("seq"))}
	p.header()
	root := "oldest state"
	if h.img.Pruned > 0 {
		root += fmt.Sprintf(" (%d older states folded into it)", h.img.Pruned)
	}
	p.row(0, 0, nil, "", append([]string{root}, h.marks(0)...))
	for i := range h.img.Nodes {
		n := &h.img.Nodes[i]
		var c *[2]int
		if counts != nil {
			c = &counts[i]
		}
		var extra []string
		if n.Label != "" {
			extra = append(extra, "«"+terminalSafe(n.Label)+"»")
		}
		p.row(n.Seq, n.Time, c, n.Source.String(), append(extra, h.marks(n.Seq)...))
	}
	return p.w.Flush()
}

// historyPrinter writes the lines of kjx history in fixed columns: seq,
// time, lines, source, then the label and marks.
type historyPrinter struct {
	w     *bufio.Writer
	width int    // of the seq column
	buf   []byte // the line being built
	// stamp is the time column of when: states made in the same second
	// share it.
	when  int64
	stamp []byte
}

// Column widths, in characters (the counts hold a '−').
const (
	timeWidth   = len("2006-01-02 15:04:05")
	linesWidth  = 13
	sourceWidth = 8
)

func (p *historyPrinter) header() {
	b := appendPadded(p.buf[:0], "seq", p.width, true)
	b = appendPadded(append(b, "  "...), "time", timeWidth, false)
	b = appendPadded(append(b, "  "...), "lines", linesWidth, false)
	b = appendPadded(append(b, "  "...), "source", sourceWidth, false)
	p.flush(append(b, "  label, marks"...))
}

// row prints one state: when is its Unix time (0: none, the root), c its
// line counts (nil: unknown, "?"; the root has none).
func (p *historyPrinter) row(seq int, when int64, c *[2]int, source string, extra []string) {
	b := appendPadded(p.buf[:0], strconv.Itoa(seq), p.width, true)
	b = append(b, "  "...)
	if when != 0 {
		if when != p.when {
			p.when, p.stamp = when, time.Unix(when, 0).AppendFormat(p.stamp[:0], "2006-01-02 15:04:05")
		}
		b = append(b, p.stamp...)
	} else {
		b = append(b, strings.Repeat(" ", timeWidth)...)
	}
	b = append(b, "  "...)
	col := len(b)
	switch {
	case seq == 0:
	case c == nil:
		b = append(b, '?')
	default:
		b = strconv.AppendInt(append(b, '+'), int64(c[0]), 10)
		b = strconv.AppendInt(append(b, " −"...), int64(c[1]), 10)
	}
	b = appendPadded(b, "", linesWidth-utf8.RuneCount(b[col:]), false)
	b = appendPadded(append(b, "  "...), source, sourceWidth, false)
	b = append(b, "  "...)
	for i, e := range extra {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, e...)
	}
	p.flush(b)
}

// flush writes the line without trailing blanks.
func (p *historyPrinter) flush(b []byte) {
	p.buf = b
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	p.w.Write(b)
	p.w.WriteByte('\n')
}

// appendPadded appends s padded with blanks to n characters, on the left
// when right is set.
func appendPadded(b []byte, s string, n int, right bool) []byte {
	fill := max(n-utf8.RuneCountInString(s), 0)
	if !right {
		b = append(b, s...)
	}
	for range fill {
		b = append(b, ' ')
	}
	if right {
		b = append(b, s...)
	}
	return b
}

// marks describes what is special about state seq.
func (h *fileHistory) marks(seq int) []string {
	var m []string
	if n := h.node(seq); n != nil && n.SaveNr > 0 {
		m = append(m, "written ("+strconv.Itoa(n.SaveNr)+")")
	}
	if seq == h.saved {
		if h.moved {
			m = append(m, "was on disk")
		} else {
			m = append(m, "on disk")
		}
	}
	if seq == h.last && h.last != h.saved {
		m = append(m, "unsaved, last state")
	}
	return m
}

// lineCounts returns the lines each state of w's image added and deleted
// against its parent, by index in the image's Nodes. w holds the root's
// text; it walks the tree depth first with that one text edited in
// place: entering a state applies its changes, and going back to a
// branch point applies their inverses. The largest branch is taken last,
// so each change is applied once forward and only those of the smaller
// branches once back; no text is ever copied. Most states are one change
// within a line, which lineStatQuick counts from the change alone; the
// others read their parent's touched lines from the text before
// applying. A change that does not fit its text is an error.
func lineCounts(w *treeWalk) ([][2]int, error) {
	img := w.img
	out := make([][2]int, len(img.Nodes))
	sizes := w.subtreeSizes()
	var stack []int // indexes in img.Nodes of the states to visit
	stack = w.pushChildren(stack, img.RootChildren, sizes)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &img.Nodes[k]
		if err := w.backTo(w.index(n.Parent)); err != nil {
			return nil, err
		}
		before := w.text.Len()
		after := before
		for _, c := range n.Changes {
			after += len(c.New) - len(c.Old)
		}
		a, d, ok := lineStatQuick(n.Changes, before, after)
		if !ok {
			var err error
			if a, d, err = lineStat(w.text.Borrow(), n.Changes); err != nil {
				return nil, fmt.Errorf("state #%d: %v", n.Seq, err)
			}
		}
		if err := w.enter(k); err != nil {
			return nil, err
		}
		out[k] = [2]int{a, d}
		stack = w.pushChildren(stack, n.Children, sizes)
	}
	return out, nil
}

// pushChildren pushes the states of children onto the stack of states
// to visit, the one with the largest subtree first, so that it is
// visited last: nothing after it needs its changes undone, and the long
// line of a history is walked down once instead of down and back up.
func (w *treeWalk) pushChildren(stack, children []int, sizes []int32) []int {
	heaviest := -1
	for _, c := range children {
		if k := w.index(c); heaviest < 0 || sizes[k] > sizes[heaviest] {
			heaviest = k
		}
	}
	if heaviest < 0 {
		return stack
	}
	stack = append(stack, heaviest)
	for _, c := range slices.Backward(children) {
		if k := w.index(c); k != heaviest {
			stack = append(stack, k)
		}
	}
	return stack
}

// subtreeSizes returns the number of states in the subtree of each
// state, by index in img.Nodes. Parents are older than their children,
// so one pass from the newest state adds each subtree to its parent.
func (w *treeWalk) subtreeSizes() []int32 {
	nodes := w.img.Nodes
	sizes := make([]int32, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		sizes[i]++
		if p := w.index(nodes[i].Parent); p >= 0 && p < i {
			sizes[p] += sizes[i]
		}
	}
	return sizes
}

// treeWalk is a text that moves through the states of an undo tree one
// edge at a time, edited in place.
type treeWalk struct {
	img  *undo.Image
	text *buffer.Transient
	cur  int // index in img.Nodes of the state text holds; -1: the root
}

// walkToRoot returns a walk holding the root's text, reached from the
// saved state's text by undoing every change on the way: the first
// anchor candidate that the changes fit becomes the only one, as in
// textAt.
func (h *fileHistory) walkToRoot() (*treeWalk, error) {
	var err error
	for i, anchor := range h.candidates {
		w := &treeWalk{img: &h.img, text: anchor.Transient(), cur: -1}
		w.cur = w.index(h.saved)
		if err = w.backTo(-1); err == nil {
			if len(h.candidates) > 1 || !h.flagsSet {
				h.candidates = h.candidates[i : i+1]
				h.setFlags(anchor, h.savedDisk)
				h.flagsSet = true
			}
			return w, nil
		}
	}
	return nil, fmt.Errorf("undo file %s: corrupt (%v); history not loaded", h.undoName, err)
}

// index returns the index in img.Nodes of seq, which must be there (-1
// for the root, 0). Seqs are sorted and usually contiguous, so the first
// guess is nearly always right.
func (w *treeWalk) index(seq int) int {
	if seq == 0 {
		return -1
	}
	nodes := w.img.Nodes
	if len(nodes) == 0 {
		return 0
	}
	if i := seq - nodes[0].Seq; i >= 0 && i < len(nodes) && nodes[i].Seq == seq {
		return i
	}
	return sort.Search(len(nodes), func(i int) bool { return nodes[i].Seq >= seq })
}

// enter moves the text from a state to its child k.
func (w *treeWalk) enter(k int) error {
	n := &w.img.Nodes[k]
	for _, c := range n.Changes {
		if err := w.text.Apply(c); err != nil {
			return fmt.Errorf("state #%d: %v", n.Seq, err)
		}
	}
	w.cur = k
	return nil
}

// backTo moves the text up from the current state to its ancestor k
// (-1: the root), undoing the changes on the way.
func (w *treeWalk) backTo(k int) error {
	for w.cur != k {
		if w.cur < k {
			return fmt.Errorf("state #%d: not below the state being walked", w.img.Nodes[k].Seq)
		}
		n := &w.img.Nodes[w.cur]
		for i := len(n.Changes) - 1; i >= 0; i-- {
			if err := w.text.Apply(n.Changes[i].Inverse()); err != nil {
				return fmt.Errorf("state #%d: %v", n.Seq, err)
			}
		}
		w.cur = w.index(n.Parent)
	}
	return nil
}

// lineStatQuick counts what lineStat would for the common state that
// makes one change inside one line (typing, x, r, ~): that line changed,
// or appeared in an empty text, or was its last and went. ok is false for
// anything else, which needs the texts.
func lineStatQuick(cs []buffer.Change, before, after int) (added, deleted int, ok bool) {
	if len(cs) != 1 || strings.IndexByte(cs[0].Old, '\n') >= 0 || strings.IndexByte(cs[0].New, '\n') >= 0 {
		return 0, 0, false
	}
	switch {
	case cs[0].Old == cs[0].New:
		return 0, 0, true
	case before == 0:
		return 1, 0, true
	case after == 0:
		return 0, 1, true
	}
	return 1, 1, true
}

// lineStat returns the lines added and deleted by changes applied to
// before: a line diff of the whole lines the changes touch (a changed
// line counts as one deleted and one added, as in git; an empty text has
// no lines). Only those lines are read from before; the changes are
// applied to them as a string.
func lineStat(before buffer.Rope, changes []buffer.Change) (added, deleted int, err error) {
	if len(changes) == 0 {
		return 0, 0, nil
	}
	// The span of the text after the changes that they produced, and how
	// much longer that text is than before.
	lo, hi, delta := -1, -1, 0
	for _, c := range changes {
		end, d := c.Off+len(c.Old), len(c.New)-len(c.Old)
		nhi := c.Off + len(c.New)
		if lo < 0 {
			lo, hi = c.Off, nhi
		} else {
			lo = min(lo, c.Off)
			switch {
			case hi >= end:
				hi += d
			case hi > c.Off:
				hi = nhi
			}
			hi = max(hi, nhi)
		}
		delta += d
	}
	if lo < 0 || hi-delta > before.Len() || lo > hi-delta {
		return 0, 0, fmt.Errorf("changes outside the text")
	}
	start, end := 0, 0
	if before.Len() > 0 {
		start, end = before.LineStart(before.LineOf(lo)), before.LineEnd(before.LineOf(hi-delta))
	}
	region := before.SliceString(start, end)
	oldLines := lines(region, before.Len() == 0)
	for _, c := range changes {
		off := c.Off - start
		if off < 0 || off+len(c.Old) > len(region) || region[off:off+len(c.Old)] != c.Old {
			return 0, 0, fmt.Errorf("a change does not match its text")
		}
		region = region[:off] + c.New + region[off+len(c.Old):]
	}
	newLines := lines(region, before.Len()+delta == 0)
	if a, d, ok := insertedOrDeleted(oldLines, newLines); ok {
		return a, d, nil
	}
	res, err := linediff.Lines(context.Background(), oldLines, newLines, linediff.Options{Context: -1})
	if err != nil {
		return len(newLines), len(oldLines), nil
	}
	return res.Added, res.Deleted, nil
}

// insertedOrDeleted counts the lines added and deleted from a to b when
// b is a with lines inserted in one place, or a with lines deleted from
// one place: what most states that are not one change inside a line do
// (o, dd, p of whole lines). The count is then the only minimal one, the
// one a diff gives. ok is false otherwise.
func insertedOrDeleted(a, b []string) (added, deleted int, ok bool) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	if pre+suf < min(len(a), len(b)) {
		return 0, 0, false
	}
	return len(b) - pre - suf, len(a) - pre - suf, true
}

// lines splits a region of whole lines; the text of an empty buffer has
// none.
func lines(region string, emptyText bool) []string {
	if emptyText {
		return nil
	}
	return strings.Split(region, "\n")
}
