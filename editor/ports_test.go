package editor

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
)

// TestZeroConfigIsInert: a core made from a zero Config starts no
// goroutine, stands on a virtual clock and reaches no undo directory,
// whatever it is asked to do; the environment is not read (HOME and the
// XDG directories point at a directory that must stay empty).
func TestZeroConfigIsInert(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	work := t.TempDir()
	file := filepath.Join(work, "f.txt")
	if err := os.WriteFile(file, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	e := New(Config{})
	if got := e.Clock().Now(); !got.Equal(clock.Epoch) {
		t.Fatalf("the zero Config's clock reads %v, want the virtual clock.Epoch", got)
	}
	if err := e.Open(file); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"normal! Atwo", "w", "sleep 10", "normal! Athree"} {
		e.ExecEx(cmd)
	}
	if got := e.Clock().Now(); !got.Equal(clock.Epoch.Add(10 * time.Second)) {
		t.Errorf(":sleep 10 moved the clock to %v, want 10 s after the epoch at once", got)
	}
	e.TakeMessages()
	e.ExecEx("wundo " + filepath.Join(work, "u"))
	if m := diskTexts(e.TakeMessages()); !strings.Contains(strings.Join(m, "\n"), "E828") {
		t.Errorf(":wundo without persistence: %q, want an E828 error", m)
	}
	for _, cmd := range []string{"rundo " + filepath.Join(work, "u"), "undostats"} {
		if e.ExecEx(cmd) {
			t.Errorf(":%s succeeded without persistence", cmd)
		}
	}
	for _, cmd := range []string{"bdelete!", "set undofile", "checktime"} {
		e.ExecEx(cmd)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after using the core, %d before", n, before)
	}
	for _, dir := range []string{home, work} {
		ents, _ := os.ReadDir(dir)
		for _, ent := range ents {
			if dir == work && ent.Name() == "f.txt" {
				continue
			}
			t.Errorf("the core wrote %s in %s", ent.Name(), dir)
		}
	}
}
