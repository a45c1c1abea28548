package editor

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// :source FILE and :[range]source run Ex commands, one per line, from a
// file or from lines of the current buffer (all of them without a range),
// as Vim 9 does; :source! FILE types the file's bytes as Normal-mode
// commands. Empty lines and "comments are skipped, a line whose first
// non-blank is a backslash continues the line before, an error is reported with the file and line
// ("Error detected while processing f:", "line   3:") and the next line
// runs all the same. The lines are read before the first one runs. Like
// Vim, the commands of one :source are one undo step.

// maxSourceDepth bounds nested :source (Vim's E169 for 'maxfuncdepth').
const maxSourceDepth = 100

// sourceCtx is the file being sourced, for error messages.
type sourceCtx struct {
	name     string
	line     int  // 1-based line of the command that runs
	reported bool // "Error detected while processing" was given
	lastLine int  // the line whose "line N:" was given
}

// exSource is :source.
func exSource(e *Editor, c *exparse.Cmd, rg exRange) error {
	var lines []string
	name := ""
	switch {
	case c.Arg != "" && c.Range.Count() > 0:
		return errors.New("E481: No range allowed")
	case c.Arg != "":
		fname, err := e.expandFileName(c.Arg)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(fname)
		if err != nil {
			return fmt.Errorf("E484: Can't open file %s", fname)
		}
		if c.Bang {
			// :source! reads Normal-mode commands, as vim -s does.
			e.runKeys(rawKeys(string(data)), true)
			return nil
		}
		name = fname
		lines = strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
	case c.Bang:
		return errors.New("E471: Argument required") // :source! needs a file
	default:
		// The lines of the buffer, all of them without a range.
		r := e.text()
		for l := max(rg.l1, 0); l <= rg.l2; l++ {
			lines = append(lines, lineText(r, l))
		}
		name = fmt.Sprintf(":source buffer=%d", e.buf().id)
	}
	if len(e.sourcing) >= maxSourceDepth {
		return errors.New("E169: Command too recursive")
	}
	e.sourcing = append(e.sourcing, &sourceCtx{name: name})
	defer func() { e.sourcing = e.sourcing[:len(e.sourcing)-1] }()
	for _, cmd := range joinContinuations(lines) {
		e.sourcing[len(e.sourcing)-1].line = cmd.line
		e.execExLine(cmd.text, false)
		if e.quit {
			break
		}
	}
	return nil
}

// sourceLine is one command of a sourced file and its first line number.
type sourceLine struct {
	text string
	line int
}

// joinContinuations joins lines that start with a backslash to the line
// before, then drops empty lines and comments.
func joinContinuations(lines []string) []sourceLine {
	var joined []sourceLine
	for i, l := range lines {
		if t := strings.TrimLeft(l, " \t"); strings.HasPrefix(t, "\\") && len(joined) > 0 {
			joined[len(joined)-1].text += t[1:]
			continue
		}
		joined = append(joined, sourceLine{text: l, line: i + 1})
	}
	var out []sourceLine
	for _, s := range joined {
		t := strings.TrimLeft(s.text, ": \t")
		if t != "" && !strings.HasPrefix(t, `"`) {
			out = append(out, s)
		}
	}
	return out
}

// sourceErrorContext gives Vim's "Error detected while processing f:" and
// "line N:" before an error of a sourced command.
func (e *Editor) sourceErrorContext() {
	if len(e.sourcing) == 0 {
		return
	}
	s := e.sourcing[len(e.sourcing)-1]
	if !s.reported {
		s.reported = true
		e.msg("Error detected while processing %s:", s.name)
	}
	if s.lastLine != s.line {
		s.lastLine = s.line
		e.msg("line %4d:", s.line)
	}
}
