package editor

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// vimTimeout bounds one Vim process of the differential tests. A key
// sequence that leaves Vim waiting for input (a prompt the keys do not
// answer) would otherwise hang the test binary until go test's own
// timeout, with nothing said about which case did it.
const vimTimeout = 3 * time.Minute

// runVimBounded runs cmd, a Vim, and reports only whether it had to be
// killed: its exit status says nothing useful (-Es exits 1 after any
// error), the files it writes tell.
func runVimBounded(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("vim: %w", err)
	}
	return waitVimBounded(cmd, vimTimeout)
}

// waitVimBounded waits for a started Vim, killing it after limit.
func waitVimBounded(cmd *exec.Cmd, limit time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-done:
		return nil
	case <-timer.C:
		_ = cmd.Process.Kill()
		<-done
		return fmt.Errorf("vim did not finish within %v (left waiting for input?): killed", limit)
	}
}

// TestVimBoundedKillsAWaitingVim: a Vim left reading keys from a pipe
// that never ends is killed with a clear error, not waited for.
func TestVimBoundedKillsAWaitingVim(t *testing.T) {
	needVim(t)
	cmd := exec.Command("vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "--not-a-term")
	in, err := cmd.StdinPipe() // open, never written: Vim waits for a key
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	cmd.Dir = t.TempDir()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = waitVimBounded(cmd, 300*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "did not finish") {
		t.Fatalf("waitVimBounded = %v, want the timeout", err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("the kill took %v", took)
	}
}
