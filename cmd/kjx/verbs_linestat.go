package main

// The lines each state of a history added and deleted, for kjx history.

import (
	"context"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
)

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
	pre, suf := linediff.CommonEnds(a, b)
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
