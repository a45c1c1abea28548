package editor

import "strings"

// The Visual commands that change the selected text: p and P, r, J.

func vReplace(e *Editor, c *ncmd) {
	rg := e.visualRange() // column 0 for lines, also in a repeat (op_replace)
	e.saveVisual()
	e.mode = ModeNormal
	r := e.text()
	ch := c.arg
	if ch == "\r" {
		ch = "\n"
	}
	repl := func(s string) string {
		var b strings.Builder
		for p := 0; p < len(s); p = nextCol(s, p) {
			if s[p] == '\n' {
				b.WriteByte('\n')
				continue
			}
			b.WriteString(ch)
		}
		return b.String()
	}
	e.win.cur = e.opStart(rg)
	if e.buf().empty {
		return // nothing to replace in an empty buffer
	}
	e.saveUndo() // Vim saves the lines first
	switch rg.kind {
	case linewise:
		for l := rg.start.Line; l <= rg.end.Line; l++ {
			ls := lineStart(e.text(), l)
			e.replaceRange(ls, lineEnd(e.text(), l), repl(lineText(e.text(), l)))
		}
		e.win.cur = Pos{Line: rg.start.Line}
	case blockwise:
		for l := rg.start.Line; l <= rg.end.Line; l++ {
			ls := lineStart(e.text(), l)
			if ch == "\n" {
				a, b := e.blockCols(l, rg)
				e.replaceRange(ls+a, ls+b, repl(lineText(e.text(), l)[a:b]))
				continue
			}
			if a, b, with, ok := blockReplace(lineText(e.text(), l), rg, e.opt.TabStop, ch); ok {
				e.replaceRange(ls+a, ls+b, with)
			}
		}
		e.win.cur = Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	default:
		a, b := posToOff(r, rg.start), posToOff(r, rg.end)
		e.replaceRange(a, b, repl(r.SliceString(a, b)))
	}
	e.markModified()
}

func vJoin(e *Editor, c *ncmd) {
	a, b := e.vis.anchor.Line, e.win.cur.Line
	if a > b {
		a, b = b, a
	}
	rg := e.visualRange()
	rg.start = e.redoLineStart(rg)
	start := e.opStart(rg) // where the undo puts the cursor back
	e.saveVisual()
	e.mode = ModeNormal
	n := max(b-a+1, 2)
	e.win.cur = start // even when J then fails on the last line
	if a+n-1 > lineCount(e.text())-1 {
		return
	}
	e.saveUndo()
	e.joinLines(a, n, c.name == "J")
}

// vPut replaces the selection with a register.
func vPut(e *Editor, c *ncmd) {
	reg, ok := e.getReg(c.reg)
	if !ok {
		// Vim deletes the selection first and then finds nothing to put.
		info := e.visualRedoInfo()
		e.visualOperator(&ncmd{}, "d", false)
		e.redo = &redoCmd{keys: MustParseKeys("d"), vis: info}
		if err := e.readRegError(c.reg); err != nil {
			e.errMsg("%s", err)
		}
		return
	}
	rg := e.visualRange()
	visCur := e.win.cur
	info := e.visualRedoInfo()
	e.saveVisual()
	e.mode = ModeNormal
	dc := &ncmd{reg: 0, name: "d"}
	if c.name == "P" {
		dc.reg = '_'
	}
	e.opDelete(dc, rg)
	// Vim deletes through the operator code, which makes the Visual
	// delete (not the put) what . repeats.
	e.redo = &redoCmd{reg: dc.reg, keys: MustParseKeys("d"), vis: info}
	wasEmpty := e.buf().empty
	e.putOverSelection(reg, rg, visCur, c.name == "p", c.count1())
	if wasEmpty && lineCount(e.text()) > 1 && lineText(e.text(), lineCount(e.text())-1) == "" {
		// Every line was replaced: drop the empty line the delete left.
		n := lineCount(e.text()) - 1
		cur := e.win.cur
		e.deleteLines(n, n)
		e.win.cur = cur
		if e.win.cur.Line >= n {
			e.win.cur = Pos{Line: n - 1, Col: lastCharCol(lineText(e.text(), n-1))}
		}
	}
}

// putOverSelection puts reg where the Visual selection rg was deleted
// (visCur: the Visual cursor; forward: p rather than P), as Vim's
// do_put after the delete of a Visual put.
func (e *Editor) putOverSelection(reg register, rg opRange, visCur Pos, forward bool, count int) {
	r := e.text()
	switch {
	case rg.kind == linewise && reg.kind != regLine:
		// The lines are gone: the text is put as lines of its own.
		reg.kind = regLine
		if rg.start.Line > lineCount(r)-1 {
			e.win.cur = Pos{Line: lineCount(r) - 1}
			e.put(reg, true, false, count, false)
		} else {
			e.win.cur = Pos{Line: rg.start.Line}
			e.put(reg, false, false, count, false)
		}
	case rg.kind == blockwise && reg.kind == regLine:
		// Vim's PUT_LINE_FORWARD: p puts the lines below the line the
		// Visual cursor was on, P above the block's first line.
		if forward {
			e.win.cur = Pos{Line: min(visCur.Line, lineCount(r)-1)}
			e.put(reg, true, false, count, false)
		} else {
			e.win.cur = Pos{Line: rg.start.Line}
			e.put(reg, false, false, count, false)
		}
	case rg.kind != linewise && reg.kind == regLine:
		// Split the line and put the lines between.
		off := posToOff(r, rg.start)
		e.splitLineKeepingMarks(off)
		e.win.cur = Pos{Line: rg.start.Line}
		e.put(reg, true, false, count, false)
	default:
		after := rg.kind == linewise && rg.start.Line >= lineCount(r)
		if rg.kind == linewise && rg.start.Line > lineCount(e.text())-1 {
			e.win.cur = Pos{Line: lineCount(e.text()) - 1}
			after = true
		} else if rg.kind != linewise {
			line := lineText(r, rg.start.Line)
			after = rg.start.Col >= len(line) && line != ""
			e.win.cur = rg.start
			if after {
				e.win.cur.Col = lastCharCol(line)
			}
		}
		e.put(reg, after, false, count, false)
	}
}

func regName(r rune) rune {
	if r == 0 {
		return '"'
	}
	return r
}
