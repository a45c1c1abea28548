package editor

import (
	"context"
	"testing"

	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// TestRevertHunk applies the second hunk of the diff from the current
// text to state 1 as a new step of source restore, and u takes it back.
func TestRevertHunk(t *testing.T) {
	e := newTestEditor("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n")
	feedSteps(t, e, "ggrA", "GrJ") // state 1: A at the top; state 2: J at the end
	feedSteps(t, e, "ggrX")        // state 3
	tr := e.buf().tree
	s := tr.Snapshot()
	one, _ := s.TextAt(1)
	res, err := linediff.Ropes(context.Background(), e.text(), one, linediff.Options{})
	if err != nil || len(res.Hunks) != 2 {
		t.Fatalf("%d hunks, %v", len(res.Hunks), err)
	}
	// The second hunk: line 10 back to "j".
	c := linediff.HunkChange(res.OldText, res.NewText, res.Hunks[1])
	e.RevertHunk(Revert{From: 1, Change: c, Text: res.OldText})
	if got := e.text().String(); got != "X\nb\nc\nd\ne\nf\ng\nh\ni\nj" {
		t.Fatalf("after the revert: %q", got)
	}
	if tr.SeqLast() != 4 || tr.Current() != 4 {
		t.Fatalf("the revert is not one new state: #%d/%d", tr.Current(), tr.SeqLast())
	}
	if n, _ := tr.Snapshot().Node(4); n.Source != undo.SourceRestore {
		t.Errorf("source %v, want restore", n.Source)
	}
	if e.win.cur.Line != 9 {
		t.Errorf("cursor on line %d, want the hunk's (9)", e.win.cur.Line)
	}
	e.UndoAnyMode()
	if got := e.text().String(); got != "X\nb\nc\nd\ne\nf\ng\nh\ni\nJ" {
		t.Fatalf("u did not take the revert back: %q", got)
	}
	// A stale diff applies nothing.
	e.TakeMessages()
	e.RevertHunk(Revert{From: 1, Change: c, Text: one})
	if m := e.TakeMessages(); len(m) != 1 || m[0].Text != errRevertStale.Error() || tr.SeqLast() != 4 {
		t.Errorf("stale revert: %v, #%d", m, tr.SeqLast())
	}
}
