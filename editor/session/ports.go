package session

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/shell"
)

// persistPort is the session's side of the core's Persistence port: the
// core's hooks and undo-file commands, served by persist*.go.
type persistPort struct{ s *Session }

func (p persistPort) Opened(b *editor.Buffer, l fileio.Loaded) { p.s.opened(b, l) }

func (p persistPort) Written(b *editor.Buffer, text buffer.Rope, eol bool) {
	p.s.written(b, text, eol)
}

func (p persistPort) Closed(b *editor.Buffer) { p.s.closed(b) }
func (p persistPort) UndoFileSet()            { p.s.undoFileSet() }
func (p persistPort) Slept()                  { p.s.slept() }

func (p persistPort) WriteHistory(b *editor.Buffer, file string, force bool) error {
	return p.s.writeHistory(b, file, force)
}

func (p persistPort) ReadHistory(b *editor.Buffer, file string) error {
	return p.s.readHistory(b, file)
}

func (p persistPort) Stats() ([]string, error) { return p.s.stats() }

// shellPort is the session's side of the core's ShellRunner port: a
// command line run by package shell.
type shellPort struct{ r shell.Runner }

func (p shellPort) Run(command string, input []byte) (editor.ShellResult, error) {
	res, err := p.r.Run(command, input)
	return editor.ShellResult{Output: res.Output, ExitCode: res.ExitCode}, err
}
