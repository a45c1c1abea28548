package editor

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
)

// Buffer is one open text: its undo tree (which owns the text), file
// name and file flags, and marks. Buffers belong to the editor goroutine.
type Buffer struct {
	id   int
	name string // the file name as given ("" for a new, unnamed buffer)
	tree *undo.Tree
	eol  bool   // the text ends with a newline on disk ('endofline')
	bomb bool   // the file starts with a UTF-8 byte order mark ('bomb')
	ff   string // "unix" or "dos"
	// read is 'fileformat', 'endofline' and 'bomb' as the file had them
	// when it was last read or written; a buffer whose values differ is
	// modified (fileFormatDiffers).
	read      fileShape
	shapeDiff bool
	ft        string // 'filetype'
	// stat is the file's identity when last read or written (nil: never).
	stat *fileio.Stat
	// marks a-z and the special marks ' ` " [ ] < > . ^.
	marks map[rune]Pos
	// lastCur is the cursor when the buffer was last left (for :b).
	lastCur Pos
	// noFile is set for a buffer whose file did not exist when opened.
	noFile bool
	// notEdited is Vim's BF_NOTEDITED: :file NAME gave the buffer a name
	// it was not read from. Until it is written there, :w refuses an
	// existing file without ! (E13), CTRL-G says "[Not edited]" and the
	// disk watcher leaves it alone. notEditedNew keeps Vim's BF_NEW (the
	// "[New]" flag) as it was before the rename.
	notEdited, notEditedNew bool
	// listed is false after :bdelete.
	listed bool
	// keptLoaded is set when the buffer was left while Vim would have
	// kept it loaded (modified, 'hidden' or :hide): :ls shows it h, and
	// entering it again says CTRL-G's message, not the read message.
	keptLoaded bool
	// readonly is Vim's 'readonly' (kjx -R): :w of the buffer's own file
	// needs ! (readonly.go).
	readonly bool
	// empty is Vim's ML_EMPTY: the buffer has no lines at all (an empty
	// file, or every line deleted), which the text model shows as one
	// empty line. Deleting from an empty buffer does nothing, not even an
	// undo block, and it is written as 0 bytes.
	empty bool
	// loadedEmpty is true when the buffer's original text had no lines.
	loadedEmpty bool
	// us is what Vim's undo headers remember besides the text.
	us undoState
	// disk is what the editor knows of the file on disk (disk.go).
	disk diskState
	// restoreOrigins are the states restores left, newest last
	// (normal_restore.go).
	restoreOrigins []int
	// scratch marks a buffer of no file, like Vim's 'buftype' nofile
	// (:undodiff, ex_undodiff.go); title is what the status line shows.
	scratch bool
	title   string
}

// Text returns the buffer's current text, frozen: an immutable rope the
// caller may keep (the session hands it to the undo-file writer). Freezing
// is O(1); the core's own one-step readers borrow instead (Editor.text).
func (b *Buffer) Text() buffer.Rope { return b.tree.Freeze() }

// text is the buffer's current text borrowed for reading within one step
// (not kept across a change): it does not freeze, so the next edit stays
// in place. Every edit's path uses it; Text is for keepers.
func (b *Buffer) text() buffer.Rope { return b.tree.Text() }

// History returns the buffer's undo tree, which owns its text. The
// session reads it (counters, snapshots for the undo-file writer); only
// the core changes it, and Editor.InstallHistory replaces it.
func (b *Buffer) History() *undo.Tree { return b.tree }

// Name returns the buffer's file name.
func (b *Buffer) Name() string { return b.name }

// Modified reports Vim's 'modified' for the buffer: changed text, or
// 'fileformat', 'endofline' or 'bomb' set otherwise than the file has
// them (Vim's file_ff_differs); a buffer whose file was removed on disk
// counts as modified too (disk.go); a scratch buffer never.
func (b *Buffer) Modified() bool {
	if b.scratch {
		return false // as Vim's bufIsChanged for 'buftype' nofile: nothing to lose
	}
	return b.tree.Modified() || b.shapeDiff || b.disk.state == DiskRemoved
}

// ModifiedOption is what `:set modified?` shows: changed text, or the
// file's shape changed (Modified without the removed file); never for a
// scratch buffer.
func (b *Buffer) ModifiedOption() bool {
	return !b.scratch && (b.tree.Modified() || b.shapeDiff)
}

// shownName is the name the status line shows: the file name, or a
// scratch buffer's title.
func (b *Buffer) shownName() string {
	if b.scratch {
		return b.title
	}
	return b.name
}

// reusable reports whether b may become another file's buffer or be
// dropped when left: no name, no text, no history (Vim's
// curbuf_reusable, without losing an undo history).
func (b *Buffer) reusable() bool {
	return b.name == "" && !b.scratch && !b.Modified() && b.tree.SeqLast() == 0 && b.text().Len() == 0
}

// fileShape is how a file's bytes wrap its text.
type fileShape struct {
	ff        string
	eol, bomb bool
}

// shape is the buffer's current fileShape.
func (b *Buffer) shape() fileShape { return fileShape{ff: b.ff, eol: b.eol, bomb: b.bomb} }

// shapeSaved records that the file has the buffer's current shape (after
// a read or a write).
func (b *Buffer) shapeSaved() {
	b.read = b.shape()
	b.shapeDiff = false
}

// checkShape updates whether the shape differs from the file's, as Vim's
// file_ff_differs: 'endofline' counts only without 'fixendofline'.
func (b *Buffer) checkShape(fixEOL bool) {
	s := b.shape()
	b.shapeDiff = s.ff != b.read.ff || s.bomb != b.read.bomb || !fixEOL && s.eol != b.read.eol
}

// newBuffer makes a buffer whose text is text.
func (e *Editor) newBuffer(name string, text buffer.Rope) *Buffer {
	id := e.takeUnloaded(name)
	if id == 0 {
		e.nextBufID++
		id = e.nextBufID
	}
	b := &Buffer{id: id, name: name, eol: true, ff: e.opt.FileFormat, marks: map[rune]Pos{}, listed: true}
	b.shapeSaved()
	b.empty = text.Len() == 0
	b.loadedEmpty = b.empty
	b.tree = undo.New(text, e.undoOptions())
	b.ft = e.detectFileType(name, text)
	e.bufs = append(e.bufs, b)
	return b
}

// undoOptions are the options of a new undo tree.
func (e *Editor) undoOptions() undo.Options {
	return undo.Options{Now: e.clock.Now, Levels: e.opt.UndoLevels, LevelsSet: true, Location: e.loc, MaxNodes: e.undoNodeCap()}
}

// findBuffer returns the buffer editing name, if any.
func (e *Editor) findBuffer(name string) *Buffer {
	for _, b := range e.bufs {
		if b.name == name && name != "" {
			return b
		}
	}
	return nil
}

// bufferByID returns the buffer numbered id.
func (e *Editor) bufferByID(id int) *Buffer {
	for _, b := range e.bufs {
		if b.id == id {
			return b
		}
	}
	return nil
}

// bufferFor is the buffer a newly opened file gets ('readonly' with -R).
func (e *Editor) bufferFor(path string, text buffer.Rope, reuse bool) *Buffer {
	b := e.buf()
	if reuse {
		e.takeUnloaded(path) // the first buffer keeps its number
		b.name = path
		b.tree = undo.New(text, e.undoOptions())
		b.ft = e.detectFileType(path, text)
	} else {
		b = e.newBuffer(path, text)
	}
	b.readonly = e.cfg.ReadOnly
	return b
}
