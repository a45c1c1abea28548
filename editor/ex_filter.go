package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// Shell commands, as Vim's do_bang and do_filter: :!cmd runs cmd and
// shows what it printed; :{range}!cmd filters the lines through cmd (its
// stdout and stderr replace them); :r !cmd puts cmd's output below the
// line; !{motion} and !! in Normal mode start ":{range}!" on the command
// line. In cmd a '!' is the previous command and '%' the file name ('\!'
// and '\%' are themselves). A filter is one undo step, whose source is ex
// like every Ex command line. The shell is the editor's ShellRunner port
// (ports.go; the session's runs package shell); a command runs without a
// terminal.

// exBang is :!cmd and :{range}!cmd.
func exBang(e *Editor, c *exparse.Cmd, rg exRange) error {
	arg := c.Arg
	if c.Bang {
		arg = "!" + arg // :!! repeats the previous command
	}
	cmd, err := e.expandBang(arg)
	if err != nil {
		return err
	}
	if redo := e.bangRedo; redo != nil {
		// !{motion} or !!: . repeats the filter with this command.
		e.bangRedo = nil
		redo.keys = append(redo.keys, rawKeys(c.Arg)...)
		redo.keys = append(redo.keys, K(KeyEnter))
		e.redo = redo
	}
	switch {
	case cmd == "":
		return nil // Vim starts a shell for :!, kjx has no terminal to give it
	case c.Range.Count() == 0:
		return e.runShow(cmd)
	}
	return e.filterLines(cmd, max(rg.l1, 0), rg.l2)
}

// expandBang replaces '!' by the previous command and '%' by the file
// name, and remembers the result as the previous command unless it is
// empty (which runs nothing).
func (e *Editor) expandBang(arg string) (string, error) {
	arg = strings.TrimLeft(arg, " \t")
	var b strings.Builder
	for i := 0; i < len(arg); i++ {
		switch c := arg[i]; {
		case c == '\\' && i+1 < len(arg) && (arg[i+1] == '!' || arg[i+1] == '%'):
			b.WriteByte(arg[i+1])
			i++
		case c == '!':
			if e.prevBang == "" {
				return "", errors.New("E34: No previous command")
			}
			b.WriteString(e.prevBang)
		case c == '%':
			if e.buf().name == "" {
				return "", errors.New("E499: Empty file name for '%' or '#', only works with \":p:h\"")
			}
			b.WriteString(e.buf().name)
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		e.prevBang = b.String()
	}
	return b.String(), nil
}

// shellRun runs cmd with input through the editor's shell.
func (e *Editor) shellRun(cmd string, input []byte) (ShellResult, error) {
	res, err := e.shell.Run(cmd, input)
	if err != nil {
		return res, fmt.Errorf("E282: Cannot run %q: %v", cmd, err)
	}
	return res, nil
}

// runShow is :!cmd: the command's output is shown as list output, after
// Vim's "[No write since last change]" when the buffer is modified.
func (e *Editor) runShow(cmd string) error {
	if e.buf().Modified() {
		e.say("[No write since last change]")
	}
	res, err := e.shellRun(cmd, nil)
	if err != nil {
		return err
	}
	for _, l := range outputLines(res.Output) {
		e.say(echoVisible(l))
	}
	e.shellStatus(res)
	return nil
}

// shellStatus is Vim's "shell returned N" for a command that failed
// (shown, not kept in the message history).
func (e *Editor) shellStatus(res ShellResult) {
	if res.ExitCode != 0 {
		e.say(fmt.Sprintf("shell returned %d", res.ExitCode))
	}
}

// outputLines splits a command's output into lines; a final newline ends
// the last line.
func outputLines(out []byte) []string {
	s := strings.TrimSuffix(string(out), "\n")
	if s == "" && len(out) <= 1 {
		if len(out) == 1 {
			return []string{""}
		}
		return nil
	}
	return strings.Split(s, "\n")
}

// filterLines replaces lines l1..l2 with what cmd prints when they are
// its input (Vim's do_filter): the cursor goes to the first new line,
// and "N lines filtered" counts the lines that went in.
func (e *Editor) filterLines(cmd string, l1, l2 int) error {
	r := e.text()
	in := r.SliceString(lineStart(r, l1), lineEnd(r, l2)) + "\n"
	res, err := e.shellRun(cmd, []byte(in))
	if err != nil {
		return err
	}
	e.win.cur = Pos{Line: l1} // where Vim saves for undo
	e.saveUndo()
	e.markModified() // Vim reads the output and deletes the old lines: a change
	out := outputLines(res.Output)
	if len(out) == 0 {
		e.deleteLines(l1, l2)
	} else {
		r = e.text()
		e.replaceRange(lineStart(r, l1), lineEnd(r, l2), strings.Join(out, "\n"))
	}
	e.toFirstNonBlank(min(l1, lineCount(e.text())-1))
	if n := l2 - l1 + 1; n > e.opt.Report {
		e.msgKeep("%d lines filtered", n)
	}
	e.shellStatus(res)
	return nil
}

// readShell is :r !cmd: the output goes below line at (-1: above the
// first line), the cursor on its last line.
func (e *Editor) readShell(cmd string, at int) error {
	if cmd == "" {
		return nil
	}
	res, err := e.shellRun(cmd, nil)
	if err != nil {
		return err
	}
	e.win.cur = Pos{Line: max(at, 0)}
	e.saveUndo() // Vim's do_filter saves even when nothing comes
	out := outputLines(res.Output)
	last := max(at, 0)
	if len(out) > 0 {
		text := strings.Join(out, "\n")
		if at < 0 {
			e.insertText(0, text+"\n")
			last = len(out) - 1
		} else {
			e.insertText(lineEnd(e.text(), at), "\n"+text)
			last = at + len(out)
		}
	}
	e.toFirstNonBlank(last)
	e.linesMessage(len(out))
	e.shellStatus(res)
	return nil
}

// opFilter is the ! operator: it starts the command line with the range
// of the lines, as Vim's op_colon does (":.,.+2!", ":.,$!").
func (e *Editor) opFilter(c *ncmd, rg opRange) {
	e.win.cur = Pos{Line: rg.start.Line, Col: e.win.cur.Col}
	e.win.clampCursor(false)
	text := "."
	switch last := lineCount(e.text()) - 1; {
	case rg.end.Line == rg.start.Line:
	case rg.end.Line == last:
		text += ",$"
	default:
		text += fmt.Sprintf(",.+%d", rg.end.Line-rg.start.Line)
	}
	e.bangRedo = &redoCmd{reg: c.reg, count: c.count0(), keys: e.redoKeys(c)}
	e.startCmdline(':', text+"!")
}
