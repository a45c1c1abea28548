package editor

import (
	"testing"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// TestUndoNodeCap checks the cap is max(max_entries, undolevels+1).
func TestUndoNodeCap(t *testing.T) {
	tests := []struct {
		maxEntries, levels, want int
	}{
		{0, 1000, undo.DefaultMaxNodes},
		{0, 200000, 200001},
		{0, -1, undo.DefaultMaxNodes},
		{50, 10, 50},
		{50, 100, 101},
		{20000, 1000, 20000},
	}
	for _, tc := range tests {
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
		if tc.maxEntries != 0 {
			e.SetUndoMaxNodes(tc.maxEntries)
		}
		e.opt.UndoLevels = tc.levels
		if got := e.undoNodeCap(); got != tc.want {
			t.Errorf("max_entries %d, undolevels %d: cap %d, want %d", tc.maxEntries, tc.levels, got, tc.want)
		}
	}
}

// TestUndoLevelsBeyondNodeCap makes more changes than the default node cap
// in a buffer created after ":set undolevels=…" and checks every level is
// kept and reachable.
func TestUndoLevelsBeyondNodeCap(t *testing.T) {
	n := undo.DefaultMaxNodes + 200
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
	e.ExecEx("set undolevels=200000")
	e.ExecEx("enew!")
	for i := 0; i < n; i++ {
		e.Feed(MustParseKeys("ix<Esc>"), true)
	}
	tree := e.buf().tree
	if tree.Len() != n {
		t.Fatalf("tree keeps %d nodes after %d changes, want all", tree.Len(), n)
	}
	e.ExecEx("undo 0")
	if got := e.text().Len(); got != 0 {
		t.Fatalf("after :undo 0 the text has %d bytes, want 0", got)
	}
}

// TestUndoLevelsRaiseOpenBuffer raises 'undolevels' in a buffer that is
// already open: its tree must keep more nodes than the default cap too.
func TestUndoLevelsRaiseOpenBuffer(t *testing.T) {
	n := undo.DefaultMaxNodes + 200
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
	e.ExecEx("set undolevels=200000")
	for i := 0; i < n; i++ {
		e.Feed(MustParseKeys("ix<Esc>"), true)
	}
	if got := e.buf().tree.Len(); got != n {
		t.Fatalf("tree keeps %d nodes after %d changes, want all", got, n)
	}
	e.ExecEx("undo 0")
	if got := e.text().Len(); got != 0 {
		t.Fatalf("after :undo 0 the text has %d bytes, want 0", got)
	}
}
