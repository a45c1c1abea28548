package editor

import (
	"math"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// Window is the per-window state: which buffer it shows, its cursor, the
// desired display column for vertical moves and its scroll position.
type Window struct {
	buf *Buffer
	cur Pos
	// wantCol is Vim's curswant: the display column j/k aim for;
	// wantEnd means "stick to the line end" ($). -1 means "recompute from
	// the cursor on the next vertical move".
	wantCol int
	top     int // first line shown
	scroll  int // Vim's 'scroll': the lines CTRL-D and CTRL-U move (0: half the window)
	height  int // text rows
	width   int
	jumps   jumpList  // CTRL-O, CTRL-I, :jumps (jumplist.go)
	clamped clampMemo // the cursor clampCursor last left
}

// clampMemo is a cursor position clampCursor left on one version of a
// buffer's text: a clamp of it on that version changes nothing (a clamp
// is idempotent), so the next one, after every Normal-mode key, reads no
// line of the text. (A clamp after a move within the line reads the
// line's bounds from the text's line memo, buffer/linememo.go.)
type clampMemo struct {
	tree   *undo.Tree
	ver    uint64
	cur    Pos
	insert bool
}

const maxCol = math.MaxInt32

// clampCursor keeps the cursor on the text; in Normal mode it may not sit
// past the last character (insert allows the line end).
func (w *Window) clampCursor(insert bool) {
	t := w.buf.tree
	memo := clampMemo{tree: t, ver: t.TextVersion(), cur: w.cur, insert: insert}
	if memo == w.clamped {
		return
	}
	r := t.Text()
	if n := lineCount(r); w.cur.Line >= n {
		w.cur.Line = n - 1
	}
	w.cur.Line = max(w.cur.Line, 0)
	w.cur.Col = clampCol(r, w.cur.Line, w.cur.Col, insert)
	memo.cur = w.cur
	w.clamped = memo
}

// cursorToStart puts the cursor where Vim puts it when it opens a file:
// line 1, on its first non-blank character, with the remembered column
// taken from there.
func (e *Editor) cursorToStart() {
	e.win.cur = Pos{Col: firstNonBlank(lineText(e.text(), 0))}
	e.win.wantCol = -1
	e.win.top = 0
}

// toFirstNonBlank puts the cursor on the first non-blank character of
// line l and has the next vertical move take its column from there
// (Vim's beginline(BL_WHITE | BL_FIX), used by the Ex commands that
// change lines).
func (e *Editor) toFirstNonBlank(l int) {
	e.win.cur = Pos{Line: l, Col: ropeFirstNonBlank(e.text(), l)}
	e.win.wantCol = -1
}

// ropeFirstNonBlank is firstNonBlank of line l, reading only as much of
// the line as its indent needs (a long line is not copied for :1 or G).
func ropeFirstNonBlank(r buffer.Rope, l int) int {
	ls, le := r.LineBounds(l)
	n := le - ls
	for size := nearWindow; size < n; size *= 8 {
		if w := len(leadingWhite(r.SliceString(ls, ls+size))); w < size {
			return w // a non-blank within the window
		}
	}
	return firstNonBlank(r.SliceString(ls, ls+n))
}

// beginLine is Vim's beginline(BL_SOL | BL_FIX) on line l: with
// 'startofline' the first non-blank character, without it the
// remembered column (:N, :print, G with 'nosol').
func (e *Editor) beginLine(l int) {
	if e.opt.StartOfLine {
		e.toFirstNonBlank(l)
		return
	}
	want := e.wantColumn()
	line := lineText(e.text(), l)
	if want >= maxCol {
		e.win.cur = Pos{Line: l, Col: lastCharCol(line)}
		return
	}
	e.win.cur = Pos{Line: l, Col: colAtDisplay(line, want, e.opt.TabStop, false)}
}

// curLine is the text of the cursor line.
func (e *Editor) curLine() string { return lineText(e.text(), e.win.cur.Line) }

// wantColumn is curswant, set from the cursor if it was reset.
func (e *Editor) wantColumn() int {
	if e.win.wantCol < 0 {
		e.win.wantCol = e.wantColumnAt(e.win.cur)
	}
	return e.win.wantCol
}

// wantColumnAt is the curswant of a cursor at p: the display column of
// its character (Vim's w_virtcol).
func (e *Editor) wantColumnAt(p Pos) int {
	// Only the line up to the cursor's character: on a 5 MB line at
	// column 0 that is one byte, not a copy of the line.
	r, c := e.text(), p.Col
	ls := r.LineStart(p.Line)
	line := r.SliceString(ls, ls+min(c+1, r.LineEnd(p.Line)-ls))
	want := displayCol(line, c, e.opt.TabStop)
	// On a tab Normal mode shows the cursor on the tab's last cell.
	if c < len(line) && line[c] == '\t' && !e.opt.List && e.mode != ModeInsert && e.mode != ModeReplace {
		want += clusterWidth("\t", want, e.opt.TabStop) - 1
	}
	return want
}
