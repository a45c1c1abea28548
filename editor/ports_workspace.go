package editor

import "errors"

// Workspace is the workspace history as the core sees it: checkpoints
// that record every file of the workspace, and rewinds that move them
// all back together (docs/workspace.md). The session implements it; its
// methods run on the editor's goroutine and may call the core back
// (LoadHidden, MoveTo, WriteOwn, ShowMessage).
type Workspace interface {
	// Checkpoint is :checkpoint NAME, after the current buffer's state
	// was labelled NAME: a checkpoint of every file named NAME. took is
	// false when there is no workspace history.
	Checkpoint(name string) (took bool, err error)
	// Checkpoints is :checkpoints: the lines it lists, newest first.
	Checkpoints() ([]string, error)
	// CheckpointItems are the checkpoints for the :rewind picker, newest
	// first.
	CheckpointItems() ([]CheckpointItem, error)
	// Rewind is :rewind[!] TARGET. Unless confirmed it only plans: it
	// returns the question to ask and the lines to show before it (no
	// question: nothing to ask, it rewound). Confirmed, it rewinds and
	// shows the outcome as a message. current limits the rewind to
	// the current buffer's file.
	Rewind(target string, current, confirmed bool) (question string, lines []string, err error)
	// StateOf is the undo state b's file was in at the checkpoint named
	// name (:fork NAME).
	StateOf(b *Buffer, name string) (int, error)
}

// errNoWorkspace is the answer of a core without a workspace history.
var errNoWorkspace = errors.New("no workspace history here (it needs 'undofile' and a session)")

// noWorkspace is the Workspace of a core without a session.
type noWorkspace struct{}

func (noWorkspace) Checkpoint(string) (bool, error) { return false, nil }
func (noWorkspace) Checkpoints() ([]string, error)  { return nil, errNoWorkspace }

func (noWorkspace) CheckpointItems() ([]CheckpointItem, error) { return nil, errNoWorkspace }
func (noWorkspace) StateOf(_ *Buffer, name string) (int, error) {
	return 0, errors.New("E475: Invalid argument: " + name + " (no state or checkpoint of that name)")
}

func (noWorkspace) Rewind(string, bool, bool) (string, []string, error) {
	return "", nil, errNoWorkspace
}
