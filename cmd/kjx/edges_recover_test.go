package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestEdgeRecovery: buffers that have no undo file (a new file never
// written, an unnamed buffer) survive a kill -9 through their recovery
// files: `kjx -r` lists them, `kjx -r FILE|ID` brings every state back,
// a write removes the recovery file, and an accidental :q! is
// recoverable too.
func TestEdgeRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it in tmux: skipped with -short")
	}
	bin := kjxBin.Path(t)
	texts := []string{"", "one", "one\ntwo", "one\ntwo\nthree"}
	t.Run("kill -9 on a new file", func(t *testing.T) {
		w := newRecoveryWorld(t, bin)
		typeThree(w, w.startTerm("new.txt"), "new.txt", syscall.SIGKILL)
		w.recoverStates("new.txt", texts)
		// The buffer is named as typed, as by `vim -r new.txt`.
		if snaps := w.ok("-r", "new.txt", "-c", "file"); len(snaps) == 0 || len(snaps[0].Messages) == 0 ||
			!strings.HasPrefix(snaps[0].Messages[0], `"new.txt" `) {
			t.Errorf("kjx -r new.txt then :file: %+v, want the name new.txt", snaps)
		}
		// Written: the undo file holds the history, the recovery file goes.
		w.ok("-r", "new.txt", "-c", "later 3", "-c", "w")
		if list := w.recoverList(); strings.Contains(list, "new.txt") {
			t.Errorf("after :w, kjx -r still lists new.txt:\n%s", list)
		}
		edgeAllStates(w.edgeWorld, "new.txt", texts, "one\ntwo\nthree\n")
	})
	t.Run("kill -9 on an unnamed buffer", func(t *testing.T) {
		w := newRecoveryWorld(t, bin)
		typeThree(w, w.startTerm(), "(unnamed)", syscall.SIGKILL)
		id := regexp.MustCompile(`\(unnamed\) ([0-9-]+) `).FindStringSubmatch(w.recoverList())
		if id == nil {
			t.Fatalf("kjx -r names no unnamed buffer:\n%s", w.recoverList())
		}
		w.recoverStates(id[1], texts)
	})
	t.Run(":q! is recoverable", func(t *testing.T) {
		w := newRecoveryWorld(t, bin)
		term := w.startTerm("gone.txt")
		term.insert("i", "one", false)
		term.insert("o", "two", false)
		term.keys(":q!", "Enter")
		if code := term.waitExit(); code != 0 {
			t.Fatalf(":q! exit status %d", code)
		}
		w.recoverStates("gone.txt", texts[:3])
	})
}

// recoveryWorld is an edgeWorld whose configuration writes on a 1 s
// save timer.
type recoveryWorld struct{ *edgeWorld }

func newRecoveryWorld(t *testing.T, bin string) *recoveryWorld {
	w := newEdgeWorld(t, bin)
	cfg := filepath.Join(w.home, "config", "kjx", "config.toml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("[undo]\nsave_interval = \"1s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &recoveryWorld{w}
}

// typeThree types three lines into the buffer (the last still in Insert
// mode), waits until `kjx -r` lists all three states under what, and
// sends sig.
func typeThree(w *recoveryWorld, term *edgeTerm, what string, sig syscall.Signal) {
	w.t.Helper()
	term.insert("i", "one", false)
	term.insert("o", "two", false)
	term.insert("o", "three", true)
	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(w.recoverList(), `3 states  "one"`) {
		if time.Now().After(deadline) {
			w.t.Fatalf("the save timer wrote no recovery file with 3 states; kjx -r:\n%s", w.recoverList())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !strings.Contains(w.recoverList(), what) {
		w.t.Fatalf("kjx -r does not list %s:\n%s", what, w.recoverList())
	}
	if err := syscall.Kill(term.pid(), sig); err != nil {
		w.t.Fatal(err)
	}
	if code := term.waitExit(); code != 128+int(sig) {
		w.t.Fatalf("exit status %d, want %d", code, 128+int(sig))
	}
}

// recoverList is the output of `kjx -r`.
func (w *recoveryWorld) recoverList() string {
	w.t.Helper()
	if code, _, stderr := w.kjx("-r"); code != 0 || stderr != "" {
		w.t.Fatalf("kjx -r: exit %d, stderr %q", code, stderr)
	}
	return w.lastOut
}

// recoverStates checks that `kjx -r what` opens the original text with
// every state redo-able: :undo N shows texts[N].
func (w *recoveryWorld) recoverStates(what string, texts []string) {
	w.t.Helper()
	args := []string{"-r", what}
	for n := range texts {
		args = append(args, "-c", "undo "+strconv.Itoa(n))
	}
	snaps := w.ok(args...)
	for n, s := range snaps {
		if got := strings.Join(s.Lines, "\n"); got != texts[n] {
			w.t.Errorf("kjx -r %s: :undo %d shows %q, want %q", what, n, got, texts[n])
		}
	}
}
