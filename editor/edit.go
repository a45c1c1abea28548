package editor

import (
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// apply makes one change to the current buffer through its undo tree
// (opening an undo block when the tree is synced) and tells the observers
// of its lines (marks, jumps, :g).
func (e *Editor) apply(off int, old, new string) { e.applyShift(off, old, new, shiftOf) }

// applyJoin is apply for J's change at the end of a line, whose marks
// move as a join's (see joinShiftOf).
func (e *Editor) applyJoin(off int, old, new string) { e.applyShift(off, old, new, joinShiftOf) }

// applyShift is apply with the function that says how the change moves
// lines (for the observers of its lines).
func (e *Editor) applyShift(off int, old, new string, shift func(buffer.Rope, int, string, string) lineShift) {
	b := e.buf()
	note := b.beforeSave()
	b.tree.Save(e.win.cur, e.src)
	b.afterSave(note)
	if err := b.tree.Apply(buffer.Change{Off: off, Old: old, New: new}); err != nil {
		// A mismatch is a bug in the editor: report it, never corrupt text.
		e.errMsg("E000: internal error: %v", err)
		return
	}
	e.changed = true
	if old == new {
		e.markModified() // Vim replaced the text with itself: still a change
	}
	if b.text().Len() > 0 || old == "" {
		b.empty = false
	}
	b.tree.SetEmpty(b.empty)
	e.changeApplied(b, off, old, new, shift) // observers.go
}

// saveUndo is Vim's u_save without a change: it opens an (empty) undo
// block, as an empty delete does.
func (e *Editor) saveUndo() {
	b := e.buf()
	note := b.beforeSave()
	b.tree.Save(e.win.cur, e.src)
	b.afterSave(note)
	e.changed = true
}

// markModified is Vim's changed() for a command whose change may have
// left the text as it was (r with the same character, << on a line
// without indent, :s replacing a match with itself, 3J on the last line):
// the buffer counts as modified all the same. Call it after saving for
// undo, so that undo restores the flag.
func (e *Editor) markModified() { e.buf().tree.SetModified(true) }

// sync closes the current buffer's undo block.
func (e *Editor) sync() {
	b := e.buf()
	b.tree.Sync()
}

// finishChange records the cursor after a change command.
func (e *Editor) finishChange() {
	if e.changed {
		e.buf().tree.SetCursorAfter(e.win.cur)
		e.buf().noteState()
		e.changed = false
	}
}

// deleteRange deletes [a, b) and returns the deleted text.
func (e *Editor) deleteRange(a, b int) string {
	if a >= b {
		return ""
	}
	old := e.text().SliceString(a, b)
	e.apply(a, old, "")
	return old
}

// insertText inserts s at off.
func (e *Editor) insertText(off int, s string) {
	if s != "" {
		e.apply(off, "", s)
	}
}

// replaceRange replaces [a, b) with s, recording only what differs.
func (e *Editor) replaceRange(a, b int, s string) {
	old := e.text().SliceString(a, b)
	// Trim the common prefix and suffix: the undo record stays minimal.
	p := 0
	for p < len(old) && p < len(s) && old[p] == s[p] {
		p++
	}
	q := 0
	for q < len(old)-p && q < len(s)-p && old[len(old)-1-q] == s[len(s)-1-q] {
		q++
	}
	if p == len(old) && p == len(s) {
		return
	}
	e.apply(a+p, old[p:len(old)-q], s[p:len(s)-q])
}

// deleteLines deletes lines l0..l1 (inclusive) the way the undo tree
// expects: "line\n" from the line start when a line follows, else "\n"+lines
// from the end of the line before, or the whole text. It returns the
// deleted lines joined by "\n".
func (e *Editor) deleteLines(l0, l1 int) string {
	r := e.text()
	n := lineCount(r)
	s, end := lineStart(r, l0), lineEnd(r, l1)
	text := r.SliceString(s, end)
	switch {
	case l1 < n-1:
		e.apply(s, text+"\n", "")
	case l0 > 0:
		e.apply(s-1, "\n"+text, "")
	default:
		e.applyShift(0, text, "", deleteAllShift) // every line goes, with its marks
		e.buf().empty = true
		e.buf().tree.SetEmpty(true)
		e.note("--No lines in buffer--")
	}
	return text
}

// linesMessage is Vim's msgmore(): "3 more lines" / "3 fewer lines" when
// the count exceeds 'report', held back while :g runs (it reports the
// total at its end) and not given while another message is kept for the
// screen (msgKeep).
func (e *Editor) linesMessage(n int) {
	abs := n
	if abs < 0 {
		abs = -n
	}
	if abs <= e.opt.Report || e.globalBusy || e.keptMsg {
		return
	}
	switch {
	case n == 1:
		e.msg("1 more line")
	case n > 1:
		e.msg("%d more lines", n)
	case n == -1:
		e.msg("1 line less")
	default:
		e.msg("%d fewer lines", abs)
	}
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// countLines is the number of lines in s ("a\nb" is 2).
func countLines(s string) int { return strings.Count(s, "\n") + 1 }

// internalError reports a bug without crashing the editor.
func (e *Editor) internalError(what string, err error) {
	e.errMsg("%s", fmt.Sprintf("E000: internal error: %s: %v", what, err))
}

// insertLinesBelow inserts lines (text without its final newline) below
// line dest (-1: above the first). The change starts at the beginning of
// the line below dest where there is one, as Vim's appended lines do, so
// that its undo puts the cursor where Vim's does (the line below the
// removed ones).
func (e *Editor) insertLinesBelow(dest int, text string) {
	r := e.text()
	if dest+1 < lineCount(r) {
		e.insertText(lineStart(r, dest+1), text+"\n")
		return
	}
	e.insertText(r.Len(), "\n"+text)
}
