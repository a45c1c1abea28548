package editor

// The core's side of persistent undo: the hooks that tell the
// Persistence port what happened (Open, :w, :bd, :set undofile, :sleep),
// the commands :wundo, :rundo and :undostats, and what the session needs
// to read and replace a buffer's history. The undo files themselves are
// the session's (editor/session/persist*.go; docs/persistence.md).

import (
	"errors"
	"fmt"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
)

// FileFlags are how a buffer's text is written to its file.
type FileFlags struct {
	// EOL: the text ends with a newline on disk.
	EOL bool
	// Empty is Vim's ML_EMPTY: the buffer has no lines at all, and is
	// written as 0 bytes.
	Empty bool
	// NoFile: the file did not exist when the buffer was opened, and the
	// buffer was not written since.
	NoFile bool
	// Format is the line-ending format ('fileformat').
	Format fileio.Format
	// BOM: a UTF-8 byte order mark is written first ('bomb').
	BOM bool
}

// FileFlags returns how the buffer's text is written to its file.
func (b *Buffer) FileFlags() FileFlags {
	return FileFlags{EOL: b.eol, Empty: b.empty, NoFile: b.noFile, Format: formatOf(b.ff), BOM: b.bomb}
}

// Buffers returns the open buffers, listed or not, in the order they were
// made.
func (e *Editor) Buffers() []*Buffer { return append([]*Buffer(nil), e.bufs...) }

// UndoOptions are the options of a new undo tree: the clock, 'undolevels'
// and the node cap. A history read from an undo file is rebuilt with them.
func (e *Editor) UndoOptions() undo.Options { return e.undoOptions() }

// InstallHistory makes tree b's history. tree's text must be b's text
// already; what the core keeps per undo state (marks, emptiness) starts
// afresh, and the cursor is kept inside the text.
func (e *Editor) InstallHistory(b *Buffer, tree *undo.Tree) {
	b.tree = tree
	b.us = undoState{}
	b.noteState()
	if b == e.buf() {
		e.win.clampCursor(false)
	}
}

// persistOptionSet runs after :set [no]undofile.
func (e *Editor) persistOptionSet() { e.persist.UndoFileSet() }

// exWundo is :wundo[!] FILE: write the current buffer's history to FILE.
// As in Vim, nothing is written when there is nothing to undo.
func exWundo(e *Editor, c *exparse.Cmd, rg exRange) error {
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	b := e.buf()
	if b.tree.Len() == 0 {
		return nil
	}
	return e.persist.WriteHistory(b, name, c.Bang)
}

// exRundo is :rundo FILE: replace the current buffer's history with the
// one in FILE when FILE was written for the buffer's current text. The
// text does not change.
func exRundo(e *Editor, c *exparse.Cmd, rg exRange) error {
	name, err := e.expandFileName(c.Arg)
	if err != nil {
		return err
	}
	return e.persist.ReadHistory(e.buf(), name)
}

// exUndostats is :undostats: the undo directory and its largest files, as
// list output.
func exUndostats(e *Editor, c *exparse.Cmd, rg exRange) error {
	var lines []string
	var err error
	switch c.Arg {
	case "":
		lines, err = e.persist.Stats()
	case "prune":
		lines, err = e.persist.PrunePlan() // a dry run: nothing is deleted
	default:
		return fmt.Errorf("E475: Invalid argument: %s", c.Arg)
	}
	if err != nil {
		return err
	}
	e.say(lines...)
	return nil
}

// InstallHistoryNoEOL is InstallHistory for a file whose last newline
// ends an empty last line rather than the text: a buffer with 'noeol'
// whose last line is empty writes exactly the bytes of one line fewer
// with 'eol', and that is how they read back. tree's text is b's text
// plus "\n" (what was written); b gets 'noeol', so the buffer is again
// what the user wrote, and writing it gives the same bytes.
func (e *Editor) InstallHistoryNoEOL(b *Buffer, tree *undo.Tree) {
	b.eol = false
	e.InstallHistory(b, tree)
}

// exUndopurge is :undopurge FILE and :undopurge orphans: delete on purpose
// the history of FILE, or every history whose file is gone. A buffer
// open on FILE keeps its history in memory: it is refused, as deleting
// its undo file would only last until the next save.
func exUndopurge(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg == "" {
		return errors.New("E471: Argument required")
	}
	target := c.Arg
	if target != "orphans" {
		name, err := e.expandFileName(c.Arg)
		if err != nil {
			return err
		}
		if b := e.findBuffer(name); b != nil && b.listed {
			return fmt.Errorf("E475: %s is open: its history is in use (:bdelete it first)", name)
		}
		target = absPath(name)
	}
	lines, err := e.persist.Purge(target)
	if err != nil {
		return err
	}
	e.say(lines...)
	return nil
}
