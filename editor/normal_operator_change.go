package editor

// opChange deletes the range and starts Insert mode.
func (e *Editor) opChange(c *ncmd, rg opRange) {
	r := e.text()
	if e.buf().empty {
		e.saveUndo() // Vim's op_change saves for undo in an empty buffer
		e.startInsert("c", 1, e.redoKeys(c))
		e.ins.rcount, e.ins.redoRegister = c.count0(), c.reg
		return
	}
	switch rg.kind {
	case linewise:
		e.changeLines(c, rg)
	case blockwise:
		start := e.win.cur.Col // the block's top-left corner
		e.opDeleteBlock(c, e.rangeText(rg), rg, true)
		// Vim's op_change: back to the corner's column when the delete
		// left the cursor before it (at the end of a shortened line).
		if line := e.curLine(); start > e.win.cur.Col && line != "" {
			e.win.cur.Col = nextCol(line, e.win.cur.Col)
		}
		e.startInsert("c", 1, e.redoKeys(c))
		e.ins.rcount, e.ins.redoRegister = c.count0(), c.reg
		e.ins.block = &rg
		e.ins.blockCol, e.ins.blockTail = e.win.cur.Col, lineLen(e.text(), e.win.cur.Line)-e.win.cur.Col
		return
	default:
		a, b := posToOff(r, rg.start), posToOff(r, rg.end)
		e.win.cur = rg.start
		if a == b {
			// Vim's op_delete saves for undo before it finds nothing to
			// delete: an empty exclusive range (oap->empty) and an
			// inclusive one on an empty line (c$) alike.
			e.saveUndo()
		} else {
			e.storeDelete(c.reg, e.rangeText(rg), bigMotions[c.motion])
			e.deleteRange(a, b)
			e.linesMessage(rg.start.Line - rg.end.Line)
		}
		e.win.cur = rg.start
	}
	e.startInsert("c", 1, e.redoKeys(c))
	e.ins.rcount, e.ins.redoRegister = c.count0(), c.reg
}

// changeLines is c on whole lines: the lines but the first are deleted,
// the first is emptied down to its indent ('autoindent').
func (e *Editor) changeLines(c *ncmd, rg opRange) {
	r := e.text()
	reg := e.rangeText(rg)
	e.storeDelete(c.reg, reg, false)
	indent := ""
	if e.opt.AutoIndent {
		indent = leadingWhite(lineText(r, rg.start.Line))
	}
	// The cursor an undo restores: Vim's nv_lineop moves it to the
	// first non-blank of the motion's last line, and the operator
	// starts at the earlier of that and where the cursor was.
	col := e.win.cur.Col
	if rg.end.Line > rg.start.Line {
		// Vim deletes the other lines with the cursor on the second.
		e.win.cur = Pos{Line: rg.start.Line + 1, Col: col}
		e.deleteLines(rg.start.Line+1, rg.end.Line)
		e.linesMessage(rg.start.Line - rg.end.Line) // Vim's op_delete: "3 fewer lines"
	}
	r = e.text()
	ls := lineStart(r, rg.start.Line)
	e.win.cur = Pos{Line: rg.start.Line, Col: min(col, firstNonBlank(lineText(r, rg.start.Line)))}
	if lineText(r, rg.start.Line) == indent {
		e.saveUndo()
		e.markModified() // Vim's truncate_line replaces the line all the same
	} else {
		e.replaceRange(ls, lineEnd(r, rg.start.Line), indent)
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: len(indent)}
}
