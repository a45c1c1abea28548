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

// startKJX runs kjx with args in a private tmux server (80x24) inside dir,
// with HOME and the XDG directories in dir, and returns the session.
func startKJX(t *testing.T, dir string, args ...string) *tmuxSession {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test: skipped with -short")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	bin := kjxBin.Path(t)
	s := &tmuxSession{t: t, socket: "kjx-e2e-" + filepath.Base(dir)}
	env := "env TERM=xterm-256color HOME=" + dir + " XDG_CONFIG_HOME=" + dir + "/config XDG_DATA_HOME=" + dir + "/data XDG_STATE_HOME=" + dir + "/state "
	s.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-x", "80", "-y", "24", "-c", dir,
		env+bin+" "+strings.Join(args, " ")+"; sleep 30")
	t.Cleanup(func() { testkit.StopTmux(s.socket) })
	return s
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStartupMessagesTmux: what a person sees right after start. A
// configuration error and the file's line: both, and the prompt; Enter
// leaves the file's line (Vim with a vimrc error). One message alone: the
// message line, no prompt.
func TestStartupMessagesTmux(t *testing.T) {
	t.Run("config error and file", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"bad.toml": "[editor]\nno_such_key = 1\n", "f.txt": "  hello\nworld\n"})
		s := startKJX(t, dir, "-u", "bad.toml", "f.txt")
		scr := s.waitText("Press ENTER or type command to continue")
		if !strings.Contains(scr, "no_such_key") || !strings.Contains(scr, `"f.txt" 2L, 14B`) {
			t.Fatalf("start-up messages not on the screen:\n%s", scr)
		}
		s.send("Enter")
		s.waitFor("the prompt gone, the file's line left", func(scr string) bool {
			return !strings.Contains(scr, "Press ENTER") && strings.Contains(scr, `"f.txt" 2L, 14B`) && strings.Contains(scr, "1,3")
		})
	})
	t.Run("several errors, a key used", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"bad.toml": "[editor]\nno_such_key = 1\ntabstop = \"x\"\n", "f.txt": "a\nb\nc\n"})
		s := startKJX(t, dir, "-u", "bad.toml", "f.txt")
		scr := s.waitText("Press ENTER or type command to continue")
		if !strings.Contains(scr, "no_such_key") || !strings.Contains(scr, "tabstop") {
			t.Fatalf("both errors should be listed:\n%s", scr)
		}
		// A key other than Enter dismisses the prompt and is used (Vim).
		s.send("j")
		s.waitFor("j moved the cursor", func(scr string) bool {
			return !strings.Contains(scr, "Press ENTER") && strings.Contains(scr, "2,1")
		})
	})
	t.Run("missing -u file", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "a\n"})
		s := startKJX(t, dir, "-u", "nothere.toml", "f.txt")
		s.waitText("nothere.toml")
	})
	t.Run("history kept after an outside change", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "one\n"})
		// The undo file is written after the screen is given back: wait
		// for the process to end, not for the screen.
		s := startKJX(t, dir, "f.txt;", "echo", "KJX-ENDED")
		s.waitText(`"f.txt" 1L, 4B`)
		s.sendText("Atwo")
		s.send("Escape")
		// Under load an Escape followed at once by ':' reads as Alt-':'.
		s.waitFor("Normal mode", func(scr string) bool {
			return strings.Contains(scr, "onetwo") && !strings.Contains(scr, "-- INSERT --")
		})
		s.sendText(":wq")
		s.send("Enter")
		s.waitText("KJX-ENDED")
		stopTmuxServer(t, s.socket)
		writeFiles(t, dir, map[string]string{"f.txt": "changed outside\n"})
		s = startKJX(t, dir, "f.txt")
		scr := s.waitText("Press ENTER or type command to continue")
		if !strings.Contains(scr, "history kept, the outside change is") || !strings.Contains(scr, "#2 (u to undo)") || !strings.Contains(scr, `"f.txt" 1L, 16B`) {
			t.Fatalf("the undo file's message is not on the screen:\n%s", scr)
		}
	})
	t.Run("only the file", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "a\n"})
		s := startKJX(t, dir, "--clean", "f.txt")
		scr := s.waitText(`"f.txt" 1L, 2B`)
		if strings.Contains(scr, "Press ENTER") {
			t.Fatalf("one message should not wait for a key:\n%s", scr)
		}
	})
}

// TestCommandLineTmux: kjx +3 f puts the cursor on line 3; kjx -R f then
// :w says E45; kjx a b then :n shows b (#14's proof, as a person sees it).
func TestCommandLineTmux(t *testing.T) {
	t.Run("+3", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "one\ntwo\n  three\nfour\n"})
		s := startKJX(t, dir, "--clean", "+3", "f.txt")
		s.waitText("3,3")
	})
	t.Run("-R", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "one\n"})
		s := startKJX(t, dir, "--clean", "-R", "f.txt")
		s.waitText(`"f.txt" [readonly] 1L, 4B`)
		s.sendText(":w")
		s.send("Enter")
		s.waitText("E45: 'readonly' option is set (add ! to override)")
	})
	t.Run("stdin", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"in.txt": "  hi there\n"})
		s := startKJX(t, dir, "--clean", "-", "<", "in.txt")
		s.waitText(`"-stdin-" 1L, 11B`)
		s.waitText("1,3")
		s.sendText(":q")
		s.send("Enter")
		s.waitText("E37: No write since last change")
	})
	t.Run("several files", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"a.txt": "alpha\n", "b.txt": "beta\n"})
		s := startKJX(t, dir, "--clean", "a.txt", "b.txt")
		s.waitText("alpha")
		s.sendText(":n")
		s.send("Enter")
		s.waitText(`"b.txt" 1L, 5B`)
		s.waitText("beta")
		s.sendText(":ls")
		s.send("Enter")
		s.waitText(`  1 #    "a.txt"                        line 1`)
	})
	t.Run("fast Esc", func(t *testing.T) {
		// Esc and the next key in one read (a fast typist, a slow link,
		// tmux send-keys) reach tcell as Alt+:, and must act as Vim's
		// <Esc> then :.
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "one\n"})
		s := startKJX(t, dir, "--clean", "f.txt")
		s.waitText(`"f.txt" 1L, 4B`)
		s.tmux("send-keys", "-t", "kjx", "ihi", "Escape", ":w", "Enter")
		s.waitText(`"f.txt" 1L, 6B written`)
	})
	t.Run("-c and -S", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"f.txt": "one\ntwo\nthree\n", "s.vim": "normal! dd\n"})
		s := startKJX(t, dir, "--clean", "-c", "'set nu'", "-S", "s.vim", "-c", "nosuchcmd", "f.txt")
		s.waitText("  1 two")
		s.waitText("E492: Not an editor command: nosuchcmd")
	})
}

// stopTmuxServer ends the tmux server on socket and waits until it is gone,
// so that a new session can start on the same socket: a client that meets
// the dying server fails with "server exited unexpectedly". (The kjx build
// before each test used to hide this race.)
func stopTmuxServer(t *testing.T, socket string) {
	t.Helper()
	testkit.StopTmux(socket)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		out, err := exec.Command("tmux", "-L", socket, "list-sessions").CombinedOutput()
		if err != nil && (strings.Contains(string(out), "no server running") || strings.Contains(string(out), "error connecting")) {
			return
		}
	}
	t.Fatalf("the tmux server on %s did not exit", socket)
}
