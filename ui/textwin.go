package ui

import (
	"math"

	"github.com/kjx-editor/kjx/buffer"
)

// textWin draws a TextView into a rectangle and keeps the scroll state
// between frames: the top line, how many screen rows of it are skipped
// (a wrapped line taller than the window) and the left column (nowrap).
// Drawing visits the visible lines only; a long line is laid out only up
// to the visible columns, from a cached checkpoint when it is very long.
type textWin struct {
	lc    lineCells
	cache lineCache

	top, skip, leftcol int
	bot                int // after a draw: the first line not shown entirely
	curVcol            int // after a draw: the cursor's virtual column
	curOff             int // rope offset of the cluster under the cursor
	curCol             int // screen column of the cursor cell in its line
	// rowMap records, for each screen row of the last draw, the line it
	// shows and the line's screen column at the row's first text cell
	// (-1 line: no text), for mouse clicks.
	rowMap []rowRef
	x0, y0 int

	// Per frame.
	v      *TextView
	th     *Theme
	text   buffer.Rope
	lines  int
	opts   layoutOpts
	tw, h  int // text columns (without the gutter) and rows
	gutter int
	sel    selState
	match  matchState
	syn    synState
}

// seek lays out line so that the next cell is the one at or straddling
// screen column col, or the cluster at or holding rope offset off,
// whichever comes first.
func (t *textWin) seek(line, col, off int) {
	start, end := t.text.LineStart(line), t.text.LineEnd(line)
	e := t.cache.entry(t.text, start, end, t.opts)
	p := linePos{off: start}
	var mark func(linePos)
	if e != nil {
		p = e.best(col, off-start)
		p.off += start
		mark = func(q linePos) {
			q.off -= start
			e.add(q)
		}
	}
	t.lc.start(t.text, p, end, t.opts)
	t.lc.advance(col, off, mark)
}

// lineCols returns the screen columns line takes (list mode's '$'
// included), counting at most up to limit.
func (t *textWin) lineCols(line, limit int) int {
	t.seek(line, limit, math.MaxInt)
	if !t.lc.idle() {
		return limit
	}
	n := t.lc.col
	if t.opts.list {
		n++
	}
	return n
}

// cursorCol returns the screen column of the cursor cell in its line and
// the cell's width.
func (t *textWin) cursorCol() (col, w int) {
	line := t.v.Cursor.Line
	off := t.text.LineStart(line) + t.v.Cursor.Col
	t.seek(line, math.MaxInt, off)
	col = t.lc.col
	// The cursor may sit inside a cluster (an editor that segments
	// differently): it is drawn on the cluster that holds it.
	t.curOff = t.lc.off
	if t.lc.idle() {
		t.curOff = t.lc.cr.offset()
		if c, ok := t.lc.next(); ok && c.off == off {
			return t.cursorIn(c)
		}
		return col, 1
	}
	c, _ := t.lc.next()
	return t.cursorIn(c)
}

// cursorIn returns the cursor cell's column given the first cell of the
// cursor's cluster (the rest are still pending in t.lc).
func (t *textWin) cursorIn(c cell) (int, int) {
	if c.kind == cellFiller {
		c, _ = t.lc.next()
	}
	if c.kind == cellTab && !t.v.CursorAtTabStart && !t.opts.list {
		for !c.last {
			c, _ = t.lc.next()
		}
	}
	return c.col, c.w
}

// rows returns how many screen rows line takes with wrap, at most limit
// (a line that needs more reports limit+1).
func (t *textWin) rows(line, limit int) int {
	cols := t.lineCols(line, (limit+1)*t.tw)
	n := max(1, (cols+t.tw-1)/t.tw)
	if line == t.v.Cursor.Line {
		cc, _ := t.cursorCol()
		n = max(n, cc/t.tw+1)
	}
	return min(n, limit+1)
}

// scroll updates top, skip and leftcol so that the cursor is visible.
func (t *textWin) scroll() {
	cl := clamp(t.v.Cursor.Line, 0, t.lines-1)
	if t.v.Top >= 0 {
		if t.v.Top != t.top {
			t.skip = 0
		}
		t.top = t.v.Top
	}
	t.top = clamp(t.top, 0, t.lines-1)
	so := 0
	if t.v.Top < 0 {
		so = min(t.v.Opts.ScrollOff, (t.h-1)/2)
	}
	if cl-so < t.top {
		t.top, t.skip = max(cl-so, 0), 0
	}
	if !t.opts.wrapOn() {
		t.skip = 0
		if last := min(cl+so, t.lines-1); last >= t.top+t.h {
			t.top = last - t.h + 1
		}
		t.scrollSideways()
		return
	}
	t.leftcol = 0
	t.scrollWrapped(cl, so)
}

// scrollWrapped moves the top line down until the cursor's row (and
// 'scrolloff' rows after it) fit; only when the cursor line itself is
// taller than the window are rows of it skipped (Vim's skipcol).
func (t *textWin) scrollWrapped(cl, so int) {
	cc, _ := t.cursorCol()
	crow := cc / t.tw
	if t.top != cl {
		t.skip = 0
	}
	// Every line takes at least one row: lines more than h above the
	// cursor line cannot be on screen.
	t.top = max(t.top, cl-t.h)
	for t.top < cl {
		need := 0
		for l := t.top; l < cl && need <= t.h; l++ {
			need += t.rows(l, t.h)
		}
		need += crow + 1 + t.rowsAfter(cl, crow, so)
		if need <= t.h {
			return
		}
		t.top++
	}
	if t.rows(cl, t.h) <= t.h {
		t.skip = 0
		return
	}
	if crow < t.skip {
		t.skip = crow
	}
	if crow-t.skip >= t.h {
		t.skip = crow - t.h + 1
	}
}

// rowsAfter returns how many screen rows below the cursor row 'scrolloff'
// wants visible: so, or fewer near the end of the text.
func (t *textWin) rowsAfter(cl, crow, so int) int {
	if so <= 0 {
		return 0
	}
	n := t.rows(cl, t.h) - crow - 1
	for l := cl + 1; l < t.lines && n < so; l++ {
		n += t.rows(l, t.h)
	}
	return min(n, so)
}

// scrollSideways keeps the cursor cell within the columns shown, honouring
// 'sidescroll' and 'sidescrolloff'.
func (t *textWin) scrollSideways() {
	cc, cw := t.cursorCol()
	siso := min(t.v.Opts.SideScrollOff, (t.tw-1)/2)
	if cc-siso >= t.leftcol && cc+cw+siso <= t.leftcol+t.tw {
		return
	}
	if ss := t.v.Opts.SideScroll; ss > 0 {
		if cc-siso < t.leftcol {
			t.leftcol = max(0, min(t.leftcol-ss, cc-siso))
		} else {
			t.leftcol = max(t.leftcol+ss, cc+cw+siso-t.tw)
		}
		return
	}
	t.leftcol = max(0, cc-t.tw/2)
}

func (o layoutOpts) wrapOn() bool { return o.width > 0 }

func clamp(v, lo, hi int) int {
	if hi < lo {
		return lo
	}
	return min(max(v, lo), hi)
}

// gutterWidth returns the width of the line-number column: Vim's
// 'numberwidth' rule (at least numberwidth, room for the largest number
// plus a space).
func gutterWidth(o DisplayOptions, lines, h int) int {
	if !o.Number && !o.RelativeNumber {
		return 0
	}
	most := h
	if o.Number {
		most = lines
	}
	nw := o.NumberWidth
	if nw <= 0 {
		nw = 4
	}
	return max(nw-1, digits(most)) + 1
}

func digits(n int) int {
	d := 1
	for n >= 10 {
		n /= 10
		d++
	}
	return d
}

// rowRef is what one screen row of the text window shows.
type rowRef struct{ line, col int }

// posAt returns the text position under screen cell x, y of the last
// draw and its virtual column; clicks past the end of a line land on its
// last character.
func (t *textWin) posAt(x, y int) (Pos, int, bool) {
	i := y - t.y0
	if t.v == nil || i < 0 || i >= len(t.rowMap) || t.rowMap[i].line < 0 || x < t.x0+t.gutter {
		return Pos{}, 0, false
	}
	ref := t.rowMap[i]
	col := ref.col + x - t.x0 - t.gutter
	start := t.text.LineStart(ref.line)
	t.seek(ref.line, col, math.MaxInt)
	off := t.lc.off
	if t.lc.idle() {
		off = t.lc.cr.offset()
	}
	if end := t.text.LineEnd(ref.line); off >= end && end > start {
		// Past the end: the last cluster, as Vim puts the cursor.
		t.seek(ref.line, math.MaxInt, end-1)
		off = t.lc.off
		if t.lc.idle() {
			off = t.lc.cr.offset()
		}
	}
	t.seek(ref.line, math.MaxInt, off)
	return Pos{ref.line, off - start}, t.lc.col - t.lc.fillers, true
}
