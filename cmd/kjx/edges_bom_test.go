package main

import (
	"path/filepath"
	"strings"
	"testing"
)

const bom = "\xef\xbb\xbf"

// TestEdgeBOM: a file written with 'bomb' (a byte order mark first) is
// hashed as the bytes on disk, BOM included, by the editor and by the
// command-line verbs alike: it reopens with its history current (no
// graft, nothing "recovered", u works), kjx restore accepts it, and an
// outside change is detected, to the text or to the BOM alone.
func TestEdgeBOM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it: skipped with -short")
	}
	w := newEdgeWorld(t, kjxBin.Path(t))
	f := w.write("f.txt", "a\n")
	w.ok("-c", "normal! A b", "-c", "set bomb", "-c", "w", "f.txt")
	if got := w.read(f); got != bom+"a b\n" {
		t.Fatalf("written with 'bomb': %q", got)
	}
	snaps := w.ok("-c", "set bomb?", "-c", "normal! u", "f.txt")
	if m := snaps[0].OpenMessages; len(m) != 0 {
		t.Errorf("reopening the file kjx wrote says %q, want nothing", m)
	}
	if snaps[0].Modified || len(snaps[0].Output) != 1 || strings.TrimSpace(snaps[0].Output[0]) != "bomb" {
		t.Errorf("reopened: modified %v, %q", snaps[0].Modified, snaps[0].Output)
	}
	if got := strings.Join(snaps[1].Lines, "\n"); got != "a" {
		t.Errorf("u shows %q, want %q", got, "a")
	}
	if code, _, stderr := w.kjx("restore", "f.txt@0"); code != 0 {
		t.Fatalf("kjx restore refused the file kjx wrote: %d %s", code, stderr)
	}
	if got := w.read(f); got != bom+"a\n" {
		t.Fatalf("restored: %q", got)
	}

	for _, c := range []struct{ name, disk, undone string }{
		{"the text", bom + "a c\n", "a"},
		{"the BOM alone", "a c\n", "a c"}, // u: the saved text, the grafted "a c" with its BOM
	} {
		w.write("f.txt", c.disk)
		snaps := w.ok("-c", "normal! u", "f.txt")
		if m := snaps[0].OpenMessages; len(m) != 1 || !strings.Contains(m[0], "changed since its history was saved: history kept") {
			t.Errorf("an outside change of %s: open messages %q", c.name, m)
		}
		if got := strings.Join(snaps[0].Lines, "\n"); got != c.undone {
			t.Errorf("an outside change of %s: u shows %q, want %q", c.name, got, c.undone)
		}
		if got := w.read(filepath.Join(w.dir, "f.txt")); got != c.disk {
			t.Errorf("the file was changed: %q", got)
		}
	}
}
