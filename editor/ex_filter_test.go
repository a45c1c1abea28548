package editor

import (
	"bytes"
	"errors"
	"os/exec"
	"testing"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// execShell runs commands with sh -c, stdout and stderr together, as the
// session's shell (package shell) does: the tests that compare filters
// with Vim run real commands. The core's tests may not import the shell
// package (cmd/kjx/arch_test.go).
type execShell struct{}

func (execShell) Run(command string, input []byte) (ShellResult, error) {
	cmd := exec.Command("sh", "-c", command)
	cmd.Stdin = bytes.NewReader(input)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	res := ShellResult{Output: out.Bytes()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		res.ExitCode, err = exit.ExitCode(), nil
	}
	return res, err
}

// fakeShell records the commands it runs and answers with a fixed output.
type fakeShell struct {
	cmds, inputs []string
	out          string
	err          error
}

func (f *fakeShell) Run(cmd string, input []byte) (ShellResult, error) {
	f.cmds = append(f.cmds, cmd)
	f.inputs = append(f.inputs, string(input))
	return ShellResult{Output: []byte(f.out)}, f.err
}

// TestFilterThroughConfiguredShell checks that filters run through
// Config.Shell with the lines as input, and that a filter (typed as !! or
// as :range!) is one undo step whose source is ex.
func TestFilterThroughConfiguredShell(t *testing.T) {
	sh := &fakeShell{out: "X\nY\n"}
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true, Shell: sh})
	e.setText("a\nb\nc\n")
	feedSteps(t, e, "2!!tr a-z A-Z<CR>")
	if len(sh.cmds) != 1 || sh.cmds[0] != "tr a-z A-Z" || sh.inputs[0] != "a\nb\n" {
		t.Fatalf("ran %q with %q", sh.cmds, sh.inputs)
	}
	if got := e.text().String(); got != "X\nY\nc" {
		t.Fatalf("text %q", got)
	}
	feedSteps(t, e, ":3!!<CR>")
	if len(sh.cmds) != 2 || sh.cmds[1] != "tr a-z A-Z" || sh.inputs[1] != "c\n" {
		t.Fatalf(":3!! ran %q with %q", sh.cmds, sh.inputs)
	}
	snap := e.buf().tree.Snapshot()
	for seq := 1; seq <= 2; seq++ {
		n, ok := snap.Node(seq)
		if !ok || n.Source != undo.SourceEx {
			t.Errorf("node %d: source %v, want ex", seq, n.Source)
		}
	}
	if e.buf().tree.SeqLast() != 2 {
		t.Errorf("seq_last %d, want 2: one step per filter", e.buf().tree.SeqLast())
	}
	sh.err = errors.New("no shell")
	e.TakeMessages()
	feedSteps(t, e, ":%!sort<CR>")
	if ms := e.TakeMessages(); len(ms) != 1 || !ms[0].Error {
		t.Errorf("a shell that cannot run: messages %v, want one error", ms)
	}
	if got := e.text().String(); got != "X\nY\nX\nY" {
		t.Errorf("a failed filter changed the text: %q", got)
	}
}
