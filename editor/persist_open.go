package editor

// Reading undo files: when a file is opened (and when 'undofile' is turned
// on for buffers that have no history yet), the history saved for it is
// restored, grafted onto a text changed outside kjx, or set aside.

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// graftDiffTimeout bounds the line diff of a graft (linediff bounds its
// own work; this is a backstop).
const graftDiffTimeout = 2 * time.Second

// hashEncoded is the FileState of the bytes fileio writes for text with
// the given final-newline flag and format: what is on disk after a read
// or a write, which is what an undo file's hash describes.
func hashEncoded(text buffer.Rope, eol bool, f fileio.Format) undofile.FileState {
	h := sha256.New()
	n, _ := fileio.Encode(h, text, eol, f) // a hash.Hash never fails
	var s undofile.FileState
	h.Sum(s.Hash[:0])
	s.Size = n
	return s
}

// persistOpened is Open's hook after a file was read into b: with
// persistence on, its undo file is read and the history restored.
func (e *Editor) persistOpened(b *Buffer, l fileio.Loaded) {
	e.drainResults()
	if e.persist.bufs != nil {
		delete(e.persist.bufs, b)
	}
	if !e.persistOn() || b.tree.Levels() < 0 {
		return
	}
	pb := e.pbuf(b)
	if !pb.setPath(b.name) {
		return
	}
	text := l.Text
	e.loadHistory(b, pb, text, hashEncoded(text, l.EOL, l.Format))
}

// loadHistory reads the undo file of pb.path for b, whose text (b's
// current and only state) is text, and whose bytes on disk are disk. It
// leaves pb anchored and, unless the history changed here (a graft),
// scheduled as it is.
func (e *Editor) loadHistory(b *Buffer, pb *persistBuf, text buffer.Rope, disk undofile.FileState) {
	t := text
	setAnchor := func() {
		pb.anchor = anchor{tree: b.tree, seq: b.tree.Current(), disk: disk, text: &t}
		pb.sched, pb.schedAt = fingerprintOf(b.tree), e.clock.Now()
	}
	dir, ok := e.persistDir()
	if !ok {
		return
	}
	l, err := undofile.Read(dir, pb.path, disk, e.undoLimits())
	pb.checked = true
	switch {
	case errors.Is(err, fs.ErrNotExist):
		setAnchor()
		return
	case err != nil:
		e.msg("%s", err.Error())
		pb.bad = unusableFile(err)
		setAnchor()
		return
	}
	if l.Changed {
		if e.graft(b, pb, l, text) {
			setAnchor()
			pb.sched = fingerprint{} // the graft is new history: write it
			return
		}
		setAnchor()
		return
	}
	tree, err := undo.Restore(text, l.File.SavedSeq, l.File.Image, e.undoOptions())
	if err != nil {
		e.msg("undo file %s: corrupt (%v); history not loaded", l.Name, err)
		pb.bad = l.Name
		setAnchor()
		return
	}
	e.installTree(b, tree)
	setAnchor()
	if m := recoveredMessage(l.File.Image, l.File.SavedSeq); m != "" {
		e.msg("%s", m)
	}
}

// unusableFile returns the undo file that a read error is about, if it
// exists and must not be overwritten by the next write (it is set aside
// first): anything but another file's history or an I/O error on a file
// that is not there.
func unusableFile(err error) string {
	var ue *undofile.Error
	if !errors.As(err, &ue) || ue.Name == "" || ue.Kind == undofile.KindWrongPath {
		return ""
	}
	if _, serr := os.Lstat(ue.Name); serr != nil {
		return ""
	}
	return ue.Name
}

// graft handles an undo file saved for other bytes than the file now has
// (the file was changed outside kjx). With the saved text in the undo
// file, the history is rebuilt on that text and one more state, of source
// external, goes from it to the text on disk: the whole history stays
// reachable and u brings back the text kjx last saved. Without it the undo
// file is set aside (renamed, not deleted) and the buffer starts a new
// history. It reports whether the buffer got a grafted history.
func (e *Editor) graft(b *Buffer, pb *persistBuf, l undofile.Loaded, text buffer.Rope) bool {
	if l.File.Text == nil {
		aside, err := undofile.SetAside(l.Name, e.clock.Now())
		if err != nil {
			e.msg("%q changed since its history was saved; %v", b.name, err)
			pb.bad = l.Name
			return false
		}
		e.msg("%q changed since its history was saved; old history kept aside in %s", b.name, aside)
		return false
	}
	tree, err := undo.Restore(*l.File.Text, l.File.SavedSeq, l.File.Image, e.undoOptions())
	if err != nil {
		e.msg("undo file %s: corrupt (%v); history not loaded", l.Name, err)
		pb.bad = l.Name
		return false
	}
	tree.SetCursor(e.win.cur)
	recordExternal(tree, text)
	e.installTree(b, tree)
	e.msg("%q changed since its history was saved: history kept, the outside change is #%d (u to undo)", b.name, tree.Current())
	return true
}

// recordExternal adds to tree one state of source external that turns its
// text into text, holding only the lines that differ (a line diff), like a
// reload from disk. Should the diff fail, the change is recorded as one
// span from the first difference to the last.
func recordExternal(tree *undo.Tree, text buffer.Rope) {
	ctx, cancel := context.WithTimeout(context.Background(), graftDiffTimeout)
	defer cancel()
	if cs, err := linediff.Changes(ctx, tree.Text(), text); err == nil && tree.ReloadChanges(cs, undo.SourceExternal) == nil {
		return
	}
	tree.Reload(text, undo.SourceExternal)
}

// installTree makes tree b's history. The text is b's text already; what
// the editor keeps per undo state (marks, emptiness) starts afresh.
func (e *Editor) installTree(b *Buffer, tree *undo.Tree) {
	b.tree = tree
	b.us = undoState{}
	b.noteState()
}

// recoveredMessage says what a restored history holds beyond the text on
// disk: the states made after the last write (unsaved work when kjx was
// killed or quit with :q!), which :later N or g+ bring back. "" when the
// history was saved at the state on disk.
func recoveredMessage(img undo.Image, saved int) string {
	last := imageState(img)
	switch {
	case last == saved:
		return ""
	case last > saved:
		n := last - saved
		s := "s"
		if n == 1 {
			s = ""
		}
		return fmt.Sprintf("%d unsaved change%s recovered: :later %d or g+ to restore", n, s, n)
	default:
		return fmt.Sprintf("unsaved state #%d recovered: :undo %d to restore", last, last)
	}
}

// imageState is the state an image's text was in: the parent of Vim's
// curhead (the change undone last), else newhead (0: the root).
func imageState(img undo.Image) int {
	if img.CurHead == 0 {
		return img.NewHead
	}
	for i := range img.Nodes {
		if img.Nodes[i].Seq == img.CurHead {
			return img.Nodes[i].Parent
		}
	}
	return img.NewHead
}

// persistOptionSet runs after :set [no]undofile. Turning it on reads the
// undo files of buffers that have no history yet, as if they had just been
// opened; buffers with history write theirs from now on (an existing undo
// file they never loaded is set aside first).
func (e *Editor) persistOptionSet() {
	if !e.persistOn() {
		return
	}
	e.startPrune()
	for _, b := range e.bufs {
		if b.name == "" || b.noFile || b.tree.Levels() < 0 {
			continue
		}
		pb := e.pbuf(b)
		if pb.checked || !pb.setPath(b.name) || b.tree.SeqLast() != 0 || b.Modified() {
			continue
		}
		text := b.Text()
		eol := b.eol && !b.empty
		e.loadHistory(b, pb, text, hashEncoded(text, eol, formatOf(b.ff)))
	}
}
