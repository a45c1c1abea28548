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

func (p persistPort) Opened(b *editor.Buffer, l fileio.Loaded) {
	p.s.opened(b, l)
	p.s.wsOpened(b) // after the history was read: its seqs are the ones recorded
}

func (p persistPort) Writing(b *editor.Buffer, text buffer.Rope, eol bool) { p.s.writing(b, text, eol) }

func (p persistPort) Written(b *editor.Buffer, text buffer.Rope, eol bool) {
	p.s.written(b, text, eol)
	p.s.wsWritten(b)
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

func (p persistPort) Stats() ([]string, error)            { return p.s.stats() }
func (p persistPort) PrunePlan() ([]string, error)        { return p.s.prunePlan() }
func (p persistPort) Purge(path string) ([]string, error) { return p.s.purge(path) }

// workspacePort is the session's side of the core's Workspace port,
// served by workspace*.go.
type workspacePort struct{ s *Session }

func (p workspacePort) Checkpoint(name string) (bool, error) { return p.s.namedCheckpoint(name) }
func (p workspacePort) Checkpoints() ([]string, error)       { return p.s.listCheckpoints() }

func (p workspacePort) Rewind(target string, current, confirmed bool) (string, []string, error) {
	return p.s.rewind(target, current, confirmed)
}

func (p workspacePort) StateOf(b *editor.Buffer, name string) (int, error) {
	return p.s.stateOf(b, name)
}

func (p workspacePort) CheckpointItems() ([]editor.CheckpointItem, error) {
	return p.s.checkpointItems()
}

// shellPort is the session's side of the core's ShellRunner port: a
// command line run by package shell.
type shellPort struct{ r shell.Runner }

func (p shellPort) Run(command string, input []byte) (editor.ShellResult, error) {
	res, err := p.r.Run(command, input)
	return editor.ShellResult{Output: res.Output, ExitCode: res.ExitCode}, err
}
