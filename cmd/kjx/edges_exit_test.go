package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readOnlyDir makes dir (created if missing) refuse new files: mode 0500
// for a normal user; for root, who ignores modes, a read-only bind mount,
// or, where mounting is not allowed, a file in place of the directory. It
// returns the reason kjx will give.
func readOnlyDir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700) })
		return "permission denied"
	}
	if exec.Command("mount", "--bind", dir, dir).Run() == nil {
		t.Cleanup(func() { exec.Command("umount", dir).Run() })
		if exec.Command("mount", "-o", "remount,ro,bind", dir).Run() == nil {
			return "read-only file system"
		}
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return "not a directory"
}

// TestEdgeExitUnwritable: the undo directory refuses writes. At the end of
// a headless run and at :x in a terminal, kjx names each history it could
// not write on stderr, one line, escaped (the file name holds an escape
// sequence that would retitle the terminal), after the terminal is
// restored, and exits 1; the text file is written and intact.
func TestEdgeExitUnwritable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kjx and runs it in tmux: skipped with -short")
	}
	bin := kjxBin.Path(t)
	const name = "x\x1b]0;PWNED\a.txt"
	shown := "x^[]0;PWNED^G.txt"
	t.Run("headless", func(t *testing.T) {
		w := newEdgeWorld(t, bin)
		w.write(name, "base\n")
		reason := readOnlyDir(t, w.udir)
		code, _, stderr := w.kjx("--headless", "-c", "normal A hello", "-c", "w", "-c", "normal Aagain", name)
		if code != 1 {
			t.Errorf("exit status %d, want 1; stderr %q", code, stderr)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(stderr), "\n") {
			if strings.Contains(l, "not saved") {
				lines = append(lines, l)
			}
		}
		want := "kjx: history of " + filepath.Join(w.dir, shown) + " not saved: "
		if len(lines) != 1 || !strings.HasPrefix(lines[0], want) || !strings.Contains(lines[0], reason) {
			t.Errorf("stderr %q: want one line starting %q saying %q", stderr, want, reason)
		}
		if strings.ContainsAny(stderr, "\x1b\a") {
			t.Errorf("raw control characters on stderr: %q", stderr)
		}
		if got := w.read(filepath.Join(w.dir, name)); got != "base hello\n" {
			t.Errorf("the text file holds %q", got)
		}
	})
	t.Run("terminal", func(t *testing.T) {
		w := newEdgeWorld(t, bin)
		w.write(name, "base\n")
		reason := readOnlyDir(t, w.udir)
		term := w.startTerm("-c", "normal A typed", name)
		term.waitText("base typed")
		term.keys(":x", "Enter")
		if code := term.waitExit(); code != 1 {
			t.Errorf("exit status %d, want 1", code)
		}
		if alt := term.format("#{alternate_on}"); alt != "0" {
			t.Errorf("the terminal was left in the alternate screen (alternate_on=%s)", alt)
		}
		screen := term.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "kjx") // with what scrolled off
		want := "kjx: history of " + filepath.Join(w.dir, shown) + " not saved: "
		if !strings.Contains(screen, want) || !strings.Contains(screen, reason) {
			t.Errorf("the terminal after the exit shows:\n%s\nwant a line %q… %q", screen, want, reason)
		}
		if title := term.format("#{pane_title}"); strings.Contains(title, "PWNED") {
			t.Errorf("the file name retitled the terminal: %q", title)
		}
		if got := w.read(filepath.Join(w.dir, name)); got != "base typed\n" {
			t.Errorf("the text file holds %q", got)
		}
	})
}
