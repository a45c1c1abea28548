package editor

import (
	"fmt"
	"testing"
)

// TestUndoPath checks the headers a movement undoes and redoes on a tree
// with branches: 1 → 2 → 3, and 4 from 1 (after undoing 3 and 2), 5
// from the root.
func TestUndoPath(t *testing.T) {
	e := newTestEditor("a\n")
	for _, k := range []string{"x", "ib<Esc>", "ic<Esc>", "u", "u", "id<Esc>", ":undo 0<CR>", "ie<Esc>"} {
		feedSteps(t, e, k)
	}
	s := e.buf().tree.Snapshot()
	tests := []struct {
		from, to int
		want     string
	}{
		{3, 3, "[]"},
		{3, 2, "[{3 true}]"},
		{2, 3, "[{3 false}]"},
		{3, 4, "[{3 true} {2 true} {4 false}]"},
		{4, 3, "[{4 true} {2 false} {3 false}]"},
		{5, 3, "[{5 true} {1 false} {2 false} {3 false}]"},
		{3, 0, "[{3 true} {2 true} {1 true}]"},
		{0, 4, "[{1 false} {4 false}]"},
		{3, 99, "[]"}, // not in the tree
	}
	for _, tc := range tests {
		got := fmt.Sprint(undoPath(s, tc.from, tc.to))
		if got != tc.want {
			t.Errorf("undoPath(%d, %d) = %s, want %s", tc.from, tc.to, got, tc.want)
		}
	}
}
