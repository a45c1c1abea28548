package session

// The undo-file writers' lifecycle: a writer per undo directory, started
// on first use and retired (still writing) when 'undodir' or the limits
// change; Run's save timer; and the exit (FlushUndoFiles), which never
// drops a history: what the writer has not done yet is written by the
// exiting goroutine itself (undofile.Writer.Finish), and every failure is
// returned, one error per file (UnsavedError), for the caller to print
// once the terminal is restored.

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undofile"
)

// writer returns the session's writer for dir, starting it on first use.
// When 'undodir' or the limits changed, the old writer is retired: it
// goes on writing its queue, and the exit finishes it.
func (s *Session) writer(dir string) *undofile.Writer {
	p := &s.persist
	if p.w != nil && p.wDir == dir && !p.wStale {
		return p.w
	}
	if p.w != nil {
		p.retired = append(p.retired, p.w)
	}
	p.wStale = false
	s.startPrune()
	p.w = s.newWriter(dir)
	p.wDir = dir
	return p.w
}

// newWriter starts a writer for dir with the session's limits and clock.
func (s *Session) newWriter(dir string) *undofile.Writer {
	return undofile.NewWriter(undofile.WriterOptions{Dir: dir, Limits: s.undoLimits(), Clock: s.wall, Fault: s.persist.fault})
}

// saveTick is the channel of Run's save timer: nil (never ready) unless
// Run is active and persistence is on. The timer is armed again after
// each tick (runSaveTick).
func (s *Session) saveTick() <-chan time.Time {
	p := &s.persist
	if !p.running || !s.persistOn() {
		return nil
	}
	if p.ticker == nil {
		p.ticker = s.clock.NewTimer(saveTickPeriod)
	}
	return p.ticker.C()
}

// runSaveTick is a tick of Run's save timer: Tick at the clock's time,
// and the timer armed for the next one. It reports whether a message
// was shown.
func (s *Session) runSaveTick() bool {
	s.persist.ticker.Reset(saveTickPeriod)
	return s.Tick(s.clock.Now())
}

// undoResults is the writer's result channel, nil while there is no
// writer.
func (s *Session) undoResults() <-chan undofile.Result {
	if s.persist.w == nil {
		return nil
	}
	return s.persist.w.Results()
}

// runPersist is Run's hook: it turns the save timer on, and the function
// it returns (deferred by Run) stops it and writes what is left
// (FlushUndoFiles). Its failures are kept for Close, which returns them
// once the UI is gone.
func (s *Session) runPersist() func() {
	s.persist.running = true
	return func() {
		s.persist.running = false
		if s.persist.ticker != nil {
			s.persist.ticker.Stop()
			s.persist.ticker = nil
		}
		_ = s.FlushUndoFiles() // the failures are kept for Close
	}
}

// FlushUndoFiles ends persistent undo for now: the history of every
// buffer that changed since its last undo-file write is written (also
// after :q!: unsaved changes come back as redo-able states next time),
// and so is the recovery data of buffers that have no undo file; the
// writers are finished and stopped, and the start-up retention pass is
// waited for. Run calls it when it returns, and Close; a later write
// starts a new writer.
//
// No history is dropped for time: whatever the writer has not written
// yet is written on the calling goroutine (undofile.Writer.Finish). Every
// history or recovery file whose last exit write failed is shown as a
// message and returned as an *UnsavedError, joined (ErrorLines prints
// them); it stays among the failures, which Close returns, until a later
// write of that file succeeds.
//
// It is synchronous: it is what a handler of SIGHUP or SIGTERM calls
// before the process exits, so that no typing is lost.
func (s *Session) FlushUndoFiles() error {
	s.drainResults()
	if s.persistOn() {
		for _, b := range s.ed.Buffers() {
			if pb := s.persist.bufs[b]; pb != nil && pb.changedSince(b.History()) {
				s.scheduleSave(b, pb)
			}
		}
	}
	p := &s.persist
	results := finishAll(append(p.retired, p.w))
	p.w, p.retired = nil, nil
	for _, r := range results {
		s.undoResult(r)
	}
	s.noteUnsaved("history", results)
	s.flushRecovery()
	if p.pruneCh != nil {
		<-p.pruneCh
	}
	return s.unsavedErr()
}

// finishAll finishes every writer of ws (nil ones skipped) and returns
// all their results in the order the writes ended: those already waiting
// on Results, then Finish's.
func finishAll(ws []*undofile.Writer) []undofile.Result {
	var out []undofile.Result
	for _, w := range ws {
		if w == nil {
			continue
		}
		out = appendWaiting(out, w)
		fin := w.Finish()
		out = appendWaiting(out, w) // ended between the first drain and Finish
		out = append(out, fin...)
	}
	return out
}

// appendWaiting appends the results waiting on w's channel.
func appendWaiting(out []undofile.Result, w *undofile.Writer) []undofile.Result {
	for {
		select {
		case r := <-w.Results():
			out = append(out, r)
		default:
			return out
		}
	}
}

// UnsavedError is a history (What "history") or a buffer's recovery data
// (What "recovery data") that could not be written at exit. Its message
// is one line naming the text file and the reason.
type UnsavedError struct {
	What string // "history" or "recovery data"
	Path string // the text file (for an unnamed buffer, its recovery id)
	Err  error  // the write's error, naming the file it could not write
}

// Error implements error.
func (e *UnsavedError) Error() string {
	return fmt.Sprintf("%s of %s not saved: %v", e.What, e.Path, e.Err)
}

// Unwrap returns the write's error.
func (e *UnsavedError) Unwrap() error { return e.Err }

// noteUnsaved records the outcome of exit writes (what: "history" or
// "recovery data"): a failure is kept (replacing an earlier one of the
// same file), a success forgets the file's earlier failure.
func (s *Session) noteUnsaved(what string, results []undofile.Result) {
	p := &s.persist
	for _, r := range results {
		i := slices.IndexFunc(p.unsaved, func(e *UnsavedError) bool { return e.What == what && e.Path == r.Path })
		switch {
		case r.Err == nil && i >= 0:
			p.unsaved = slices.Delete(p.unsaved, i, i+1)
		case r.Err == nil:
		case i >= 0:
			p.unsaved[i].Err = r.Err
		default:
			p.unsaved = append(p.unsaved, &UnsavedError{What: what, Path: r.Path, Err: r.Err})
		}
	}
}

// unsavedErr joins the exit failures not cured since (nil: none).
func (s *Session) unsavedErr() error {
	errs := make([]error, len(s.persist.unsaved))
	for i, e := range s.persist.unsaved {
		errs[i] = e
	}
	return errors.Join(errs...)
}

// ErrorLines is err as lines for standard error: one line for each error
// joined in it (errors.Join, recursively), each escaped as the screen
// escapes text (control characters as ^X, invalid UTF-8 as <xx>), so a
// file name can neither split a line nor reach the terminal raw.
func ErrorLines(err error) []string {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []string
		for _, e := range j.Unwrap() {
			out = append(out, ErrorLines(e)...)
		}
		return out
	}
	return []string{cells.Sanitize(err.Error())}
}
