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

// tmuxSession drives a program in a private tmux server.
type tmuxSession struct {
	t      *testing.T
	socket string
}

func (s *tmuxSession) tmux(args ...string) string {
	s.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", s.socket}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen returns what a person sees in the pane.
func (s *tmuxSession) screen() string { return s.tmux("capture-pane", "-p", "-t", "kjx") }

// send types keys (tmux key names: "Escape", "Enter", "F5", or text).
func (s *tmuxSession) send(keys ...string) {
	s.t.Helper()
	for _, k := range keys {
		s.tmux("send-keys", "-t", "kjx", k)
		time.Sleep(30 * time.Millisecond)
	}
}

// sendText types literal text.
func (s *tmuxSession) sendText(text string) {
	s.t.Helper()
	s.tmux("send-keys", "-t", "kjx", "-l", text)
	time.Sleep(30 * time.Millisecond)
}

// waitFor waits until the screen satisfies ok.
func (s *tmuxSession) waitFor(what string, ok func(string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var scr string
	for time.Now().Before(deadline) {
		scr = s.screen()
		if ok(scr) {
			return scr
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.t.Fatalf("waiting for %s; the screen shows:\n%s", what, scr)
	return ""
}

func (s *tmuxSession) waitText(text string) string {
	s.t.Helper()
	return s.waitFor(strings.TrimSpace(text), func(scr string) bool { return strings.Contains(scr, text) })
}

// TestEndToEndTmux runs kjx in tmux as a person would: open a file, edit,
// make a branch, open the undo panel, walk it, check the diff, restore a
// state, write and quit, and check the file on disk.
func TestEndToEndTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	dir := t.TempDir()
	bin := kjxBin.Path(t)
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("alpha\nbeta\ngamma\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &tmuxSession{t: t, socket: "kjx-e2e-" + filepath.Base(dir)}
	s.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-x", "120", "-y", "40",
		"env TERM=xterm-256color "+bin+" --clean "+file+"; sleep 30")
	t.Cleanup(func() { testkit.StopTmux(s.socket) })

	s.waitText("alpha")
	s.waitText("notes.txt")
	// State 1: a line above the first.
	s.sendText("ggOone")
	s.send("Escape")
	s.waitFor("state 1 in Normal mode", func(scr string) bool {
		return strings.HasPrefix(scr, "one\n") && strings.Contains(scr, "#1/1") && !strings.Contains(scr, "-- INSERT --")
	})
	// Undo, then state 2 on another branch.
	s.send("u")
	s.waitFor("undone", func(scr string) bool { return strings.HasPrefix(scr, "alpha\n") })
	s.sendText("Gotwo")
	s.send("Escape")
	s.waitFor("state 2 in Normal mode", func(scr string) bool {
		return strings.Contains(scr, "gamma\ntwo") && strings.Contains(scr, "#2/2") && !strings.Contains(scr, "-- INSERT --")
	})

	// Open the panel: three states, the current one selected.
	s.send("F5")
	scr := s.waitText("Undo tree")
	for _, want := range []string{" 2 ", " 1 ", " 0 ", "@"} {
		if !strings.Contains(scr, want) {
			t.Fatalf("the panel does not show %q:\n%s", want, scr)
		}
	}
	// j selects state 1; the preview shows what restoring it would do.
	s.send("j")
	s.waitText("#2 → #1")
	s.waitText("+one")
	scr = s.waitText("-two")
	if !strings.Contains(scr, "#1 ") {
		t.Fatalf("detail strip missing:\n%s", scr)
	}
	// Enter restores state 1 (the text changes, the panel stays).
	s.send("Enter")
	s.waitFor("state 1 restored", func(scr string) bool {
		return strings.Contains(scr, "│one") && !strings.Contains(scr, "│two")
	})
	// Close the panel, write and quit.
	s.send("q")
	s.waitFor("panel closed", func(scr string) bool { return !strings.Contains(scr, "Undo tree") })
	s.sendText(":wq")
	s.send("Enter")
	deadline := time.Now().Add(15 * time.Second)
	for {
		got, err := os.ReadFile(file)
		if err == nil && string(got) == "one\nalpha\nbeta\ngamma\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("file on disk is %q, want the restored state 1\nscreen:\n%s", got, s.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
