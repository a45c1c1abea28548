package main

import (
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// edgeTerm is kjx running in a terminal: a private tmux server whose one
// pane runs a shell that runs kjx and writes its exit status to a file
// (tmux 3.3 does not always report a dead pane's status). The pane stays
// after kjx exits, so that the screen can be read.
type edgeTerm struct {
	t      *testing.T
	socket string
	status string // the file the exit status goes to
}

// startTerm runs kjx with args in w.dir inside tmux, or skips without
// tmux.
func (w *edgeWorld) startTerm(args ...string) *edgeTerm {
	w.t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		w.t.Skip("tmux is not installed")
	}
	// The socket is unique on the machine: tmux keeps every root socket
	// in one directory, and other test processes run beside this one
	// (filepath.Base(w.home) alone is "001" for every test).
	socket := fmt.Sprintf("kjx-edges-%d-%08x", os.Getpid(), crc32.ChecksumIEEE([]byte(w.home)))
	e := &edgeTerm{t: w.t, socket: socket, status: filepath.Join(w.home, "status")}
	cmd := []string{"env", "-i"}
	for _, kv := range w.env {
		if strings.HasPrefix(kv, "PATH=") || strings.HasPrefix(kv, "HOME=") || strings.HasPrefix(kv, "XDG_") || strings.HasPrefix(kv, "TZ=") {
			cmd = append(cmd, shellQuote(kv))
		}
	}
	cmd = append(cmd, "TERM=xterm-256color", shellQuote(w.bin))
	for _, a := range args {
		cmd = append(cmd, shellQuote(a))
	}
	cmd = append(cmd, "; echo $? >"+shellQuote(e.status))
	e.tmux("-f", "/dev/null", "new-session", "-d", "-s", "kjx", "-x", "80", "-y", "12", "-c", w.dir, strings.Join(cmd, " "))
	w.t.Cleanup(func() { testkit.StopTmux(e.socket) })
	e.tmux("set-option", "-t", "kjx", "remain-on-exit", "on")
	return e
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func (e *edgeTerm) tmux(args ...string) string {
	e.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", e.socket}, args...)...).CombinedOutput()
	if err != nil {
		e.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// screen is what a person sees in the pane.
func (e *edgeTerm) screen() string { return e.tmux("capture-pane", "-p", "-t", "kjx") }

// format is a tmux format of the pane (#{pane_pid}, #{pane_dead}, …).
func (e *edgeTerm) format(f string) string {
	return strings.TrimSpace(e.tmux("display-message", "-p", "-t", "kjx", f))
}

// keys types tmux key names ("Escape", "Enter") or text.
func (e *edgeTerm) keys(keys ...string) {
	e.t.Helper()
	for _, k := range keys {
		e.tmux("send-keys", "-t", "kjx", k)
		time.Sleep(30 * time.Millisecond)
	}
}

// waitText waits until the screen shows text.
func (e *edgeTerm) waitText(text string) {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(e.screen(), text) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("waiting for %q; the screen shows:\n%s", text, e.screen())
}

// waitGone waits until the screen no longer shows text.
func (e *edgeTerm) waitGone(text string) {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if !strings.Contains(e.screen(), text) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("waiting for %q to go; the screen shows:\n%s", text, e.screen())
}

// insert types an Insert command (A, i, o), then text, then, unless
// stay, Escape, waiting for each to show: an Escape followed at once by
// the next key would be read as Alt and that key.
func (e *edgeTerm) insert(cmd, text string, stay bool) {
	e.t.Helper()
	e.keys(cmd)
	e.waitText("-- INSERT --")
	e.keys(text)
	e.waitText(text)
	if !stay {
		e.keys("Escape")
		e.waitGone("-- INSERT --")
	}
}

// pid is the process id of kjx: the one child of the pane's shell.
func (e *edgeTerm) pid() int {
	e.t.Helper()
	sh := e.format("#{pane_pid}")
	b, err := os.ReadFile("/proc/" + sh + "/task/" + sh + "/children")
	if err != nil {
		e.t.Skipf("cannot find kjx's process id without /proc: %v", err)
	}
	p, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		e.t.Fatalf("the children of the pane's shell: %q", b)
	}
	return p
}

// waitExit waits until kjx has exited and returns its exit status (a
// signal that killed it counts as 128+signal).
func (e *edgeTerm) waitExit() int {
	e.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(e.status); err == nil && strings.HasSuffix(string(b), "\n") {
			code, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				e.t.Fatalf("exit status %q", b)
			}
			return code // the shell reports a killing signal as 128+signal
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatalf("kjx did not exit; the screen shows:\n%s", e.screen())
	return 0
}
