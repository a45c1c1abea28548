package editor

import "github.com/kjx-editor/kjx/undo"

// Restores and the way back (issue #15). A restore — the undo panel's
// Enter, :undo N, :undo NAME, and a workspace rewind — is one movement in
// the undo tree, exactly as Vim's :undo N, so u right after it does not
// return to where the user was. Each restore therefore pushes the state it
// left on a small per-buffer stack of restore origins, and g<BS> (the
// panel's Backspace) pops it and goes back there, also as one movement.
// The stack is published in the View so that the panel can label those
// states.

// maxRestoreOrigins bounds the stack; the oldest origin goes first.
const maxRestoreOrigins = 32

// restoreWith runs move, a movement that is a restore, and remembers the
// state it left when it moved the text.
func (e *Editor) restoreWith(move func(t *undo.Tree) undo.Result) {
	b := e.buf()
	from := b.tree.Current()
	res := move(b.tree)
	if res.Moved && b.tree.Current() != from {
		b.pushRestoreOrigin(from)
	}
	e.applyUndo(res)
}

// pushRestoreOrigin puts seq on top of the buffer's stack of origins.
func (b *Buffer) pushRestoreOrigin(seq int) {
	if len(b.restoreOrigins) == maxRestoreOrigins {
		b.restoreOrigins = append(b.restoreOrigins[:0], b.restoreOrigins[1:]...)
	}
	b.restoreOrigins = append(b.restoreOrigins, seq)
}

// cmdRestoreBack is g<BS>: back to the state before the last restore.
func cmdRestoreBack(e *Editor, c *ncmd) {
	e.sync()
	e.restoreBack()
}

// restoreBack pops restore origins until one can be gone to (it still
// exists and is not the state shown) and goes there as one movement.
// With none it says so and beeps.
func (e *Editor) restoreBack() {
	b := e.buf()
	t := b.tree
	for n := len(b.restoreOrigins); n > 0; n = len(b.restoreOrigins) {
		seq := b.restoreOrigins[n-1]
		b.restoreOrigins = b.restoreOrigins[:n-1]
		if seq == t.Current() {
			continue
		}
		res := t.Goto(seq)
		if res.Err != nil {
			continue // pruned since, or a history reloaded
		}
		e.applyUndo(res)
		e.scrollToCursor()
		return
	}
	e.msg("%s", msgNoRestore)
	e.beep()
}

// msgNoRestore is g<BS>'s message when no restore can be gone back from.
const msgNoRestore = "No restore to go back from"

// RestoreOrigins returns the current buffer's restore origins, oldest
// first (the last is where g<BS> goes).
func (e *Editor) RestoreOrigins() []int {
	return append([]int(nil), e.buf().restoreOrigins...)
}

// GoBackFromRestore is the undo panel's Backspace: g<BS> from any mode,
// like the panel's Enter (RestoreState).
func (e *Editor) GoBackFromRestore() {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	e.sync()
	e.restoreBack()
}
