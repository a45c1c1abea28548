package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestEndToEndRewindPicker: in a real terminal, :rewind opens the picker,
// / filters it, Enter chooses, a asks the question, y rewinds: the file
// on disk goes back and the status line shows ⟲.
func TestEndToEndRewindPicker(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	bin := kjxBin.Path(t)
	work := filepath.Join(dir, "proj")
	if err := os.MkdirAll(filepath.Join(work, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(work, "notes.txt")
	if err := os.WriteFile(file, []byte("alpha\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &tmuxSession{t: t, socket: "kjx-e2e-rw-" + filepath.Base(dir)}
	env := "HOME=" + dir + " XDG_DATA_HOME=" + filepath.Join(dir, "data") + " XDG_CONFIG_HOME=" + filepath.Join(dir, "config")
	s.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-x", "120", "-y", "30",
		"cd "+work+" && env TERM=xterm-256color "+env+" "+bin+" notes.txt; sleep 30")
	t.Cleanup(func() { testkit.StopTmux(s.socket) })

	s.waitText("alpha")
	for _, cmd := range []string{":s/alpha/before/", ":w", ":checkpoint mine", ":s/before/after/", ":w"} {
		s.sendText(cmd)
		s.send("Enter")
	}
	s.waitFor("after written", func(scr string) bool { return strings.HasPrefix(scr, "after\n") && strings.Contains(scr, "written") })
	s.sendText(":rewind")
	s.send("Enter")
	s.waitText("Rewind to which checkpoint?")
	s.sendText("/mine")
	s.send("Enter")
	s.waitText("filter: mine")
	s.send("Enter")
	s.waitText("a all files, f this file only")
	s.sendText("a")
	s.waitText("Rewind 1 file (2 changes) to «mine»")
	s.sendText("y")
	s.waitFor("rewound", func(scr string) bool {
		return strings.HasPrefix(scr, "before\n") && strings.Contains(scr, "⟲ mine")
	})
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, _ := os.ReadFile(file)
		if string(got) == "before\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("file on disk is %q, want %q\nscreen:\n%s", got, "before\n", s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The next change ends the ⟲.
	s.sendText("x")
	s.waitFor("⟲ gone", func(scr string) bool { return !strings.Contains(scr, "⟲") })
}
