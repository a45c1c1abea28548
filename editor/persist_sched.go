package editor

// Scheduling undo-file writes: on :w, on the save timer, on :bd and at
// exit (Close, persist.go), and the writer's results.

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// persistWritten is writeBuffer's hook after a successful write of the
// whole buffer to its own file (after MarkSaved): the bytes just written
// become the anchor and the history is scheduled at once. eol is the
// final-newline flag the write used ('fixendofline' is applied here as
// fileio.Save applies it).
func (e *Editor) persistWritten(b *Buffer, text buffer.Rope, eol bool) {
	e.drainResults()
	if !e.persistOn() || b.name == "" || b.tree.Levels() < 0 {
		return
	}
	pb := e.pbuf(b)
	if !pb.setPath(b.name) {
		return
	}
	eol = eol || e.opt.FixEndOfLine && text.Len() > 0
	t := text
	pb.anchor = anchor{tree: b.tree, seq: b.tree.Current(), disk: hashEncoded(t, eol, formatOf(b.ff)), text: &t}
	e.scheduleSave(b, pb)
}

// persistClosed is the :bdelete hook: a buffer's history is written when
// it is closed, if it changed.
func (e *Editor) persistClosed(b *Buffer) {
	if pb := e.persist.bufs[b]; pb != nil && e.persistOn() && !pb.sched.same(fingerprintOf(b.tree)) {
		e.scheduleSave(b, pb)
	}
}

// scheduleSave hands b's history to the writer: O(1) on this goroutine
// (a snapshot and a queue entry); encoding and I/O happen on the writer's.
// Nothing is written for a buffer without history, whose text was never
// on disk, or whose saved state was pruned from the history (there is
// nothing to anchor it to).
func (e *Editor) scheduleSave(b *Buffer, pb *persistBuf) bool {
	if pb.path == "" || b.tree.Levels() < 0 || b.tree.Len() == 0 {
		return false // no file, no undo, or nothing to undo (Vim writes nothing either)
	}
	dir, ok := e.persistDir()
	if !ok {
		return false
	}
	snap := b.tree.Snapshot()
	saved := snap.Saved()
	if saved < 0 || !e.fixAnchor(b, pb, snap, saved) || !e.prepareWrite(b, pb, dir) {
		return false
	}
	e.writer(dir).Schedule(undofile.Job{
		Path: pb.path, Image: snap.Export, SavedSeq: saved, Disk: pb.anchor.disk, Text: pb.anchor.text,
	})
	pb.sched, pb.schedAt = fingerprintOf(b.tree), e.clock.Now()
	return true
}

// fixAnchor makes sure the anchor describes state saved of b's tree. It
// does after a read or a write; after anything else that moved the saved
// state (:e!, a reload, :rundo) the bytes are recomputed from that state's
// text and the buffer's file flags.
func (e *Editor) fixAnchor(b *Buffer, pb *persistBuf, snap undo.Snapshot, saved int) bool {
	a := &pb.anchor
	if a.tree == b.tree && a.seq == saved && a.text != nil {
		return true
	}
	if b.noFile {
		return false
	}
	text, err := snap.TextAt(saved)
	if err != nil {
		return false
	}
	eol := b.eol && !(text.Len() == 0 && b.empty) || e.opt.FixEndOfLine && text.Len() > 0
	*a = anchor{tree: b.tree, seq: saved, disk: hashEncoded(text, eol, formatOf(b.ff)), text: &text}
	return true
}

// prepareWrite runs before a buffer's first write: an undo file that could
// not be loaded, or one whose history this buffer never loaded, is set
// aside rather than replaced. It reports false when that failed: the
// buffer's history is then not written, so nothing is lost.
func (e *Editor) prepareWrite(b *Buffer, pb *persistBuf, dir string) bool {
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
	aside, err := undofile.SetAside(name, e.clock.Now())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		if !pb.warned {
			pb.warned = true
			e.msg("W: undo file not written: %v; editing continues", err)
		}
		return false
	}
	if err == nil {
		e.msg("undo file %s kept aside as %s", name, aside)
	}
	pb.checked, pb.bad = true, ""
	return true
}

// Tick runs the undo-file save timer at time now: the history of every
// buffer that changed since it was last written, and was last written at
// least undo.save_interval ago, is handed to the background writer. It
// also shows the outcome of finished writes. Run calls it from its timer;
// headless mode has no timer and runs it from :sleep (see persistSleep).
// It reports whether it added a message.
func (e *Editor) Tick(now time.Time) bool {
	n := len(e.msgs)
	e.drainResults()
	if e.persistOn() {
		iv := e.saveInterval()
		for _, b := range e.bufs {
			pb := e.persist.bufs[b]
			if b.name == "" || b.noFile && pb == nil {
				continue
			}
			if pb == nil {
				pb = e.pbuf(b)
			}
			if pb.path == "" && !pb.setPath(b.name) {
				continue
			}
			if now.Sub(pb.schedAt) >= iv && !pb.sched.same(fingerprintOf(b.tree)) {
				e.scheduleSave(b, pb)
			}
		}
	}
	return len(e.msgs) > n
}

// persistSleep is :sleep's hook: the save timer runs on the editor's clock
// (so a virtual clock makes timer writes deterministic), and the writes it
// scheduled are waited for, at most sleepFlushTimeout.
func (e *Editor) persistSleep() {
	e.Tick(e.clock.Now())
	if e.persist.w == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), sleepFlushTimeout)
	defer cancel()
	_ = e.persist.w.Flush(ctx) // a slow disk only delays the write
	e.drainResults()
}

// drainResults shows the outcome of the writes finished so far.
func (e *Editor) drainResults() {
	if e.persist.w == nil {
		return
	}
	for {
		select {
		case r := <-e.persist.w.Results():
			e.undoResult(r)
		default:
			return
		}
	}
}

// undoResult shows one write's outcome: a failure is a warning in the
// message line, once until the next successful write of that file; the
// history is then written again at the next timer tick.
func (e *Editor) undoResult(r undofile.Result) bool {
	var pb *persistBuf
	for _, p := range e.persist.bufs {
		if p.path == r.Path {
			pb = p
			break
		}
	}
	if r.Err == nil {
		if pb != nil {
			pb.warned = false
		}
		return false
	}
	if pb != nil {
		pb.sched = fingerprint{} // retry at the next tick
		if pb.warned {
			return false
		}
		pb.warned = true
	}
	e.msg("W: undo file not written: %s; editing continues", writeReason(r.Err))
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
