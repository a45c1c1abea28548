package undo

import (
	"fmt"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestLineEntryOf checks how a change is seen as Vim's undo entry.
func TestLineEntryOf(t *testing.T) {
	text := "a\nbb\nccc\n"
	cases := []struct {
		name string
		c    buffer.Change
		want LineEntry
	}{
		{"inside a line", buffer.Change{Off: 2, Old: "b", New: "xy"}, LineEntry{Top: 1, OldSize: 1, NewSize: 1}},
		{"whole line deleted", buffer.Change{Off: 2, Old: "bb\n"}, LineEntry{Top: 1, OldSize: 1, NewSize: 0}},
		{"lines inserted at a line start", buffer.Change{Off: 2, New: "x\ny\n"}, LineEntry{Top: 1, OldSize: 0, NewSize: 2}},
		{"line opened below (o)", buffer.Change{Off: 4, New: "\nnew"}, LineEntry{Top: 2, OldSize: 0, NewSize: 1}},
		{"join", buffer.Change{Off: 4, Old: "\n", New: " "}, LineEntry{Top: 1, OldSize: 2, NewSize: 1}},
		{"split", buffer.Change{Off: 3, New: "\n"}, LineEntry{Top: 1, OldSize: 1, NewSize: 2}},
		{"last line deleted (dd)", buffer.Change{Off: 4, Old: "\nccc"}, LineEntry{Top: 2, OldSize: 1, NewSize: 0}},
		{"nothing changed", buffer.Change{Off: 3}, LineEntry{Top: 1, OldSize: 1, NewSize: 1}},
	}
	for _, c := range cases {
		r := buffer.FromString(text)
		if c.name == "last line deleted (dd)" {
			r = buffer.FromString("a\nbb\nccc")
		}
		if got := LineEntryOf(r, c.c); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestLastPath checks the path a movement reports: the nodes in the order
// undone and redone, each with its entries that change the line count,
// and nothing while tracking is off.
func TestLastPath(t *testing.T) {
	tr := New(buffer.FromString("a\nb\n"), Options{})
	edit := func(c buffer.Change) {
		t.Helper()
		if err := tr.Apply(c); err != nil {
			t.Fatal(err)
		}
		tr.Sync()
	}
	edit(buffer.Change{Off: 0, New: "x\n"})          // 1: a line added above
	edit(buffer.Change{Off: 2, Old: "a", New: "yy"}) // 2: inside line 1
	tr.Undo(1)
	edit(buffer.Change{Off: 4, Old: "b\n"}) // 3: line 2 deleted, a branch
	if p := tr.LastPath(); p != nil {
		t.Fatalf("untracked: LastPath = %+v", p)
	}
	tr.TrackPath(true)
	if res := tr.Goto(2); !res.Moved || res.Err != nil {
		t.Fatalf("Goto(2) = %+v", res)
	}
	want := []PathStep{
		{Seq: 3, Back: true, Entries: []LineEntry{{Top: 2, OldSize: 0, NewSize: 1}}},
		{Seq: 2}, // its entry keeps the line count: it moves no mark
	}
	got := tr.LastPath()
	if len(got) != len(want) {
		t.Fatalf("LastPath = %+v, want %+v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Seq != w.Seq || g.Back != w.Back || fmt.Sprint(g.Entries) != fmt.Sprint(w.Entries) {
			t.Errorf("step %d = %+v, want %+v", i, g, w)
		}
	}
	tr.Undo(1)
	if got := tr.LastPath(); len(got) != 1 || got[0].Seq != 2 || !got[0].Back {
		t.Errorf("after u: LastPath = %+v", got)
	}
}
