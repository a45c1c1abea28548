package session

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
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// graftDiffTimeout bounds the line diff of a graft (linediff bounds its
// own work; this is a backstop).
const graftDiffTimeout = 2 * time.Second

// EncodedState is the FileState (SHA-256 and size) of the bytes a save
// writes for text with the given final newline, format and byte order
// mark (fileio.EncodeFile): what is on disk after a read or a write,
// which is what an undo file's hash describes. The session and the
// command-line verbs (kjx history, show, restore) all hash with it.
func EncodedState(text buffer.Rope, eol bool, f fileio.Format, bom bool) undofile.FileState {
	h := sha256.New()
	n, _ := fileio.EncodeFile(h, text, eol, f, bom) // a hash.Hash never fails
	var s undofile.FileState
	h.Sum(s.Hash[:0])
	s.Size = n
	return s
}

// opened is Open's hook after a file was read into b: with persistence
// on, its undo file is read and the history restored.
func (s *Session) opened(b *editor.Buffer, l fileio.Loaded) {
	s.drainResults()
	if s.persist.bufs != nil {
		delete(s.persist.bufs, b)
	}
	if !s.persistOn() || b.History().Levels() < 0 {
		return
	}
	pb := s.pbuf(b)
	if !pb.setPath(b.Name()) {
		return
	}
	text := l.Text
	s.loadHistory(b, pb, text, EncodedState(text, l.EOL, l.Format, l.BOM))
}

// loadHistory reads the undo file of pb.path for b, whose text (b's
// current and only state) is text, and whose bytes on disk are disk. It
// leaves pb anchored and, unless the history changed here (a graft),
// scheduled as it is.
func (s *Session) loadHistory(b *editor.Buffer, pb *persistBuf, text buffer.Rope, disk undofile.FileState) {
	t := text
	setAnchor := func() {
		tree := b.History()
		pb.anchor = anchor{tree: tree, seq: tree.Current(), disk: disk, text: &t}
		pb.sched, pb.schedAt = fingerprintOf(tree), s.clock.Now()
	}
	dir, ok := s.persistDir()
	if !ok {
		return
	}
	l, err := undofile.Read(dir, pb.path, disk, s.undoLimits())
	pb.checked = true
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if s.findByContent(b, pb, dir, text, disk) { // persist_find.go
			setAnchor()
			pb.sched, pb.touched = fingerprint{}, true // written under b's own path
			return
		}
		setAnchor()
		return
	case err != nil:
		s.say("%s", err.Error())
		pb.bad = unusableFile(err)
		setAnchor()
		return
	}
	if l.Changed && savedWithoutBOM(b, l, text) {
		l.Changed = false // written before the hash covered the BOM
	}
	if l.Changed {
		if s.graft(b, pb, l, text) {
			setAnchor()
			pb.sched = fingerprint{} // the graft is new history: write it
			return
		}
		setAnchor()
		return
	}
	tree, err := undo.Restore(text, l.File.SavedSeq, l.File.Image, s.ed.UndoOptions())
	if err != nil && s.restoreNoEOL(b, l, text, disk) {
		t = buffer.FromString(text.String() + "\n")
		setAnchor()
		return
	}
	if err != nil {
		s.say("undo file %s: corrupt (%v); history not loaded", l.Name, err)
		pb.bad = l.Name
		setAnchor()
		return
	}
	s.ed.InstallHistory(b, tree)
	setAnchor()
	if l.Pending {
		pb.sched = fingerprint{} // a :w was cut short: write the undo file it did not write
	}
	if m := recoveredMessage(l.File.Image, l.File.SavedSeq); m != "" {
		s.say("%s", m)
	}
}

// restoreNoEOL tries the other reading of bytes that end with a newline:
// the text plus an empty last line, without a final newline (what a
// 'noeol' buffer whose last line is empty writes). When the history fits
// that text, b gets it with 'noeol' and it reports true.
func (s *Session) restoreNoEOL(b *editor.Buffer, l undofile.Loaded, text buffer.Rope, disk undofile.FileState) bool {
	ff := b.FileFlags()
	if !ff.EOL || ff.Empty {
		return false
	}
	alt := buffer.FromString(text.String() + "\n")
	if EncodedState(alt, false, ff.Format, ff.BOM) != disk {
		return false
	}
	tree, err := undo.Restore(alt, l.File.SavedSeq, l.File.Image, s.ed.UndoOptions())
	if err != nil {
		return false
	}
	s.ed.InstallHistoryNoEOL(b, tree)
	if m := recoveredMessage(l.File.Image, l.File.SavedSeq); m != "" {
		s.say("%s", m)
	}
	return true
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
func (s *Session) graft(b *editor.Buffer, pb *persistBuf, l undofile.Loaded, text buffer.Rope) bool {
	if l.File.Text == nil {
		aside, err := undofile.SetAside(l.Name, s.clock.Now())
		if err != nil {
			s.say("%q changed since its history was saved; %v", b.Name(), err)
			pb.bad = l.Name
			return false
		}
		s.say("%q changed since its history was saved; old history kept aside in %s", b.Name(), aside)
		return false
	}
	tree, err := undo.Restore(*l.File.Text, l.File.SavedSeq, l.File.Image, s.ed.UndoOptions())
	if err != nil {
		s.say("undo file %s: corrupt (%v); history not loaded", l.Name, err)
		pb.bad = l.Name
		return false
	}
	tree.SetCursor(s.ed.Cursor())
	recordExternal(tree, text)
	s.ed.InstallHistory(b, tree)
	s.say("%q changed since its history was saved: history kept, the outside change is #%d (u to undo)", b.Name(), tree.Current())
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

// recoveredMessage says what a restored history holds beyond the text on
// disk: the states made after the last write (unsaved work when kjx was
// killed or quit with :q!), which :later N or g+ bring back. "" when the
// history was saved at the state on disk.
func recoveredMessage(img undo.Image, saved int) string {
	last := img.TextState()
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

// undoFileSet runs after :set [no]undofile. Turning it on reads the undo
// files of buffers that have no history yet, as if they had just been
// opened; buffers with history write theirs from now on (an existing undo
// file they never loaded is set aside first).
func (s *Session) undoFileSet() {
	if !s.persistOn() {
		return
	}
	s.startPrune()
	for _, b := range s.ed.Buffers() {
		ff, tree := b.FileFlags(), b.History()
		if b.Name() == "" || ff.NoFile || tree.Levels() < 0 {
			continue
		}
		pb := s.pbuf(b)
		if pb.checked || !pb.setPath(b.Name()) || tree.SeqLast() != 0 || b.Modified() {
			continue
		}
		text := b.Text()
		eol := ff.EOL && !ff.Empty
		s.loadHistory(b, pb, text, EncodedState(text, eol, ff.Format, ff.BOM))
	}
}

// savedWithoutBOM reports whether l's history was saved, by a kjx whose
// hash left the byte order mark out, for the bytes b's file holds now
// (text with its BOM): that history is current, not an outside change.
func savedWithoutBOM(b *editor.Buffer, l undofile.Loaded, text buffer.Rope) bool {
	ff := b.FileFlags()
	return ff.BOM && l.File != nil && l.File.Disk == EncodedState(text, ff.EOL && !ff.Empty, ff.Format, false)
}
