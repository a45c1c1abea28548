package editor

import "strings"

// vInsert is I and A in Visual mode: in block mode, text typed on the
// first line is copied to every line of the block at <Esc>.
func vInsert(e *Editor, c *ncmd) {
	rg := e.visualRange()
	mode := e.mode
	e.noteOpVcols()
	e.saveVisual()
	e.mode = ModeNormal
	if mode != ModeVisualBlock {
		e.lineInsert(c)
		return
	}
	var col int
	if c.name == "I" {
		col = e.blockStartCol(rg) // before a character that straddles the edge
	} else {
		_, col = e.blockCols(rg.start.Line, rg)
		if rg.toEOL {
			col = lineLen(e.text(), rg.start.Line)
		}
		// Pad a short first line to the block's right edge, with the
		// cursor at the block's start as Vim's u_save_cursor records it.
		line := lineText(e.text(), rg.start.Line)
		if w := displayWidth(line, e.opt.TabStop); w < rg.vcol1+1 && !rg.toEOL {
			e.win.cur = Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
			e.insertText(lineEnd(e.text(), rg.start.Line), strings.Repeat(" ", rg.vcol1+1-w))
			col = lineLen(e.text(), rg.start.Line)
		}
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: col}
	e.startInsert(strings.ToLower(c.name), 1, MustParseKeys("i"))
	rg2 := rg
	e.ins.block = &rg2
	e.ins.blockCol, e.ins.blockTail = col, lineLen(e.text(), rg.start.Line)-col
	e.ins.corner = true
	e.vis.blockIA = c.name == "A"
}

// finishBlockInsert copies the text typed on the block's first line to
// the other lines and returns where the cursor goes (the block's top-left).
func (e *Editor) finishBlockInsert(in *insertState) Pos {
	rg := *in.block
	in.block = nil
	appending := e.vis.blockIA
	e.vis.blockIA = false // consumed: a later block c inserts, never appends
	ts := e.opt.TabStop
	// What is copied is what the first line grew by after the insert
	// column (Vim's ins_len): text deleted there with <Del> counts
	// against it.
	grown := -1
	if e.win.cur.Line == rg.start.Line {
		grown = lineLen(e.text(), rg.start.Line) - in.blockCol - in.blockTail
	}
	if grown <= 0 || !appending && displayCol(lineText(e.text(), rg.start.Line), in.blockCol, ts) < rg.vcol0 {
		// Nothing typed, a line break, or <BS> past the start (which may
		// have joined away the block's lines): nothing is copied. Nor
		// when I typed before a character (a tab, a wide one) that the
		// block's left edge cuts on the first line, as in Vim.
		in.corner = false
		return e.win.cur
	}
	corner := Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	text := lineText(e.text(), rg.start.Line)[in.blockCol : in.blockCol+grown]
	vcol := displayCol(lineText(e.text(), rg.start.Line), in.blockCol, ts)
	// Lines joined away while typing (<Del> at the end) are not there to
	// copy to.
	for l := rg.start.Line + 1; l <= rg.end.Line && l < lineCount(e.text()); l++ {
		line := lineText(e.text(), l)
		w := displayWidth(line, ts)
		ls := lineStart(e.text(), l)
		if rg.toEOL && appending {
			e.insertText(ls+len(line), text)
			continue
		}
		if w < vcol {
			if !appending {
				continue // I and c skip short lines
			}
			e.insertText(ls+len(line), strings.Repeat(" ", vcol-w)+text)
			continue
		}
		col, pad, tail := splitAt(line, vcol, ts)
		if tail != "" {
			e.replaceRange(ls+col, ls+col+1, pad+text+tail)
			continue
		}
		e.insertText(ls+col, pad+text)
	}
	return corner
}

// lineInsert is Vim's op_insert for A and I on a selection v_visop made
// linewise. Vim puts the anchor (VIsual) in column 0 and orders it with
// the cursor: I inserts at the start of that order, A at its end, after
// the character there when the operator's start and end virtual columns
// differ. Those columns are oap->start_vcol and end_vcol; Vim does not
// append after the end character when the cursor sticks to the line end
// ($), and does not measure the start when the area spans lines: then
// the value some earlier operator left is used (opV0). When . repeats the command the area starts
// at the cursor, its column kept, and A inserts at the cursor's column.
func (e *Editor) lineInsert(c *ncmd) {
	last := e.vis.last
	start, end := last.cur, last.anchor
	if !e.vis.inRedo {
		end.Col = 0
	}
	if posLess(end, start) || (e.vis.inRedo && start.Line > end.Line) {
		start, end = end, start
	}
	r := e.text()
	if c.name == "I" {
		e.win.cur = Pos{Line: start.Line, Col: min(start.Col, lineLen(r, start.Line))}
		e.startInsert("i", c.count1(), MustParseKeys("I"))
		return
	}
	line := lineText(r, end.Line)
	end.Col = min(end.Col, lastCharCol(line))
	if line != "" && !e.vis.inRedo && !e.vis.opMax && e.vis.opV0 != e.vis.opV1 {
		end.Col = nextCol(line, end.Col)
	}
	e.win.cur = end
	e.startInsert("a", c.count1(), MustParseKeys("A"))
}

// noteOpVcols records the virtual columns Vim's do_pending_operator
// computes for a Visual operator (oap->start_vcol, end_vcol), before the
// selection ends. For a selection made linewise the anchor is in column 0.
func (e *Editor) noteOpVcols() {
	if e.vis.inRedo {
		return // Vim does not measure a reselected area
	}
	ts := e.opt.TabStop
	r := e.text()
	if e.mode == ModeVisualBlock {
		rg := e.visualRange()
		e.vis.opV0, e.vis.opV1 = rg.vcol0, rg.vcol1
		if rg.toEOL {
			e.vis.opV1 = maxCol
		}
		return
	}
	e.vis.opMax = e.win.wantCol == maxCol || e.vis.startMax
	if e.vis.opMax {
		return // Vim's curswant is MAXCOL: A appends at the end position
	}
	start, end := e.vis.anchor, e.win.cur
	if e.mode == ModeVisualLine {
		start.Col = 0
	}
	if posLess(end, start) {
		start, end = end, start
	}
	line := lineText(r, end.Line)
	v := displayCol(line, min(end.Col, len(line)), ts)
	if end.Col < len(line) {
		v += clusterWidth(line[end.Col:nextCol(line, end.Col)], v, ts) - 1
	}
	e.vis.opV1 = v
	if start.Line == end.Line {
		l0 := lineText(r, start.Line)
		e.vis.opV0 = displayCol(l0, min(start.Col, len(l0)), ts)
	}
}
