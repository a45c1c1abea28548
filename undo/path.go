package undo

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// The path of a movement, for callers that move positions with the text as
// Vim's u_undoredo moves marks: Vim undoes and redoes one header at a time,
// and every entry of a header whose line count changes moves the marks
// (mark_adjust). The tree applies the same changes when it moves, so it
// can report the line range of each as it goes, with no second pass over
// the text.

// LineEntry is one of Vim's undo entries in 0-based lines: lines
// Top..Top+OldSize-1 of the text it applied to became NewSize lines.
type LineEntry struct {
	Top, OldSize, NewSize int
}

// PathStep is one node a movement undid (Back) or redid, with the entries
// it applied that changed the number of lines, in order (the ones that
// move marks; an entry that keeps its line count is left out).
type PathStep struct {
	Seq     int
	Back    bool
	Entries []LineEntry
}

// pathLog is what the last movement did, node by node, when tracking is on.
type pathLog struct {
	on      bool
	steps   []PathStep
	entries []LineEntry // backing store of the steps' Entries
}

// TrackPath makes the following movements record their path (LastPath).
// It is off in a new tree: recording costs a few line lookups per change.
func (t *Tree) TrackPath(on bool) {
	t.path.on = on
	t.path.reset()
}

// LastPath returns the nodes the last movement undid and redid, in the
// order it did, each with the entries it applied; nil when tracking is off
// or the movement did not move. Valid until the next movement.
func (t *Tree) LastPath() []PathStep { return t.path.steps }

// reset empties the log for the next movement. The old steps are not
// cleared: their Entries point into entries, which the log keeps anyway,
// and clearing a path across a long history cost more than the movement.
func (p *pathLog) reset() {
	p.steps = p.steps[:0]
	p.entries = p.entries[:0]
}

// begin starts the record of step s.
func (t *Tree) pathBegin(s step) {
	if t.path.on {
		t.path.steps = append(t.path.steps, PathStep{Seq: t.st.m(s.n).seq, Back: s.back})
	}
}

// pathChange records that the current step applies c to r, when c
// changes the number of lines: an entry that keeps it (every change with
// as many line breaks as it removes, see LineEntryOf) moves nothing, and
// skipping it saves a line lookup per change of a long movement.
func (t *Tree) pathChange(r buffer.Rope, c buffer.Change) {
	if t.path.on && strings.Count(c.Old, "\n") != strings.Count(c.New, "\n") {
		t.pathEntry(LineEntryOf(r, c))
	}
}

// pathEntry adds e to the current step.
func (t *Tree) pathEntry(e LineEntry) {
	p := &t.path
	if !p.on || len(p.steps) == 0 || e.OldSize == e.NewSize {
		return
	}
	p.entries = append(p.entries, e)
	st := &p.steps[len(p.steps)-1]
	// The step's entries are the last ones added; re-slice from the
	// backing store, which may have moved.
	n := len(st.Entries) + 1
	st.Entries = p.entries[len(p.entries)-n : len(p.entries) : len(p.entries)]
}

// LineEntryOf sees change c, applied to r, as Vim's entry: a change at a
// line start whose texts end in '\n' (or are empty) replaces exactly its
// whole lines; one at a line end whose texts start with '\n' and which
// ends at a line end replaces the whole lines after that line; any other
// change replaces every line it touches.
func LineEntryOf(r buffer.Rope, c buffer.Change) LineEntry {
	no, nn := strings.Count(c.Old, "\n"), strings.Count(c.New, "\n")
	l := r.LineOf(min(c.Off, r.Len()))
	if c.Old == "" && c.New == "" {
		return LineEntry{Top: l, OldSize: 1, NewSize: 1}
	}
	endsNL := func(s string) bool { return s == "" || s[len(s)-1] == '\n' }
	startsNL := func(s string) bool { return s == "" || s[0] == '\n' }
	if endsNL(c.Old) && endsNL(c.New) && r.LineStart(l) == c.Off {
		return LineEntry{Top: l, OldSize: no, NewSize: nn}
	}
	if startsNL(c.Old) && startsNL(c.New) && c.Off == lineEndOff(r, l) {
		end := c.Off + len(c.Old)
		if end == r.Len() || r.ByteAt(end) == '\n' {
			return LineEntry{Top: l + 1, OldSize: no, NewSize: nn}
		}
	}
	return LineEntry{Top: l, OldSize: no + 1, NewSize: nn + 1}
}

// lineEndOff is the offset of the end of line l of r (its '\n' or the end
// of the text).
func lineEndOff(r buffer.Rope, l int) int {
	if l+1 < lineCount(r) {
		return r.LineStart(l+1) - 1
	}
	return r.Len()
}
