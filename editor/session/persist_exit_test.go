package session

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// openChanged opens n files in s, each typed into (never written), and
// returns their paths and the number of states each history has.
func openChanged(t *testing.T, p *persistEnv, s *Session, n int, name func(int) string) ([]string, []int) {
	t.Helper()
	var paths []string
	var states []int
	for i := range n {
		f := filepath.Join(p.root, name(i))
		if err := os.WriteFile(f, []byte("line\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := s.Editor().Open(f); err != nil {
			t.Fatal(err)
		}
		do(t, s, fmt.Sprintf("A%d<Esc>", i), "Ax<Esc>")
		paths = append(paths, f)
		states = append(states, s.Editor().Buffer().History().Len())
	}
	return paths, states
}

// busyWriter gives s's writer for dir a job that stays in progress until
// until() holds, or 5 s pass (then *stuck is set); it returns once the job
// is in progress.
func busyWriter(s *Session, dir string, until func() bool) *bool {
	stuck := new(bool)
	started := make(chan struct{})
	s.writer(dir).Schedule(undofile.Job{Path: "/busy", Disk: undofile.HashBytes(nil), Image: func() undo.Image {
		close(started)
		for deadline := time.Now().Add(5 * time.Second); !until(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				*stuck = true
				break
			}
		}
		return undo.Image{}
	}})
	<-started
	return stuck
}

// historyCount counts the undo files of dir that belong to paths.
func historyCount(dir string, paths []string) int {
	n := 0
	for _, f := range paths {
		c, _ := undofile.Canonical(f)
		if name, err := undofile.Locate(dir, c); err == nil {
			if _, err := os.Stat(name); err == nil {
				n++
			}
		}
	}
	return n
}

// TestExitWritesPastABusyWriter: at exit, while the writer is stuck in a
// slow write, the exiting goroutine writes every other history itself
// (the stuck write waits for them: left to the writer they would never
// come), no deadline drops any, and each reopens with all its states.
func TestExitWritesPastABusyWriter(t *testing.T) {
	p := newPersistEnv(t, "")
	s := p.session()
	const n = 12
	paths, states := openChanged(t, p, s, n, func(i int) string { return fmt.Sprintf("f%02d.txt", i) })
	stuck := busyWriter(s, p.dir, func() bool { return historyCount(p.dir, paths) == n })
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if *stuck {
		t.Fatalf("the histories were left to the busy writer: %d of %d on disk", historyCount(p.dir, paths), n)
	}
	for i, f := range paths {
		r := p.session()
		if err := r.Editor().Open(f); err != nil {
			t.Fatal(err)
		}
		if got := r.Editor().Buffer().History().Len(); got != states[i] {
			t.Errorf("%s: reopened with %d states, want %d", f, got, states[i])
		}
	}
}

// TestExitFinishesRetiredWriter: a writer retired by a new 'undodir' is
// finished at exit, not abandoned: the history it held is on disk when
// Close returns.
func TestExitFinishesRetiredWriter(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	s, _ := p.open()
	start := time.Now()
	busyWriter(s, p.dir, func() bool { return time.Since(start) > 100*time.Millisecond })
	do(t, s, "Ab<Esc>", ":w")
	do(t, s, ":set undodir="+filepath.Join(p.root, "undo2"))
	do(t, s, "Ac<Esc>", ":w")
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := os.Stat(p.undoFile()); err != nil {
		t.Fatalf("the retired writer's history: %v", err)
	}
}

// TestExitFailuresOneLineEach: every history and recovery file the exit
// cannot write is one error, one escaped line each (a file name cannot
// smuggle an escape sequence or a line break), also when they fail in
// Run's exit writes and are returned by Close; the text files are intact.
func TestExitFailuresOneLineEach(t *testing.T) {
	p := newPersistEnv(t, "")
	blocker := filepath.Join(p.root, "blocker")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p.dir = filepath.Join(blocker, "undo") // a file in the way: no undo directory, even for root
	s := p.session()
	names := []string{"plain.txt", "esc\x1b]0;PWNED\a\nnext.txt"}
	paths, _ := openChanged(t, p, s, len(names), func(i int) string { return names[i] })
	do(t, s, ":set hidden", ":enew", "Aunnamed<Esc>")
	if m := msgTexts(s.Editor().TakeMessages()); s.Editor().Buffer().Name() != "" {
		t.Fatalf(":enew: %q", m)
	}
	s.runPersist()() // Run's end: the failures wait for Close
	lines := ErrorLines(s.Close())
	if len(lines) != 3 {
		t.Fatalf("%d lines, want one per file (3):\n%s", len(lines), strings.Join(lines, "\n"))
	}
	for i, f := range paths {
		want := "history of " + strings.ReplaceAll(strings.ReplaceAll(f, "\x1b", "^["), "\a", "^G")
		want = strings.ReplaceAll(want, "\n", "^J")
		if !strings.HasPrefix(lines[i], want+" not saved: ") || !strings.Contains(lines[i], "not a directory") {
			t.Errorf("line %d = %q, want it to start %q and say why", i, lines[i], want)
		}
	}
	if !strings.HasPrefix(lines[2], "recovery data of ") {
		t.Errorf("line 2 = %q, want the unnamed buffer's recovery data", lines[2])
	}
	for _, l := range lines {
		if strings.ContainsAny(l, "\x1b\a\n") {
			t.Errorf("a raw control character on stderr: %q", l)
		}
	}
	for i, f := range paths {
		if got, _ := os.ReadFile(f); string(got) != "line\n" {
			t.Errorf("%s changed: %q (%d)", f, got, i)
		}
	}
}

// TestExitFailureThenSuccess: a history whose timer write failed but
// whose exit write succeeds is not reported.
func TestExitFailureThenSuccess(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	s, _ := p.open()
	fail := true
	s.persist.fault = func(step string) error {
		if fail && step == "rename" {
			return os.ErrPermission
		}
		return nil
	}
	do(t, s, "Ab<Esc>", ":w", ":sleep 1")
	if !hasPrefix(msgTexts(s.Editor().TakeMessages()), "W: undo file not written: ") {
		t.Fatal("the injected failure was not reported")
	}
	fail = false
	do(t, s, "Ac<Esc>")
	if err := s.Close(); err != nil {
		t.Fatalf("Close reported %v after the exit write succeeded", err)
	}
}

func hasPrefix(ms []string, prefix string) bool {
	for _, m := range ms {
		if strings.HasPrefix(m, prefix) {
			return true
		}
	}
	return false
}
