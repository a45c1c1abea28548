package session

// Recovery files: the state of a buffer that has no undo file yet (never
// written, or without a name) goes to a recovery file in the undo
// directory's "recover" sub-directory (package undofile/recovery), on the
// save timer (Tick) and at the end (FlushUndoFiles, which a SIGHUP,
// SIGTERM or SIGQUIT runs). It is removed once the buffer's own undo file
// holds the history (after a write), or when the buffer is deliberately
// closed (:bdelete!); :q! keeps it until retention removes it, so that
// `kjx -r` recovers an accidental :q!.

import (
	"context"
	"os"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/recovery"
)

// recoveryState is the session's recovery-file state (persistState.rec).
type recoveryState struct {
	w       *undofile.Writer
	wDir    string             // the undo directory w's recovery directory belongs to
	retired []*undofile.Writer // writers of an earlier 'undodir', still writing
	bufs    map[*editor.Buffer]*recBuf
	ids     int // unnamed buffers given an id so far
}

// recBuf is one buffer's recovery state.
type recBuf struct {
	path    string // the path in the recovery file's header
	id      string // the id of an unnamed buffer
	sched   fingerprint
	schedAt time.Time
	warned  bool
	// removeAfter is the text file whose undo-file write, once it
	// succeeds, makes the recovery file redundant ("": none pending).
	removeAfter string
}

// needsRecovery reports whether b's history is kept in a recovery file:
// it has changes, and no undo file can hold them (no name, a file never
// written, or a saved state no longer in the tree).
func (s *Session) needsRecovery(b *editor.Buffer) bool {
	tree := b.History()
	if tree.Levels() < 0 || tree.Len() == 0 {
		return false
	}
	return b.Name() == "" || b.FileFlags().NoFile || tree.Snapshot().Saved() < 0
}

// recBufOf returns b's recovery state, creating it with its header path;
// nil when b's name cannot be made canonical.
func (s *Session) recBufOf(b *editor.Buffer) *recBuf {
	r := &s.persist.rec
	if r.bufs == nil {
		r.bufs = map[*editor.Buffer]*recBuf{}
	}
	rb := r.bufs[b]
	if rb == nil {
		rb = &recBuf{schedAt: s.clock.Now()}
		r.bufs[b] = rb
	}
	path := ""
	if b.Name() == "" {
		if rb.id == "" {
			r.ids++
			rb.id = recovery.NewID(s.wall.Now(), os.Getpid(), r.ids)
		}
		path = recovery.UnnamedPath(rb.id)
	} else {
		p, err := undofile.Canonical(b.Name())
		if err != nil {
			return nil
		}
		path = p
	}
	if rb.path != "" && rb.path != path {
		s.removeRecovery(rb) // the buffer was renamed (:file)
	}
	rb.path = path
	return rb
}

// tickRecovery is Tick's part: b's recovery file is written when its
// history changed and was last written at least iv ago.
func (s *Session) tickRecovery(b *editor.Buffer, now time.Time, iv time.Duration) {
	if !s.needsRecovery(b) {
		return
	}
	rb := s.recBufOf(b)
	if rb != nil && now.Sub(rb.schedAt) >= iv && !rb.sched.same(fingerprintOf(b.History())) {
		s.scheduleRecovery(b, rb)
	}
}

// scheduleRecovery hands b's history, anchored to its original text, to
// the recovery writer.
func (s *Session) scheduleRecovery(b *editor.Buffer, rb *recBuf) {
	dir, ok := s.persistDir()
	if !ok {
		return
	}
	tree := b.History()
	snap := tree.Snapshot()
	root, err := snap.TextAt(0)
	if err != nil {
		return
	}
	w := s.recoveryWriter(dir)
	w.Schedule(undofile.Job{Path: rb.path, Image: snap.Export, SavedSeq: 0, Text: &root})
	rb.sched, rb.schedAt = fingerprintOf(tree), s.clock.Now()
}

// recoveryWriter returns the writer of dir's recovery directory, starting
// it on first use.
func (s *Session) recoveryWriter(dir string) *undofile.Writer {
	r := &s.persist.rec
	if r.w != nil && r.wDir == dir {
		return r.w
	}
	if r.w != nil {
		r.retired = append(r.retired, r.w) // finished at exit
	}
	r.w = s.newWriter(recovery.Dir(dir))
	r.wDir = dir
	return r.w
}

// drainRecoveryResults shows the failures of finished recovery writes,
// once per buffer until one succeeds.
func (s *Session) drainRecoveryResults() {
	r := &s.persist.rec
	if r.w == nil {
		return
	}
	for {
		select {
		case res := <-r.w.Results():
			s.recoveryResult(res)
		default:
			return
		}
	}
}

func (s *Session) recoveryResult(res undofile.Result) {
	for _, rb := range s.persist.rec.bufs {
		if rb.path != res.Path {
			continue
		}
		if res.Err == nil {
			rb.warned = false
			return
		}
		rb.sched = fingerprint{} // retry at the next tick
		if !rb.warned {
			rb.warned = true
			s.say("W: recovery file not written: %s; editing continues", writeReason(res.Err))
		}
		return
	}
}

// flushRecovery is FlushUndoFiles's part: every buffer that needs one
// gets its recovery file written now, and the writers are finished (what
// they have not written yet is written on this goroutine) and stopped.
// Failures are kept among the session's unsaved files (noteUnsaved).
func (s *Session) flushRecovery() {
	if s.persistOn() {
		for _, b := range s.ed.Buffers() {
			if !s.needsRecovery(b) {
				continue
			}
			if rb := s.recBufOf(b); rb != nil && !rb.sched.same(fingerprintOf(b.History())) {
				s.scheduleRecovery(b, rb)
			}
		}
	}
	r := &s.persist.rec
	results := finishAll(append(r.retired, r.w))
	r.w, r.retired = nil, nil
	for _, res := range results {
		s.recoveryResult(res)
	}
	s.noteUnsaved("recovery data", results)
}

// recoveryWritten is the write hook's part: once b's undo file holds the
// history (the write scheduled for path succeeded), b's recovery file is
// removed; when no undo file is written for it, at once.
func (s *Session) recoveryWritten(b *editor.Buffer, path string, scheduled bool) {
	rb := s.persist.rec.bufs[b]
	if rb == nil {
		return
	}
	if scheduled {
		rb.removeAfter = path
		return
	}
	s.dropRecovery(b, rb)
}

// undoWrittenForRecovery runs after a successful undo-file write of
// path: the recovery files waiting for it go.
func (s *Session) undoWrittenForRecovery(path string) {
	for b, rb := range s.persist.rec.bufs {
		if rb.removeAfter == path {
			s.dropRecovery(b, rb)
		}
	}
}

// dropRecovery removes b's recovery file and forgets b's recovery state.
func (s *Session) dropRecovery(b *editor.Buffer, rb *recBuf) {
	s.removeRecovery(rb)
	delete(s.persist.rec.bufs, b)
}

func (s *Session) removeRecovery(rb *recBuf) {
	dir, ok := s.persistDir()
	if !ok || rb.path == "" {
		return
	}
	if r := &s.persist.rec; r.w != nil {
		ctx, cancel := context.WithTimeout(context.Background(), sleepFlushTimeout)
		_ = r.w.Flush(ctx) // a write still queued must not recreate the file
		cancel()
	}
	if err := recovery.Remove(dir, rb.path); err != nil {
		s.say("W: %v", err)
	}
}
