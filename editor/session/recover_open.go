package session

// `kjx -r FILE|ID`: opening a recovery file.

import (
	"fmt"

	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile/recovery"
)

// Recover opens the state kept in a recovery file (recovery.go): arg is
// a file name, or the id `kjx -r` printed for an unnamed buffer. The
// buffer shows its original text (the file on disk, if it exists now, as
// one more state of source external) and the recovered states are
// redo-able, as the unsaved states of an undo file are: a message says
// how to reach the newest. The recovery file stays until the buffer is
// written.
func (s *Session) Recover(arg string) error {
	dir, err := s.undoDir()
	if err != nil {
		return fmt.Errorf("kjx -r: no undo directory: %w", err)
	}
	name, err := recovery.Find(dir, arg)
	if err != nil {
		return err
	}
	r, err := recovery.Load(name, s.undoLimits())
	if err != nil {
		return err
	}
	e := s.ed
	if r.Path != "" {
		if err := e.Open(openName(arg, r)); err != nil {
			return err
		}
	}
	b := e.Buffer()
	if b.History().Len() > 0 {
		return fmt.Errorf("kjx -r: %s has a history of its own; its recovery file is %s", arg, name)
	}
	tree, err := undo.Restore(r.Root, 0, r.Image, e.UndoOptions())
	if err != nil {
		return fmt.Errorf("recovery file %s: %w", name, err)
	}
	if text := b.Text(); !text.Equal(r.Root) {
		recordExternal(tree, text) // the file exists now, with other bytes
	}
	e.InstallHistory(b, tree)
	rb := s.recBufOf(b)
	if rb != nil && r.ID != "" {
		rb.id, rb.path = r.ID, recovery.UnnamedPath(r.ID)
	}
	if rb != nil {
		rb.sched = fingerprintOf(tree) // nothing new to write yet
	}
	if m := recoveredMessage(r.Image, 0); m != "" {
		s.say("%s (from %s)", m, name)
	}
	return nil
}

// openName is the name the recovered buffer gets: the file name as the
// user typed it (`kjx -r notes.txt` shows "notes.txt", as `vim -r` does),
// or the recorded absolute path when the argument was an id.
func openName(arg string, r recovery.Recovered) string {
	if r.ID == "" && arg != "" {
		return arg
	}
	return r.Path
}

// Recoverable lists the recovery files of the undo directory ('undodir'),
// newest first, and one error per file that cannot be read (`kjx -r`).
func (s *Session) Recoverable() ([]recovery.Entry, []error) {
	dir, err := s.undoDir()
	if err != nil {
		return nil, []error{fmt.Errorf("no undo directory: %w", err)}
	}
	return recovery.List(dir, s.undoLimits())
}
