// Package shell runs a command line through the user's shell, the one
// effect behind kjx's :!cmd, :{range}!filter and :r !cmd. It feeds the
// command its input on stdin (nothing for :!cmd), collects stdout and
// stderr together (as Vim's 'shellredir' ">%s 2>&1" does for filters)
// and stops a command that runs too long. It holds no state and imports
// nothing of kjx.
package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"time"
)

// DefaultTimeout is how long a command may run: the editor waits for it.
const DefaultTimeout = time.Minute

// Runner runs command lines. The zero value uses sh with "-c" and
// DefaultTimeout; the session gives it the user's $SHELL.
type Runner struct {
	// Shell is the shell program; "" means "sh".
	Shell string
	// Timeout stops the command after this long; 0 means DefaultTimeout.
	Timeout time.Duration
	// Dir is the working directory; "" means the editor's.
	Dir string
}

// Result is what a command did.
type Result struct {
	// Output is what it wrote on stdout and stderr, in order.
	Output []byte
	// ExitCode is its exit status (0 for success).
	ExitCode int
}

// ErrTimeout is wrapped by the error of a command stopped for running
// longer than the timeout.
var ErrTimeout = errors.New("shell command timed out")

// Run runs command with input on its stdin. A command that cannot start
// (no shell) is an error; one that exits with a status is not: the
// status is in Result.ExitCode.
func (r Runner) Run(command string, input []byte) (Result, error) {
	sh := r.Shell
	if sh == "" {
		sh = "sh"
	}
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sh, "-c", command)
	cmd.Dir = r.Dir
	cmd.Stdin = bytes.NewReader(input)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	cmd.WaitDelay = time.Second // do not wait for children that keep the pipes
	err := cmd.Run()
	res := Result{Output: out.Bytes()}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return res, fmt.Errorf("%w after %v: %s", ErrTimeout, timeout, command)
	case errors.As(err, &exit):
		res.ExitCode = exit.ExitCode()
		return res, nil
	case err != nil:
		return res, fmt.Errorf("shell %s: %w", sh, err)
	}
	return res, nil
}
