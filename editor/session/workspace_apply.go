package session

// Making a rewind, all or nothing: the buffers move on the session's
// goroutine; the files are written (or removed) by a few goroutines at
// once, since each crash-safe write waits for the disk; the writes are
// then recorded on the session's goroutine. If any step failed, every
// buffer moves back and every file already changed is put back.

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// rewindWorkers bounds the files written at once.
const rewindWorkers = 16

// rwStep is one file of a rewind being made: what it was (for the
// rollback) and its write (nil: the file is removed).
type rwStep struct {
	rwUndo
	job    *editor.WriteJob
	remove bool
	done   bool // the file on disk was changed
	err    error
}

// applyRewind makes the rewind: a "before rewind" checkpoint, then every
// file of plan.
func (s *Session) applyRewind(w *wsState, cp workspace.Checkpoint, plan []*rwFile) error {
	s.checkpoint(w, labelBeforeRewind, false, nil)
	if err := w.work.wait(); err != nil {
		return fmt.Errorf("rewind refused: the \"before rewind\" checkpoint failed (%s); nothing was changed", firstLine(err))
	}
	w.rewinding = true
	defer func() { w.rewinding = false }()
	steps := make([]rwStep, 0, len(plan))
	failed := -1
	for _, f := range plan {
		st, err := s.prepareFile(f)
		st.err = err
		steps = append(steps, st)
		if err != nil {
			failed = len(steps) - 1
			break
		}
	}
	if failed < 0 {
		runSteps(steps)
	}
	for i := range steps {
		st := &steps[i]
		switch {
		case st.err != nil:
		case st.job != nil:
			st.err = s.ed.FinishWrite(st.job)
		case st.remove && st.done:
			st.err = s.ed.RemoveOwn(st.b) // gone already: the buffer learns it
		}
		if st.err != nil && failed < 0 {
			failed = i
		}
	}
	if failed >= 0 {
		return s.rollback(steps, &steps[failed])
	}
	s.ed.SetRewound(cp.Label)
	s.say("%d %s rewound to «%s»; :rewind \"before rewind\" goes back", len(plan), plural(len(plan), "file"), cells.Sanitize(cp.Label))
	return nil
}

// prepareFile moves one file's buffer (loaded hidden if need be) to its
// state — the recorded undo state, or the stored text as a new state —
// and prepares its write, or its removal.
func (s *Session) prepareFile(f *rwFile) (rwStep, error) {
	b := f.b
	if b == nil {
		var err error
		if b, err = s.ed.LoadHidden(f.abs); err != nil {
			return rwStep{rwUndo: rwUndo{f: f}}, err
		}
	}
	st := rwStep{rwUndo: rwUndo{f: f, b: b, seq: b.History().Current(), text: b.Text(), onDisk: b.OnDisk()}}
	if !f.want.Exists {
		st.remove = true
		return st, nil
	}
	if err := s.moveToEntry(b, f); err != nil {
		return st, err
	}
	job, err := s.ed.PrepareWrite(b)
	st.job = job
	return st, err
}

// runSteps writes and removes the files, rewindWorkers at a time. Each
// goroutine touches only its own step and the job's immutable values.
func runSteps(steps []rwStep) {
	sem := make(chan struct{}, rewindWorkers)
	var wg sync.WaitGroup
	for i := range steps {
		st := &steps[i]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			if st.remove {
				st.err = removeFile(st.f.abs)
			} else {
				st.err = st.job.Run()
			}
			st.done = st.err == nil
		}()
	}
	wg.Wait()
}

// removeFile deletes a file (a missing one is fine).
func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove: %w", err)
	}
	return nil
}

// rollback puts back every file the rewind moved or changed, newest
// first, and returns the error that names the failure.
func (s *Session) rollback(steps []rwStep, failed *rwStep) error {
	var errs []error
	for i := len(steps) - 1; i >= 0; i-- {
		st := &steps[i]
		if st.b == nil {
			continue
		}
		if err := s.ed.MoveTo(st.b, st.seq); err != nil || !st.b.Text().Equal(st.text) {
			s.ed.SetText(st.b, st.text, undo.SourceRestore)
		}
		if !st.done {
			continue // its file was not touched
		}
		if err := s.putBack(st); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", st.f.rel, err))
		}
	}
	what := cells.Sanitize(failed.f.rel) + ": " + cells.Sanitize(firstLine(failed.err))
	if rb := errors.Join(errs...); rb != nil {
		return fmt.Errorf("rewind failed: %s; putting back failed too: %s", what, cells.Sanitize(firstLine(rb)))
	}
	return fmt.Errorf("rewind failed: %s; every file was put back", what)
}

// putBack writes a changed file back as it was (or removes it again).
func (s *Session) putBack(st *rwStep) error {
	if !st.onDisk {
		return s.ed.RemoveOwn(st.b)
	}
	return s.ed.WriteOwn(st.b)
}
