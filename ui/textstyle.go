package ui

import (
	"math"

	"github.com/kjx-editor/kjx/editor/cells"
)

// setupSelection resolves the visual selection for this frame.
func (t *textWin) setupSelection() {
	v := t.v.Visual
	t.sel = selState{kind: v.Kind, cursor: t.curOff}
	if v.Kind == SelNone {
		return
	}
	a, b := t.clampPos(v.Start), t.clampPos(v.End)
	if b.Line < a.Line || b.Line == a.Line && b.Col < a.Col {
		a, b = b, a
	}
	t.sel.l1, t.sel.l2 = a.Line, b.Line
	t.sel.startOff = t.text.LineStart(a.Line) + a.Col
	t.sel.endOff = t.text.LineStart(b.Line) + b.Col
	if v.Kind == SelBlock {
		c1, w1 := t.vcolSpan(v.Start)
		c2, w2 := t.vcolSpan(v.End)
		t.sel.c1 = min(c1, c2)
		t.sel.c2 = max(c1+w1, c2+w2) - 1
		if v.ToEOL {
			t.sel.c2 = math.MaxInt
		}
	}
}

// clampPos keeps p inside the text.
func (t *textWin) clampPos(p Pos) Pos {
	p.Line = clamp(p.Line, 0, t.lines-1)
	p.Col = clamp(p.Col, 0, t.text.LineEnd(p.Line)-t.text.LineStart(p.Line))
	return p
}

// vcolSpan returns the virtual column and width of the cluster at p.
func (t *textWin) vcolSpan(p Pos) (int, int) {
	off := t.text.LineStart(p.Line) + p.Col
	t.seek(p.Line, math.MaxInt, off)
	c, ok := t.lc.next()
	if !ok || c.off != off {
		return t.lc.col - t.lc.fillers, 1
	}
	w := c.w
	for !c.last {
		if c, ok = t.lc.next(); !ok {
			break
		}
		w += c.w
	}
	return c.vcol - w + c.w, w
}

// setupMatches asks for the 'hlsearch' matches in the visible range.
func (t *textWin) setupMatches() {
	t.match = matchState{inc: t.v.IncMatch}
	if t.v.Matches == nil {
		return
	}
	from := t.text.LineStart(t.top)
	to := t.text.LineEnd(min(t.top+t.h, t.lines-1))
	t.match.ranges = t.v.Matches(t.text, from, to)
}

// inSelection reports whether cell c of line is selected. As in Vim, the
// cluster under the cursor is not: the cursor shows it.
func (t *textWin) inSelection(c cell, line int) bool {
	if c.off == t.sel.cursor {
		return false
	}
	switch t.sel.kind {
	case SelChar:
		return c.off >= t.sel.startOff && c.off <= t.sel.endOff && c.kind != cellEOL
	case SelLine:
		return line >= t.sel.l1 && line <= t.sel.l2 && c.kind != cellEOL
	case SelBlock:
		return line >= t.sel.l1 && line <= t.sel.l2 && c.vcol >= t.sel.c1 && c.vcol <= t.sel.c2 && c.kind != cellEOL
	}
	return false
}

// selEOL reports whether the selection covers the end of line, which Vim
// shows as one selected cell after the text.
func (t *textWin) selEOL(line int) bool {
	switch t.sel.kind {
	case SelChar:
		end := t.text.LineEnd(line)
		return end >= t.sel.startOff && end <= t.sel.endOff && end != t.sel.cursor && !t.opts.list
	case SelLine:
		return line >= t.sel.l1 && line <= t.sel.l2 && !t.opts.list
	}
	return false
}

// cellStyle returns the style of cell c of line: its kind's style, then
// search matches, the selection and the incsearch match on top.
func (t *textWin) cellStyle(c cell, line int) Style {
	st := t.th.Normal
	switch c.kind {
	case cellText:
		if t.syn.spans != nil {
			st = t.syn.style(t.th, c.off)
		}
	case cellEscape:
		st = t.th.SpecialKey
	case cellTab:
		if t.opts.list {
			st = t.th.SpecialKey
		}
	case cellFiller, cellEOL:
		return t.th.NonText
	}
	if t.match.in(c.off) {
		st = t.th.Search
	}
	if t.inSelection(c, line) {
		st = t.th.Visual
	}
	if c.off >= t.match.inc.Start && c.off < t.match.inc.End {
		st = t.th.IncSearch
	}
	return st
}

// drawGutter draws the line-number column of one screen row of line;
// cont marks the continuation rows of a wrapped line, which stay blank.
func (t *textWin) drawGutter(s Surface, line, x0, y int, cont bool) {
	if t.gutter == 0 {
		return
	}
	st := t.th.LineNr
	if cont {
		fill(s, x0, x0+t.gutter, y, st)
		return
	}
	o := t.v.Opts
	n, left := line+1, false
	if o.RelativeNumber {
		n = line - t.v.Cursor.Line
		if n < 0 {
			n = -n
		}
		if n == 0 {
			st = t.th.CursorLineNr
			if o.Number {
				n, left = line+1, true
			}
		}
	}
	var buf [20]byte
	num := appendInt(buf[:0], n)
	x := x0 + t.gutter - 1 - len(num)
	if left {
		x = x0
	}
	fill(s, x0, x, y, st)
	for i, d := range num {
		s.SetCell(x+i, y, cells.ASCII(d), 1, st)
	}
	fill(s, x+len(num), x0+t.gutter, y, st)
}

// appendInt appends the decimal form of n >= 0.
func appendInt(dst []byte, n int) []byte {
	var tmp [20]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, tmp[i:]...)
}
