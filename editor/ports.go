package editor

// The core's ports: the small interfaces through which the synchronous
// core reaches what lies beside it. The session (package editor/session)
// implements them; a Config without them gets the ones below that do
// nothing, so a core on its own reads and writes no undo file and watches
// no file. Port methods run on the editor's goroutine, inside the command
// that calls them, and may call the core back (InstallHistory,
// ShowMessage): they must not block for long.

import (
	"errors"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
)

// Persistence is persistent undo as the core sees it: the core says what
// happened to a buffer's file, and hands over the commands that read or
// write undo files.
type Persistence interface {
	// Opened: the file of b was just read (l is what was read) and b
	// holds its text as the only state of a new history.
	Opened(b *Buffer, l fileio.Loaded)
	// Writing: the whole of b is about to be written to its own file, as
	// text with the final newline eol (before 'fixendofline' is applied):
	// the undo file announces the write before the file is replaced, so
	// that a crash in between cannot detach the history. A write that
	// then fails needs no word: the announcement is simply not used.
	Writing(b *Buffer, text buffer.Rope, eol bool)
	// Written: the whole of b was just written to its own file, as text
	// with the final newline eol (before 'fixendofline' is applied).
	Written(b *Buffer, text buffer.Rope, eol bool)
	// Closed: :bdelete closed b.
	Closed(b *Buffer)
	// UndoFileSet: :set undofile ran (the option may have been on).
	UndoFileSet()
	// Slept: :sleep moved the clock; timers that run on it are due.
	Slept()
	// WriteHistory is :wundo[!] file: write b's history, which is not
	// empty, to file (force: even over a file that is not an undo file).
	WriteHistory(b *Buffer, file string, force bool) error
	// ReadHistory is :rundo file: make the history in file b's history,
	// if it was written for b's current text.
	ReadHistory(b *Buffer, file string) error
	// Stats is :undostats: the lines it lists.
	Stats() ([]string, error)
	// PrunePlan is :undostats prune: the histories the next retention
	// pass would delete, deleting nothing.
	PrunePlan() ([]string, error)
	// Purge is :undopurge: delete on purpose the history of the file
	// path, or every orphaned history (path "orphans"); the lines say
	// what was deleted.
	Purge(path string) ([]string, error)
}

// FileWatch is the file watcher as the core sees it: the core registers
// the files of its buffers and hears back through Editor.FilesChanged.
type FileWatch interface {
	// Watch starts watching the file at the absolute path for changes on
	// disk. It returns ErrNotWatching when no watcher runs.
	Watch(path string) error
	// Unwatch stops watching path.
	Unwatch(path string)
}

// ErrNotWatching is FileWatch.Watch's answer when no watcher runs: the
// file is then checked by PollFiles, :checktime and before each :w.
var ErrNotWatching = errors.New("files are not watched for changes on disk")

// ShellRunner runs a command line through the user's shell with input on
// its stdin, and returns what it wrote on stdout and stderr: the one way
// the core starts other programs (:!cmd, :{range}!filter, :r !cmd). A
// command that cannot start is an error; one that fails is a ShellResult
// with its exit status.
type ShellRunner interface {
	Run(command string, input []byte) (ShellResult, error)
}

// ShellResult is what a shell command did.
type ShellResult struct {
	// Output is what it wrote on stdout and stderr, in order.
	Output []byte
	// ExitCode is its exit status (0 for success).
	ExitCode int
}

// errNoShell is the noShell's answer.
var errNoShell = errors.New("no shell here")

// noShell is the ShellRunner of a core without a session.
type noShell struct{}

func (noShell) Run(string, []byte) (ShellResult, error) { return ShellResult{}, errNoShell }

// noPersistence is the Persistence of a core without a session: no undo
// files.
type noPersistence struct{}

func (noPersistence) Opened(*Buffer, fileio.Loaded)      {}
func (noPersistence) Writing(*Buffer, buffer.Rope, bool) {}
func (noPersistence) Written(*Buffer, buffer.Rope, bool) {}
func (noPersistence) Closed(*Buffer)                     {}
func (noPersistence) UndoFileSet()                       {}
func (noPersistence) Slept()                             {}

func (noPersistence) WriteHistory(_ *Buffer, file string, _ bool) error {
	return errors.New("E828: Cannot open undo file for writing: " + file + " (no persistent undo here)")
}

func (noPersistence) ReadHistory(_ *Buffer, file string) error {
	return errors.New("E822: Cannot open undo file for reading: " + file + " (no persistent undo here)")
}

func (noPersistence) Stats() ([]string, error) {
	return nil, errors.New("E828: no undo directory: no persistent undo here")
}

func (noPersistence) PrunePlan() ([]string, error) { return noPersistence{}.Stats() }

func (noPersistence) Purge(string) ([]string, error) { return noPersistence{}.Stats() }

// noWatch is the FileWatch of a core without a session.
type noWatch struct{}

func (noWatch) Watch(string) error { return ErrNotWatching }
func (noWatch) Unwatch(string)     {}
