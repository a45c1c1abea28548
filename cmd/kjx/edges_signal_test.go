package main

import (
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestEdgeSignals: SIGHUP, SIGTERM and SIGQUIT sent to kjx in a terminal
// with unsaved typing (the last of it still in Insert mode, seconds before
// the save timer): kjx exits 128+signal with the terminal restored, and
// the next start has every state, the file on disk untouched.
func TestEdgeSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it in tmux: skipped with -short")
	}
	bin := kjxBin.Path(t)
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			w := newEdgeWorld(t, bin)
			w.write("a.txt", "base\n")
			term := w.startTerm("a.txt")
			term.waitText("base")
			term.insert("A", " one", false)
			term.insert("A", " two", false)
			term.insert("A", " three", true)
			if err := syscall.Kill(term.pid(), sig); err != nil {
				t.Fatal(err)
			}
			if code := term.waitExit(); code != 128+int(sig) {
				t.Errorf("exit status %d, want %d", code, 128+int(sig))
			}
			if alt := term.format("#{alternate_on}"); alt != "0" {
				t.Errorf("the terminal was left in the alternate screen (alternate_on=%s)", alt)
			}
			texts := []string{"base", "base one", "base one two", "base one two three"}
			edgeAllStates(w, "a.txt", texts, "base\n")
		})
	}
}

// edgeAllStates checks, in a new headless process, that :undo N shows
// texts[N] for every state and that name holds disk.
func edgeAllStates(w *edgeWorld, name string, texts []string, disk string) {
	w.t.Helper()
	var args []string
	for n := range texts {
		args = append(args, "-c", "undo "+strconv.Itoa(n))
	}
	snaps := w.ok(append(args, name)...)
	for n, s := range snaps {
		if got := strings.Join(s.Lines, "\n"); got != texts[n] {
			w.t.Errorf("%s: :undo %d shows %q, want %q", name, n, got, texts[n])
		}
	}
	if got := w.read(w.dir + "/" + name); got != disk {
		w.t.Errorf("%s on disk: %q, want %q", name, got, disk)
	}
}
