package editor

import "strings"

// Blockwise operators on lines where an edge of the block falls inside a
// character that takes several cells (a tab, a wide character, an
// escaped one such as <202e>), the way Vim's block_prep measures them.

// blockText is the part of line inside a block, as Vim's block_prep
// yanks it: a character that straddles an edge of the block (a tab, a
// wide or escaped character) contributes a space for each of its
// columns inside the block, and one that covers the whole block, or a
// line that ends before it, gives the block's width in spaces.
func blockText(line string, rg opRange, ts int) string {
	p, v := 0, 0
	for p < len(line) && v < rg.vcol0 {
		n := nextCol(line, p)
		v += clusterWidth(line[p:n], v, ts)
		p = n
	}
	if v < rg.vcol0 {
		if rg.toEOL {
			return ""
		}
		return strings.Repeat(" ", rg.vcol1-rg.vcol0+1) // the line ends before the block
	}
	if !rg.toEOL && v > rg.vcol1 {
		return strings.Repeat(" ", rg.vcol1-rg.vcol0+1)
	}
	startSpaces := strings.Repeat(" ", v-rg.vcol0)
	if rg.toEOL {
		return startSpaces + line[p:]
	}
	q := p
	for q < len(line) && v <= rg.vcol1 {
		n := nextCol(line, q)
		w := clusterWidth(line[q:n], v, ts)
		if v+w > rg.vcol1+1 {
			// Straddles the right edge: its columns inside as spaces.
			return startSpaces + line[p:q] + strings.Repeat(" ", rg.vcol1+1-v)
		}
		v += w
		q = n
	}
	return startSpaces + line[p:q]
}

// blockDel is what Vim's block delete does to line: the bytes [a, b)
// are replaced by left+right blanks. A character that straddles an edge
// of the block is deleted whole and its columns outside the block become
// blanks (left of the block, right of it); a line that ends before the
// block loses nothing (a == b).
func blockDel(line string, rg opRange, ts int) (a, b, left, right int) {
	p, v, prev, incr := 0, 0, 0, 0
	for p < len(line) && v < rg.vcol0 {
		n := nextCol(line, p)
		incr = clusterWidth(line[p:n], v, ts)
		prev, v, p = p, v+incr, n
	}
	if v < rg.vcol0 {
		return len(line), len(line), 0, 0
	}
	a = p
	if v > rg.vcol0 { // a character straddles the left edge
		a, left = prev, incr-(v-rg.vcol0)
	}
	if !rg.toEOL && v > rg.vcol1 { // one character covers the whole block
		return a, p, left, v - rg.vcol1 - 1
	}
	for p < len(line) && (rg.toEOL || v <= rg.vcol1) {
		n := nextCol(line, p)
		v += clusterWidth(line[p:n], v, ts)
		p = n
	}
	if !rg.toEOL && v > rg.vcol1+1 { // a character straddles the right edge
		right = v - rg.vcol1 - 1
	}
	return a, p, left, right
}

// blockReplace is what Vim's block r{ch} does to line: the bytes [a, b)
// become with, one ch for every column of the block the line reaches (a
// tab inside the block gives as many as it is wide), with the columns of
// a character straddling an edge and outside the block kept as blanks.
// ok is false when the line ends before the block.
func blockReplace(line string, rg opRange, ts int, ch string) (a, b int, with string, ok bool) {
	a, b, left, right := blockDel(line, rg, ts)
	if a == b {
		return a, b, "", false
	}
	end := displayCol(line, b, ts) // the column after the last one replaced
	cols := rg.vcol1 - rg.vcol0 + 1
	if rg.toEOL || b == len(line) && end <= rg.vcol1 { // the line ends inside the block
		cols, right = end-rg.vcol0, 0
	}
	with = strings.Repeat(" ", left) + strings.Repeat(ch, cols) + strings.Repeat(" ", right)
	return a, b, with, true
}

// deleteBlock deletes a block (the register is already stored) and puts
// the cursor at its top-left corner, after the blanks left of the block
// but not past the line's last character, as Vim does.
func (e *Editor) deleteBlock(rg opRange) (deleted bool) {
	ts := e.opt.TabStop
	e.win.cur = Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	first := -1
	for l := rg.end.Line; l >= rg.start.Line; l-- {
		a, b, left, right := blockDel(lineText(e.text(), l), rg, ts)
		if a == b {
			continue
		}
		ls := lineStart(e.text(), l)
		e.replaceRange(ls+a, ls+b, strings.Repeat(" ", left+right))
		deleted = true
		if l == rg.start.Line {
			first = a + left
		}
	}
	if first >= 0 {
		// Vim's check_cursor_col: not past the last character, also when
		// c goes on to insert there.
		if line := lineText(e.text(), rg.start.Line); first >= len(line) {
			first = lastCharCol(line)
		}
		e.win.cur = Pos{Line: rg.start.Line, Col: first}
	}
	return deleted
}

// opDeleteBlock deletes a block for d (change false) or c, reg being the
// block's text for the register.
func (e *Editor) opDeleteBlock(c *ncmd, reg register, rg opRange, change bool) {
	e.storeDelete(c.reg, reg, false)
	if !e.deleteBlock(rg) {
		e.emptyBlockChange(rg, change)
	}
	e.win.wantCol = -1
}

// emptyBlockChange is Vim's op_delete on a block that holds no text (the
// lines are too short): it still saves for undo and calls changed_lines,
// so the buffer is modified and u has a state to undo. Only d of a
// one-line block on an empty line returns before that, as a charwise
// delete there does.
func (e *Editor) emptyBlockChange(rg opRange, change bool) {
	if change || rg.end.Line > rg.start.Line {
		e.saveUndo()
		e.markModified()
	}
}
