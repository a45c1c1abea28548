package editor

// The mouse: a click places the cursor and the wheel scrolls, as Vim does
// with 'mouse' set to "a" and 'mousemodel' "extend" (:help mouse-overview,
// :help scroll-mouse-wheel). The UI sends them as Input.Click and
// Input.Scroll rather than as keys, so a click neither adds a jump nor
// depends on the mode's key bindings.

// Click is a mouse click in the text window.
type Click struct {
	// Line is the clicked buffer line (0-based); lines past the end of
	// the buffer mean its last line.
	Line int
	// Col is the clicked display column within the line (0-based, in
	// screen cells from the line's start: a tab or a wide character
	// covers several). The cursor goes to the grapheme cluster covering
	// it; past the end of the line, to the last character (Normal and
	// Visual mode) or the line end (Insert mode).
	Col int
	// Extend starts or extends the Visual selection to the click, as
	// Vim's <RightMouse> does; without it a click ends Visual mode, as
	// Vim's <LeftMouse> does.
	Extend bool
}

// mouseScrollStep is how many lines one wheel step scrolls (Vim's
// default; :help scroll-mouse-wheel).
const mouseScrollStep = 3

// MouseClick handles a click. In Normal mode it moves the cursor there
// (a pending command is cancelled, held mapping keys are given up first)
// and remembers the clicked column for j and k, as Vim's curswant; no
// jump is recorded. In Visual mode a click ends the selection, an Extend
// click moves its nearer end. In Insert and Replace mode the cursor moves
// and, as after an arrow key, the insert goes on in a new undo block. On
// the command line a click does nothing.
func (e *Editor) MouseClick(c Click) {
	if e.mode == ModeCmdline {
		return
	}
	e.flushHeld()
	if e.mode == ModeCmdline || e.quit {
		return // a held key opened the command line or quit
	}
	switch e.mode {
	case ModeInsert, ModeReplace:
		e.win.cur = e.clickPos(c, true)
		e.win.wantCol = c.Col
		e.restartInsert()
	default:
		e.sync()
		e.pending = e.pending[:0]
		e.normalClick(c)
		if e.ins != nil && e.ins.oneCmd {
			// CTRL-O then a click: the click was the one command.
			e.ins.oneCmd = false
			e.mode = ModeInsert
			e.win.clampCursor(true)
			e.restartInsert()
		}
	}
	e.scrollToCursor()
}

// normalClick is a click in Normal or Visual mode.
func (e *Editor) normalClick(c Click) {
	p := e.clickPos(c, false)
	switch {
	case c.Extend && e.mode.visual():
		a, b := e.vis.anchor, e.win.cur
		if posLess(b, a) {
			a, b = b, a
		}
		// The end nearer to the click moves; the other is the anchor.
		if posLess(p, a) || !posLess(b, p) && nearer(p, a, b) {
			e.vis.anchor = b
		} else {
			e.vis.anchor = a
		}
		e.vis.toEOL = false
	case c.Extend:
		e.vis.anchor = e.win.cur
		e.vis.toEOL = false
		e.vis.blockV1 = -1
		e.mode = ModeVisual
		e.vis.mode = ModeVisual
	case e.mode.visual():
		e.exitVisual()
	}
	e.win.cur = p
	e.win.wantCol = c.Col
}

// nearer reports whether p is at least as near to a as to b (a ≤ p ≤ b),
// by lines first, then by columns on a one-line span.
func nearer(p, a, b Pos) bool {
	if a.Line != b.Line {
		return p.Line-a.Line <= b.Line-p.Line
	}
	return p.Col-a.Col <= b.Col-p.Col
}

// clickPos is the text position of a click: the line clamped to the
// buffer, the cluster covering the display column; past the end of the
// line the last character, or with insert the line end.
func (e *Editor) clickPos(c Click, insert bool) Pos {
	r := e.text()
	l := min(max(c.Line, 0), lineCount(r)-1)
	return Pos{Line: l, Col: colAtDisplay(lineText(r, l), max(c.Col, 0), e.opt.TabStop, insert)}
}

// MouseScroll scrolls the window n lines (n > 0: towards the end of the
// buffer, like n CTRL-E; n < 0: like -n CTRL-Y), in Normal, Visual,
// Insert and Replace mode. The cursor stays on its line unless that
// leaves the window (minus 'scrolloff'); then it moves to the nearest
// line that stays, at the column j and k aim for. In Insert mode a cursor
// that moved goes on in a new undo block, as in Vim. On the command line
// the wheel does nothing.
func (e *Editor) MouseScroll(n int) {
	if e.mode == ModeCmdline || n == 0 {
		return
	}
	w := e.win
	lines := lineCount(e.text())
	h := max(w.height, 1)
	so := min(e.opt.ScrollOff, (h-1)/2)
	w.top = min(max(w.top+n, 0), lines-1)
	line := w.cur.Line
	if n > 0 {
		line = max(line, min(w.top+so, lines-1))
	} else {
		line = min(line, max(w.top+h-1-so, 0))
	}
	if line == w.cur.Line {
		return
	}
	insert := e.mode == ModeInsert || e.mode == ModeReplace
	want := e.wantColumn()
	w.cur = Pos{Line: line, Col: colAtDisplay(lineText(e.text(), line), want, e.opt.TabStop, insert)}
	if insert {
		e.restartInsert()
	}
}
