package ui

import (
	"math"
)

// selState is the visual selection resolved for one frame.
type selState struct {
	kind             SelKind
	startOff, endOff int // char: rope offsets of the first and last cluster
	l1, l2           int // first and last line
	c1, c2           int // block: virtual columns, inclusive
	cursor           int // rope offset of the cursor, never highlighted
}

// matchState walks the sorted 'hlsearch' ranges as cells advance.
type matchState struct {
	ranges []Range
	i      int
	inc    Range
}

// in reports whether off is inside a match; offsets must not decrease
// between calls (except after reset).
func (m *matchState) in(off int) bool {
	for m.i < len(m.ranges) && m.ranges[m.i].End <= off {
		m.i++
	}
	return m.i < len(m.ranges) && m.ranges[m.i].Start <= off
}

// frameSetup prepares the per-frame state of a draw.
func (t *textWin) frameSetup(v *TextView, th *Theme, w, h int) {
	t.v, t.th, t.text = v, th, v.Text
	t.lines = v.Text.Newlines() + 1
	t.h = h
	t.gutter = gutterWidth(v.Opts, t.lines, h)
	if t.gutter >= w {
		t.gutter = 0
	}
	t.tw = max(w-t.gutter, 1)
	t.opts = layoutOpts{tabstop: v.Opts.TabStop, list: v.Opts.List}
	if v.Opts.Wrap {
		t.opts.width = t.tw
	}
	t.cache.nextFrame()
	t.curVcol = 0
	t.v.Cursor.Line = clamp(v.Cursor.Line, 0, t.lines-1)
	t.v.Cursor.Col = clamp(v.Cursor.Col, 0, t.text.LineEnd(t.v.Cursor.Line)-t.text.LineStart(t.v.Cursor.Line))
	t.curCol, _ = t.cursorCol() // also sets curOff
}

// draw draws v into the rectangle at x0, y0 of size w×h and returns the
// cursor's screen position (ok false when it is not visible).
func (t *textWin) draw(s Surface, v TextView, th *Theme, x0, y0, w, h int) (cx, cy int, ok bool) {
	if w <= 0 || h <= 0 {
		return 0, 0, false
	}
	t.frameSetup(&v, th, w, h)
	t.scroll()
	t.setupSelection()
	t.setupMatches()
	cx, cy = -1, -1
	row := 0
	t.bot = t.top
	t.x0, t.y0 = x0, y0
	t.rowMap = t.rowMap[:0]
	for i := 0; i < h; i++ {
		t.rowMap = append(t.rowMap, rowRef{line: -1})
	}
	for line := t.top; row < h && line < t.lines; line++ {
		n, cur, full := t.drawLine(s, line, x0, y0+row, h-row)
		if !full {
			for ; row < h; row++ {
				s.SetCell(x0, y0+row, "@", 1, th.NonText)
				fill(s, x0+1, x0+w, y0+row, th.Normal)
			}
			break
		}
		if cur.ok {
			cx, cy = cur.x, cur.y
		}
		row += n
		t.bot = line + 1
	}
	for ; row < h; row++ {
		s.SetCell(x0, y0+row, "~", 1, th.NonText)
		fill(s, x0+1, x0+w, y0+row, th.Normal)
	}
	return cx, cy, cx >= 0
}

type screenPos struct {
	x, y int
	ok   bool
}

// drawLine draws one buffer line starting at screen row y with at most
// avail rows; it returns the rows used, where the cursor went, and false
// when a wrapped line (other than the top one) does not fit.
func (t *textWin) drawLine(s Surface, line, x0, y, avail int) (int, screenPos, bool) {
	wrap := t.opts.wrapOn()
	rowsNeeded := 1
	first := 0 // first screen column shown
	if wrap {
		if line == t.top {
			first = t.skip * t.tw
		} else if rowsNeeded = t.rows(line, avail); rowsNeeded > avail {
			return 0, screenPos{}, false
		}
	} else {
		first = t.leftcol
	}
	isCur := line == t.v.Cursor.Line
	curOff := t.curOff
	t.syn.startLine(t, line)
	t.seek(line, first, math.MaxInt)
	var cur screenPos
	tx := x0 + t.gutter
	r, x := 0, 0 // row within the line, column within the row
	t.drawGutter(s, line, x0, y, false)
	t.mapRow(y, line, first)
	newRow := func() bool {
		fill(s, tx+x, tx+t.tw, y+r, t.th.Normal)
		r++
		x = 0
		if r >= avail {
			return false
		}
		t.drawGutter(s, line, x0, y+r, true)
		t.mapRow(y+r, line, first+r*t.tw)
		return true
	}
	hide := first // cells left of hide are not drawn
	if wrap && line == t.top && t.skip > 0 && !(isCur && t.curCol < first+3) {
		// Vim's "<<<": the line starts above the window.
		for i := 0; i < 3 && i < t.tw; i++ {
			s.SetCell(tx+i, y, "<", 1, t.th.NonText)
		}
		x = min(3, t.tw)
		hide += x
	}
	for {
		c, ok := t.lc.next()
		if !ok {
			break
		}
		if c.col < hide {
			if c.col+c.w > hide && c.w == 2 {
				s.SetCell(tx+x, y+r, "<", 1, t.th.NonText)
				x++
			}
			continue
		}
		col := c.col - first
		if wrap {
			for col/t.tw > r {
				if !newRow() {
					return r, cur, true
				}
			}
			col %= t.tw
		} else if col >= t.tw {
			break
		}
		if col+c.w > t.tw { // a wide cluster at the last column (nowrap)
			s.SetCell(tx+x, y+r, ">", 1, t.th.NonText)
			x++
			break
		}
		fill(s, tx+x, tx+col, y+r, t.th.Normal)
		s.SetCell(tx+col, y+r, c.s, c.w, t.cellStyle(c, line))
		x = col + c.w
		if isCur && c.off == curOff && !cur.ok && t.cursorCell(c) {
			cur = screenPos{tx + col, y + r, true}
			t.curVcol = c.vcol
		}
	}
	endCol := t.lc.col - first // column after the last cell of the line
	if isCur && !cur.ok && curOff >= t.text.LineEnd(line) && endCol >= 0 {
		// The cursor past the end of the line (Insert mode, empty line).
		if wrap {
			for endCol/t.tw > r && newRow() {
			}
			endCol %= t.tw
		}
		if endCol < t.tw && (!wrap || endCol == x || r < avail) {
			cur = screenPos{tx + endCol, y + r, true}
			t.curVcol = t.lc.col - t.lc.fillers
			x = max(x, endCol)
		}
	}
	if x < t.tw && t.selEOL(line) {
		s.SetCell(tx+x, y+r, blank, 1, t.th.Visual)
		x++
	}
	fill(s, tx+x, tx+t.tw, y+r, t.th.Normal)
	return max(r+1, rowsNeeded), cur, true
}

// cursorCell reports whether cell c (of the cursor's cluster) is where the
// cursor is drawn: the first cell, or the last cell of a tab in Normal
// mode.
func (t *textWin) cursorCell(c cell) bool {
	if c.kind == cellTab && !t.v.CursorAtTabStart && !t.opts.list {
		return c.last
	}
	return c.first || c.kind == cellEOL
}

// mapRow records that screen row y shows line from screen column col.
func (t *textWin) mapRow(y, line, col int) {
	if i := y - t.y0; i >= 0 && i < len(t.rowMap) {
		t.rowMap[i] = rowRef{line, col}
	}
}
