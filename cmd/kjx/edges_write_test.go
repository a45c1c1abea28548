package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestEdgeWrites: :w! over an outside change keeps the outside version
// as a state, and :wall with a buffer that cannot be written writes the
// others and names each failure; real processes and files, each ending
// with every state reachable and the files complete.
func TestEdgeWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it: skipped with -short")
	}
	bin := kjxBin.Path(t)
	t.Run(":w! over an outside change", func(t *testing.T) {
		w := newEdgeWorld(t, bin)
		f := w.write("f.txt", "base\n")
		go func() { // the outside change lands during :sleep, with kjx's change unsaved
			time.Sleep(700 * time.Millisecond)
			os.WriteFile(f, []byte("base\nfrom outside\n"), 0o644)
		}()
		code, snaps, stderr := w.kjx("--headless", "--json", "--keys", "Amine<Esc>", "-c", "sleep 2", "-c", "w", "-c", "w!", "f.txt")
		if code != 1 || len(snaps) != 4 || !slices.ContainsFunc(snaps[2].Messages, func(m string) bool { return strings.HasPrefix(m, "WARNING:") }) {
			t.Fatalf("exit %d, stderr %q, %+v; want :w refused with the WARNING", code, stderr, snaps)
		}
		texts := []string{"base", "basemine", "base\nfrom outside", "basemine"}
		edgeAllStates(w, "f.txt", texts, "basemine\n")
		snaps = w.ok("-c", "undo 2", "f.txt") // the outside version is one u away from the write
		if got := strings.Join(snaps[0].Lines, "\n"); got != texts[2] {
			t.Errorf("state #2: %q", got)
		}
	})
	t.Run(":wall with a refused buffer", func(t *testing.T) {
		w := newEdgeWorld(t, bin)
		w.write("a.txt", "a\n")
		w.write("reg", "a regular file, not a directory\n")
		// 'hidden' keeps each modified buffer when the next is edited (:e!
		// would throw its changes away, as in Vim).
		code, snaps, _ := w.kjx("--headless", "--json", "-c", "set hidden", "-c", "normal! Ay", "-c", "e new.txt", "-c", "normal! inew",
			"-c", "file reg/x.txt", "-c", "e c.txt", "-c", "normal! ic", "-c", "xall", "-c", "wall", "a.txt")
		want := []string{`"a.txt" 1L, 3B written`, `"reg/x.txt" E212: Can't open file for writing: not a directory`, `"c.txt" [New] 1L, 2B written`}
		if len(snaps) > 0 {
			snaps = snaps[1:] // the :set
		}
		if code != 1 || len(snaps) != 8 || !slices.Equal(snaps[6].Messages, want) || !slices.Equal(snaps[7].Messages, want[1:2]) {
			t.Fatalf("exit %d, :xall said %q, :wall %q; want %q", code, snaps[len(snaps)-2].Messages, snaps[len(snaps)-1].Messages, want)
		}
		for name, body := range map[string]string{"a.txt": "ay\n", "c.txt": "c\n"} {
			if got := w.read(filepath.Join(w.dir, name)); got != body {
				t.Errorf("%s: %q, want %q", name, got, body)
			}
		}
		edgeAllStates(w, "a.txt", []string{"a", "ay"}, "ay\n")
	})
}
