package session

// Announcing a write: before :w replaces a file, its undo file records
// the write it is about to make (undofile.PendingWrite), so that a crash
// between the text file's rename and the undo file's next write leaves a
// history that accepts either text at the next start. docs/persistence.md
// has the crash-point table.

import (
	"context"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/undofile"
)

// pendingFlushTimeout bounds how long :w waits for its announcement to
// reach the undo file. A slower disk only delays it: the job stays queued
// and the write goes on (the crash window is then open as it was before).
const pendingFlushTimeout = 2 * time.Second

// encodedText remembers the hash of the text a write announced, so that
// the Written hook does not hash a large text a second time.
type encodedText struct {
	text buffer.Rope
	eol  bool
	disk undofile.FileState
}

// writeDisk is the FileState of the bytes a write of text with the final
// newline eol puts on disk ('fixendofline' applied as fileio.Save
// applies it), from pb's cache when the same text was just announced.
func (s *Session) writeDisk(b *editor.Buffer, pb *persistBuf, text buffer.Rope, eol bool) undofile.FileState {
	eol = eol || s.ed.Options().FixEndOfLine && text.Len() > 0
	if c := pb.announced; c != nil && c.eol == eol && c.text.Equal(text) {
		return c.disk
	}
	ff := b.FileFlags()
	disk := EncodedState(text, eol, ff.Format, ff.BOM)
	pb.announced = &encodedText{text: text, eol: eol, disk: disk}
	return disk
}

// writing is the hook before b's whole text is written to its own file:
// its undo file is written at once, still anchored to the bytes on disk
// now, with the write announced as pending (the current state, and the
// hash of text as it will be encoded). Nothing is announced for a buffer
// that has no anchor (never on disk, saved state pruned: a recovery file
// covers those) or when the bytes do not change.
func (s *Session) writing(b *editor.Buffer, text buffer.Rope, eol bool) {
	s.drainResults()
	tree := b.History()
	if !s.persistOn() || b.Name() == "" || tree.Levels() < 0 || tree.Len() == 0 {
		return
	}
	pb := s.pbuf(b)
	if !pb.setPath(b.Name()) {
		return
	}
	dir, ok := s.persistDir()
	if !ok {
		return
	}
	disk := s.writeDisk(b, pb, text, eol)
	snap := tree.Snapshot()
	saved := snap.Saved()
	if saved < 0 || !s.fixAnchor(b, pb, snap, saved) || pb.anchor.disk == disk || !s.prepareWrite(pb, dir) {
		return
	}
	w := s.writer(dir)
	w.Schedule(undofile.Job{
		Path: pb.path, Image: snap.Export, SavedSeq: saved, Disk: pb.anchor.disk, Text: pb.anchor.text,
		Pending: undofile.PendingWrite{Seq: tree.Current(), Disk: disk},
	})
	pb.sched, pb.schedAt = fingerprintOf(tree), s.clock.Now()
	ctx, cancel := context.WithTimeout(context.Background(), pendingFlushTimeout)
	defer cancel()
	_ = w.Flush(ctx) // a failure is a Result, shown as any write's
}
