package editor

import "math"

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
	jumps   jumpList // CTRL-O, CTRL-I, :jumps (jumplist.go)
}

const maxCol = math.MaxInt32

// clampCursor keeps the cursor on the text; in Normal mode it may not sit
// past the last character (insert allows the line end).
func (w *Window) clampCursor(insert bool) {
	r := w.buf.tree.Text()
	n := lineCount(r)
	if w.cur.Line >= n {
		w.cur.Line = n - 1
	}
	if w.cur.Line < 0 {
		w.cur.Line = 0
	}
	w.cur.Col = clampCol(r, w.cur.Line, w.cur.Col, insert)
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
	e.win.cur = Pos{Line: l, Col: firstNonBlank(lineText(e.text(), l))}
	e.win.wantCol = -1
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

// updateWant sets curswant from the cursor, if it was reset.
func (e *Editor) wantColumn() int {
	if e.win.wantCol < 0 {
		line := e.curLine()
		c := e.win.cur.Col
		e.win.wantCol = displayCol(line, c, e.opt.TabStop)
		// On a tab Normal mode shows the cursor on the tab's last cell.
		if c < len(line) && line[c] == '\t' && !e.opt.List && e.mode != ModeInsert && e.mode != ModeReplace {
			e.win.wantCol += clusterWidth("\t", e.win.wantCol, e.opt.TabStop) - 1
		}
	}
	return e.win.wantCol
}
