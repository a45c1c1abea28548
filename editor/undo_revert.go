package editor

import (
	"errors"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// Reverting one hunk (issue #15): the undo panel's r shows the diff from
// the current text to a state, Enter applies one of its hunks to the
// current text. That is a new change, not a movement: one undo step whose
// source is "restore", which u takes back.

// Revert is the undo panel's request to apply one hunk of state From to
// the current text.
type Revert struct {
	From   int           // the state the hunk comes from
	Change buffer.Change // the hunk as a change of the current text
	// Text is the text the change was computed against: when the
	// current text is no longer that, nothing is applied.
	Text buffer.Rope
}

// errRevertStale says the text changed between the diff and the Enter.
var errRevertStale = errors.New("the text changed since the diff was made: no hunk applied")

// RevertHunk applies r as one undo step of source restore and puts the
// cursor on its first line (the undo panel's hunk chooser's Enter).
func (e *Editor) RevertHunk(r Revert) {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	e.sync()
	b := e.buf()
	if !r.Text.Equal(b.tree.Text()) {
		e.errMsg("%s", errRevertStale.Error())
		return
	}
	saved := e.src
	e.src = undo.SourceRestore
	defer func() { e.src = saved }()
	c := r.Change
	e.apply(c.Off, c.Old, c.New)
	text := b.tree.Text()
	line := text.LineOf(min(c.Off, text.Len()))
	e.win.cur = Pos{Line: line, Col: firstNonBlank(lineText(text, line))}
	e.win.wantCol = -1
	e.finishChange()
	e.sync()
	e.scrollToCursor()
	e.msg("reverted a hunk from #%d: %s", r.From, changeSize(r.Change))
}

// changeSize says how many lines a change took out and put in.
func changeSize(c buffer.Change) string {
	out := countLines(c.Old)
	in := countLines(c.New)
	if c.Old == "" {
		out = 0
	}
	if c.New == "" {
		in = 0
	}
	return "−" + itoa(out) + " +" + itoa(in) + " lines"
}

// UndoAnyMode is the undo panel's u: u from any mode.
func (e *Editor) UndoAnyMode() {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	cmdUndo(e, &ncmd{})
}
