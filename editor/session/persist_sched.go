package session

// Scheduling undo-file writes: on :w, on the save timer, on :bd and at
// exit (FlushUndoFiles, persist_exit.go), and the writer's results.

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// written is the hook after a successful write of the whole buffer to its
// own file (after MarkSaved): the bytes just written become the anchor
// and the history is scheduled at once. eol is the final-newline flag the
// write used ('fixendofline' is applied here as fileio.Save applies it).
func (s *Session) written(b *editor.Buffer, text buffer.Rope, eol bool) {
	s.drainResults()
	tree := b.History()
	if !s.persistOn() || b.Name() == "" || tree.Levels() < 0 {
		return
	}
	pb := s.pbuf(b)
	if !pb.setPath(b.Name()) {
		return
	}
	pb.touched = true
	t := text
	pb.anchor = anchor{tree: tree, seq: tree.Current(), disk: s.writeDisk(b, pb, text, eol), text: &t}
	pb.announced = nil // the text is not held longer than the anchor holds it
	s.recoveryWritten(b, pb.path, s.scheduleSave(b, pb))
}

// closed is the :bdelete hook: a buffer's history is written when it is
// closed, if it changed.
func (s *Session) closed(b *editor.Buffer) {
	if rb := s.persist.rec.bufs[b]; rb != nil {
		s.dropRecovery(b, rb) // a buffer closed on purpose, its changes discarded
	}
	if pb := s.persist.bufs[b]; pb != nil && s.persistOn() && pb.changedSince(b.History()) {
		s.scheduleSave(b, pb)
	}
}

// scheduleSave hands b's history to the writer: O(1) on this goroutine
// (a snapshot and a queue entry); encoding and I/O happen on the writer's.
// Nothing is written for a buffer without history, whose text was never
// on disk, or whose saved state was pruned from the history (there is
// nothing to anchor it to).
func (s *Session) scheduleSave(b *editor.Buffer, pb *persistBuf) bool {
	tree := b.History()
	if pb.path == "" || tree.Levels() < 0 || tree.Len() == 0 {
		return false // no file, no undo, or nothing to undo (Vim writes nothing either)
	}
	dir, ok := s.persistDir()
	if !ok {
		return false
	}
	snap := tree.Snapshot()
	saved := snap.Saved()
	if saved < 0 || !s.fixAnchor(b, pb, snap, saved) || !s.prepareWrite(pb, dir) {
		return false
	}
	s.writer(dir).Schedule(undofile.Job{
		Path: pb.path, Image: snap.Export, SavedSeq: saved, Disk: pb.anchor.disk, Text: pb.anchor.text,
	})
	pb.sched, pb.schedAt = fingerprintOf(tree), s.clock.Now()
	return true
}

// fixAnchor makes sure the anchor describes state saved of b's tree. It
// does after a read or a write; after anything else that moved the saved
// state (:e!, a reload, :rundo) the bytes are recomputed from that state's
// text and the buffer's file flags.
func (s *Session) fixAnchor(b *editor.Buffer, pb *persistBuf, snap undo.Snapshot, saved int) bool {
	a := &pb.anchor
	tree, ff := b.History(), b.FileFlags()
	if a.tree == tree && a.seq == saved && a.text != nil {
		return true
	}
	if ff.NoFile {
		return false
	}
	text, err := snap.TextAt(saved)
	if err != nil {
		return false
	}
	eol := ff.EOL && !(text.Len() == 0 && ff.Empty) || s.ed.Options().FixEndOfLine && text.Len() > 0
	*a = anchor{tree: tree, seq: saved, disk: EncodedState(text, eol, ff.Format, ff.BOM), text: &text}
	return true
}

// prepareWrite runs before a buffer's first write: an undo file that could
// not be loaded, or one whose history this buffer never loaded, is set
// aside rather than replaced. It reports false when that failed: the
// buffer's history is then not written, so nothing is lost.
func (s *Session) prepareWrite(pb *persistBuf, dir string) bool {
	if pb.checked && pb.bad == "" {
		return true
	}
	name := pb.bad
	if name == "" {
		n, err := undofile.Locate(dir, pb.path)
		if err != nil {
			return false
		}
		if _, err := os.Lstat(n); err != nil {
			pb.checked = true
			return true
		}
		name = n
	}
	aside, err := undofile.SetAside(name, s.clock.Now())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		if !pb.warned {
			pb.warned = true
			s.say("W: undo file not written: %v; editing continues", err)
		}
		return false
	}
	if err == nil {
		s.say("undo file %s kept aside as %s", name, aside)
	}
	pb.checked, pb.bad = true, ""
	return true
}

// Tick runs the undo-file save timer at time now: the history of every
// buffer that changed since it was last written, and was last written at
// least undo.save_interval ago, is handed to the background writer. It
// also shows the outcome of finished writes. Run calls it from its timer;
// headless mode has no timer and runs it from :sleep (see slept). It
// reports whether it added a message.
//
// A buffer that has no undo file yet (no name, never written) gets a
// recovery file instead, on the same timer (recovery.go).
func (s *Session) Tick(now time.Time) bool {
	n := s.persist.said
	s.drainResults()
	s.drainRecoveryResults()
	if s.persistOn() {
		iv := s.saveInterval()
		for _, b := range s.ed.Buffers() {
			s.tickRecovery(b, now, iv)
			pb := s.persist.bufs[b]
			if b.Name() == "" || b.FileFlags().NoFile && pb == nil {
				continue
			}
			if pb == nil {
				pb = s.pbuf(b)
			}
			if pb.path == "" && !pb.setPath(b.Name()) {
				continue
			}
			if now.Sub(pb.schedAt) >= iv && pb.changedSince(b.History()) {
				s.scheduleSave(b, pb)
			}
		}
	}
	return s.persist.said > n
}

// slept is :sleep's hook: the save timer runs on the session's clock (so a
// virtual clock makes timer writes deterministic), and the writes it
// scheduled are waited for, at most sleepFlushTimeout of real time.
func (s *Session) slept() {
	s.Tick(s.clock.Now())
	if s.persist.w == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), sleepFlushTimeout)
	defer cancel()
	_ = s.persist.w.Flush(ctx) // a slow disk only delays the write
	s.drainResults()
}

// drainResults shows the outcome of the writes finished so far, of the
// writer and of the retired ones.
func (s *Session) drainResults() {
	for _, w := range append(s.persist.retired, s.persist.w) {
		if w == nil {
			continue
		}
		for _, r := range appendWaiting(nil, w) {
			s.undoResult(r)
		}
	}
}

// undoResult shows one write's outcome: a failure is a warning in the
// message line, once until the next successful write of that file; the
// history is then written again at the next timer tick.
func (s *Session) undoResult(r undofile.Result) bool {
	var pb *persistBuf
	for _, p := range s.persist.bufs {
		if p.path == r.Path {
			pb = p
			break
		}
	}
	if r.Err == nil {
		if pb != nil {
			pb.warned = false
		}
		s.undoWrittenForRecovery(r.Path)
		return false
	}
	if pb != nil {
		pb.sched = fingerprint{} // retry at the next tick
		if pb.warned {
			return false
		}
		pb.warned = true
	}
	s.say("W: undo file not written: %s; editing continues", writeReason(r.Err))
	return true
}

// writeReason is the short reason of a failed write: "disk full" or
// "read-only file system" for a full or read-only disk, else the error's
// detail.
func writeReason(err error) string {
	var ue *undofile.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	if ue.Kind == undofile.KindNoSpace {
		if i := strings.Index(ue.Detail, " ("); i > 0 {
			return ue.Detail[:i]
		}
	}
	return ue.Detail
}
