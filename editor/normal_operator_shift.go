package editor

import (
	"strings"
	"unicode"
)

// The shift (> <) and case (~ g~ gu gU g?) operators.

// opShift indents (amount > 0) or dedents the range's lines by
// |amount| shiftwidths.
func (e *Editor) opShift(rg opRange, amount int) {
	if rg.kind == blockwise {
		e.shiftBlock(rg, amount)
		return
	}
	sw := e.opt.EffectiveShiftWidth()
	ts := e.opt.TabStop
	e.win.cur = Pos{Line: rg.start.Line, Col: e.win.cur.Col}
	e.saveUndo() // Vim saves the lines first, even if none changes
	for l := rg.start.Line; l <= rg.lastLine(); l++ {
		line := lineText(e.text(), l)
		if line == "" {
			continue
		}
		ws := leadingWhite(line)
		w := displayWidth(ws, ts)
		nw := w + amount*sw
		if e.opt.ShiftRound {
			if amount > 0 {
				nw = (w/sw + amount) * sw
			} else {
				nw = ((w+sw-1)/sw + amount) * sw
			}
		}
		if nw < 0 {
			nw = 0
		}
		ni := makeIndent(nw, ts, e.opt.ExpandTab)
		if ni == ws {
			e.saveUndo()
			continue
		}
		ls := lineStart(e.text(), l)
		e.replaceRange(ls, ls+len(ws), ni)
	}
	e.markModified() // Vim's op_shift: even when no line changed
	e.win.cur = Pos{Line: rg.start.Line, Col: firstNonBlank(lineText(e.text(), rg.start.Line))}
	e.win.wantCol = -1
	n := rg.lastLine() - rg.start.Line + 1
	if n > e.opt.Report {
		dir := ">"
		if amount < 0 {
			dir = "<"
			amount = -amount
		}
		e.msgKeep("%d line%s %sed %d time%s", n, plural(n), dir, amount, plural(amount))
	}
}

// opCase is g~, gu, gU and g? over the range.
func (e *Editor) opCase(op string, rg opRange) {
	conv := func(s string) string {
		switch op {
		case "gu":
			return strings.ToLower(s)
		case "gU":
			return strings.ToUpper(s)
		case "g?":
			return strings.Map(rot13, s)
		}
		return strings.Map(toggleCase, s)
	}
	r := e.text()
	e.win.cur = e.opStart(rg)
	e.saveUndo() // Vim saves the lines first, even if none changes
	switch rg.kind {
	case linewise:
		for l := rg.start.Line; l <= rg.end.Line; l++ {
			ls := lineStart(e.text(), l)
			e.replaceRange(ls, lineEnd(e.text(), l), conv(lineText(e.text(), l)))
		}
		e.win.cur = rg.start
	case blockwise:
		for l := rg.start.Line; l <= rg.end.Line; l++ {
			a, b := e.blockCols(l, rg)
			ls := lineStart(e.text(), l)
			line := lineText(e.text(), l)
			e.replaceRange(ls+a, ls+b, conv(line[a:b]))
		}
		e.win.cur = Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	default:
		a, b := posToOff(r, rg.start), posToOff(r, rg.end)
		if a == b && !rg.incl {
			// Vim's op_tilde steps the end back one character: at the
			// start of the text that is the first character, at the
			// start of a later line the whole line is changed.
			switch {
			case rg.start.Line == 0 && rg.start.Col == 0:
				b = posToOff(r, Pos{Col: nextCol(lineText(r, 0), 0)})
			case rg.start.Col == 0:
				b = lineEnd(r, rg.start.Line)
			}
		}
		e.replaceRange(a, b, conv(r.SliceString(a, b)))
	}
	if !e.changed {
		return
	}
	if n := rg.lastLine() - rg.start.Line + 1; n > e.opt.Report {
		e.msg("%d line%s changed", n, plural(n))
	}
}

func toggleCase(r rune) rune {
	switch {
	case unicode.IsUpper(r):
		return unicode.ToLower(r)
	case unicode.IsLower(r):
		return unicode.ToUpper(r)
	}
	return r
}

func rot13(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z':
		return 'a' + (r-'a'+13)%26
	case r >= 'A' && r <= 'Z':
		return 'A' + (r-'A'+13)%26
	}
	return r
}

// shiftBlock is > and < on a block (Vim's shift_block): the text from the
// block's left edge moves right by amount shiftwidths (> fills the gap with
// tabs and spaces as the columns allow) or left over at most that much
// white space.
func (e *Editor) shiftBlock(rg opRange, amount int) {
	ts := e.opt.TabStop
	total := amount * e.opt.EffectiveShiftWidth()
	if total < 0 {
		total = -total
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	corner := e.win.cur
	e.saveUndo()
	e.markModified() // Vim's op_shift, even when no line changed
	for l := rg.start.Line; l <= rg.end.Line; l++ {
		line := lineText(e.text(), l)
		at := blockStartOf(line, rg.vcol0, ts)
		if at.p >= len(line) {
			continue // the line ends before the block
		}
		var a, b int
		var fill string
		if amount > 0 {
			a, b, fill = shiftBlockRight(line, at, total, ts, e.opt.ExpandTab)
		} else {
			a, b, fill = shiftBlockLeft(line, at, rg.vcol0, total, ts)
		}
		ls := lineStart(e.text(), l)
		e.replaceRange(ls+a, ls+b, fill)
	}
	e.win.cur = corner
	if n := rg.end.Line - rg.start.Line + 1; n > e.opt.Report {
		dir := ">"
		if amount < 0 {
			dir, amount = "<", -amount
		}
		e.msgKeep("%d line%s %sed %d time%s", n, plural(n), dir, amount, plural(amount))
	}
}

// blockStart is where a block starts on one line: the byte p and display
// column v of the cluster at the block's left edge, and the width preW
// and bytes preC of the white space just before it.
type blockStart struct{ p, v, preW, preC int }

// blockStartOf finds the cluster of line at display column vcol0.
func blockStartOf(line string, vcol0, ts int) blockStart {
	var at blockStart
	for at.p < len(line) {
		n := nextCol(line, at.p)
		w := clusterWidth(line[at.p:n], at.v, ts)
		if at.v+w > vcol0 {
			break
		}
		if line[at.p] == ' ' || line[at.p] == '\t' {
			at.preW += w
			at.preC += n - at.p
		} else {
			at.preW, at.preC = 0, 0
		}
		at.v += w
		at.p = n
	}
	return at
}

// shiftBlockRight is >: the white space around the block's left edge
// grows by total columns, refilled with tabs unless 'expandtab'. It
// returns the bytes [a, b) of line to replace with fill.
func shiftBlockRight(line string, at blockStart, total, ts int, expandTab bool) (int, int, string) {
	v := at.v
	wsStart := v - at.preW
	t := total + at.preW
	q := at.p
	for q < len(line) && (line[q] == ' ' || line[q] == '\t') {
		w := clusterWidth(line[q:q+1], v, ts)
		t += w
		v += w
		q++
	}
	tabs, spaces := 0, t
	if !expandTab {
		tabs = ((wsStart % ts) + t) / ts
		if tabs > 0 {
			spaces = ((wsStart % ts) + t) % ts
		}
	}
	return at.p - at.preC, q, strings.Repeat("\t", tabs) + strings.Repeat(" ", spaces)
}

// shiftBlockLeft is <: up to total columns of the white space at the
// block's left edge are removed (never left of the block). It returns the
// bytes [a, b) of line to replace with fill.
func shiftBlockLeft(line string, at blockStart, vcol0, total, ts int) (int, int, string) {
	q, nw := at.p, at.v
	for q < len(line) && (line[q] == ' ' || line[q] == '\t') {
		nw += clusterWidth(line[q:q+1], nw, ts)
		q++
	}
	shift := min(nw-vcol0, total)
	if nw-at.v < shift {
		shift = nw - at.v
	}
	dest := nw - shift
	vc, vw := 0, 0
	for vc < q && vw < dest { // whole characters, tabs too, while they fit (Vim's verbatim_copy_end)
		w := clusterWidth(line[vc:nextCol(line, vc)], vw, ts)
		if vw+w > dest {
			break
		}
		vw += w
		vc = nextCol(line, vc)
	}
	return vc, q, strings.Repeat(" ", dest-vw)
}
