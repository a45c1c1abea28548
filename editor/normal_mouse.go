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
		// A click ends a CTRL-V or CTRL-R that waits for its argument.
		e.ins.literal, e.ins.regWait = false, false
		e.win.cur = e.clickPos(c, true)
		e.win.wantCol = c.Col
		e.restartInsert()
	default:
		e.sync()
		e.pending = e.pending[:0]
		e.normalClick(c)
		if e.ins != nil && e.ins.oneCmd {
			// CTRL-O then a click: the click was the one command.
			e.resumeAfterCtrlO()
		}
	}
	e.scrollToCursor()
}

// normalClick is a click in Normal or Visual mode.
func (e *Editor) normalClick(c Click) {
	p := e.clickPos(c, false)
	switch {
	case c.Extend && e.mode == ModeVisualBlock:
		e.vis.anchor = e.blockCorner(p, c.Col)
		e.vis.toEOL = false
	case c.Extend && e.mode.visual():
		e.vis.anchor = extendAnchor(e.vis.anchor, e.win.cur, p)
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

// extendAnchor is the Visual anchor after an Extend click at p on the
// selection anchor–cur, by Vim's rule (do_mouse): a click before the
// selection moves its start, after it its end; inside, the nearer end
// moves (by lines, or by columns on one line; on the middle line, by
// which half of the columns the click is in).
func extendAnchor(anchor, cur, p Pos) Pos {
	start, end := anchor, cur
	if posLess(end, start) {
		start, end = end, start
	}
	switch {
	case posLess(p, start):
		return end
	case posLess(end, p):
		return start
	case start.Line == end.Line:
		if p.Col-start.Col > end.Col-p.Col {
			return start
		}
		return end
	}
	switch diff := (p.Line - start.Line) - (end.Line - p.Line); {
	case diff > 0:
		return start
	case diff < 0:
		return end
	case p.Col < (start.Col+end.Col)/2:
		return end
	}
	return start
}

// blockCorner is the anchor after an Extend click at p (display column
// vcol) in Visual block mode: Vim divides the block in four and moves
// the corner in the quarter of the click, so the anchor is the opposite
// corner.
func (e *Editor) blockCorner(p Pos, vcol int) Pos {
	r := e.text()
	a, b := e.vis.anchor, e.win.cur
	va := displayCol(lineText(r, a.Line), a.Col, e.opt.TabStop)
	vb := displayCol(lineText(r, b.Line), b.Col, e.opt.TabStop)
	left, right := min(va, vb), max(va, vb)
	top, bottom := min(a.Line, b.Line), max(a.Line, b.Line)
	col, line := right, bottom
	if vcol > (left+right)/2 {
		col = left
	}
	if p.Line >= (top+bottom)/2 {
		line = top
	}
	return Pos{Line: line, Col: colAtDisplay(lineText(r, line), col, e.opt.TabStop, false)}
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
