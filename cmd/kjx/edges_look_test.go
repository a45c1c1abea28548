package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEdgeReadOnlyLook: a run that changes nothing, or only moves in the
// history, leaves the undo file byte for byte as it was, and the next
// open offers nothing as recovered; a run that moves and writes the
// file writes the undo file.
func TestEdgeReadOnlyLook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it: skipped with -short")
	}
	w := newEdgeWorld(t, kjxBin.Path(t))
	w.write("f.txt", "base\n")
	texts := w.history("f.txt", " 1", " 2", " 3")
	names := w.undoFiles()
	if len(names) != 1 {
		t.Fatalf("undo files %q", names)
	}
	undoFile := filepath.Join(w.udir, names[0])
	before, err := os.ReadFile(undoFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, look := range [][]string{
		{"-c", "%p"},
		{"-c", "undo 1", "-c", "%p"},
		{"--keys", "uu", "-c", "redo"},
		{"-c", "earlier 2", "-c", "later 1", "-c", "undolist"},
	} {
		w.ok(append(look, "f.txt")...)
		if after, _ := os.ReadFile(undoFile); string(after) != string(before) {
			t.Errorf("kjx %q changed the undo file", look)
		}
		snaps := w.ok("-c", "messages", "f.txt")
		for _, line := range snaps[0].Output {
			if strings.Contains(line, "recovered") {
				t.Errorf("after kjx %q the next open says %q", look, line)
			}
		}
	}
	w.reachable("f.txt", texts)
	// Naming a state is a change of the history, not a look.
	w.ok("-c", "undo 2", "-c", "checkpoint two", "f.txt")
	if snaps := w.ok("-c", "undo two", "f.txt"); strings.Join(snaps[0].Lines, "\n") != texts[2] {
		t.Errorf(":undo two after :checkpoint two: %q", snaps[0].Lines)
	}
	before, _ = os.ReadFile(undoFile)
	// A move then a write: the write is the user's, the undo file follows.
	w.ok("-c", "undo 1", "-c", "w", "f.txt")
	if after, _ := os.ReadFile(undoFile); string(after) == string(before) {
		t.Error("a move and :w left the undo file as it was")
	}
	if got := w.read(filepath.Join(w.dir, "f.txt")); got != texts[1]+"\n" {
		t.Errorf("f.txt %q", got)
	}
}
