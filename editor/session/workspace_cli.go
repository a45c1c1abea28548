package session

// The workspace history for the command line: kjx rewind --list, kjx
// rewind TARGET and kjx restore FILE@REF run a session without a UI
// through these.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undofile"
)

// Checkpoints returns the lines of :checkpoints.
func (s *Session) Checkpoints() ([]string, error) { return s.listCheckpoints() }

// RewindWorkspace is :rewind TARGET: confirm is asked the question, with
// the files listed, unless nothing needs a change; it answers whether to
// go on. The outcome is the session's last message (TakeMessages).
func (s *Session) RewindWorkspace(target string, confirm func(question string, files []string) bool) error {
	q, lines, err := s.rewind(target, false, false)
	if err != nil || q == "" {
		return err
	}
	if !confirm(q, lines) {
		return errors.New("rewind cancelled: nothing was changed")
	}
	_, _, err = s.rewind(target, false, true)
	return err
}

// RestoreFile makes the file at path state seq of its history: one
// movement of its undo tree, written crash-safely. A file changed on disk
// since kjx last saw it is refused unless force, which first records the
// text on disk as a state (as opening it in the editor does). It reports
// whether anything changed.
func (s *Session) RestoreFile(path string, seq int, force bool) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	if !force {
		if err := s.checkUnchanged(abs); err != nil {
			return false, err
		}
	}
	b, err := s.ed.LoadHidden(abs)
	if err != nil {
		return false, err
	}
	t := b.History()
	if t.Current() == seq && b.OnDisk() && !b.Modified() {
		return false, nil
	}
	if err := s.ed.MoveTo(b, seq); err != nil {
		return false, fmt.Errorf("%s: %v", cells.Sanitize(path), err)
	}
	if err := s.ed.WriteOwn(b); err != nil {
		return false, fmt.Errorf("%s: %v", cells.Sanitize(path), err)
	}
	return true, nil
}

// checkUnchanged refuses a file whose bytes are not those its undo file
// was saved with.
func (s *Session) checkUnchanged(abs string) error {
	data, err := os.ReadFile(abs)
	if err != nil {
		return err
	}
	dir, ok := s.persistDir()
	if !ok {
		return errors.New("no undo directory")
	}
	p, err := undofile.Canonical(abs)
	if err != nil {
		return err
	}
	l, err := undofile.Peek(dir, p, undofile.HashBytes(data), s.undoLimits())
	if err != nil {
		return err
	}
	if l.Changed {
		return fmt.Errorf("%s changed on disk since kjx last saw it; nothing was changed (--force records it as a state first)", cells.Sanitize(abs))
	}
	return nil
}

// stateOf is the undo state of b's file at the checkpoint named name
// (:fork NAME).
func (s *Session) stateOf(b *editor.Buffer, name string) (int, error) {
	w := s.workspace()
	if w == nil {
		return 0, fmt.Errorf("E475: Invalid argument: %s (no state or checkpoint of that name)", cells.Sanitize(name))
	}
	if err := w.work.wait(); err != nil {
		s.say("%s", firstLine(err))
	}
	cp, err := w.log.Resolve(name, s.wall.Now())
	if err != nil {
		return 0, fmt.Errorf("fork: %s", cells.Sanitize(firstLine(err)))
	}
	rel, _, ok := w.relOf(b)
	for _, e := range cp.Files {
		if ok && e.Path == rel && e.Exists {
			return e.Seq, nil
		}
	}
	return 0, fmt.Errorf("fork: the checkpoint «%s» does not record %s", cells.Sanitize(cp.Label), cells.Sanitize(b.Name()))
}
