package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// opRange is the text an operator works on. For charwise ranges End is
// exclusive; for linewise ranges only the lines count; for block ranges
// the display columns vcol0..vcol1 (inclusive) on each line count.
type opRange struct {
	kind         motionKind // exclusive (charwise), linewise or blockwise
	start, end   Pos
	vcol0, vcol1 int
	toEOL        bool // block selected with $
	cursor       Pos  // where the cursor was (for ops that keep it)
	// incl is set when the motion was inclusive: an empty charwise range
	// is then not Vim's "empty" operation (no undo block for d$ on an
	// empty line, unlike dl).
	incl bool
	// endAdjusted is set when an exclusive motion ended in column 0 and
	// the range was made to end on the line before (Vim's end_adjusted).
	endAdjusted bool
}

var operatorNames = map[string]bool{
	"d": true, "c": true, "y": true, ">": true, "<": true, "=": true,
	"g~": true, "gu": true, "gU": true, "g?": true, "gq": true, "gw": true,
	"!": true,
}

// isOperator reports whether name is an operator.
func isOperator(name string) bool { return operatorNames[name] }

// bigMotions always put a delete into register 1 (Vim's special list).
var bigMotions = map[string]bool{"%": true, "(": true, ")": true, "`": true, "/": true, "?": true, "n": true, "N": true, "{": true, "}": true}

// execOperator runs op+motion, op+text object or a doubled operator.
func (e *Editor) execOperator(c *ncmd) {
	cur := e.win.cur
	var rg opRange
	switch {
	case c.line:
		n := lineCount(e.text())
		cnt := c.count1()
		if cnt > 1 && cur.Line >= n-1 {
			e.beep() // cursor_down fails on the last line
			return
		}
		end := cur.Line + cnt - 1
		if end > n-1 {
			end = n - 1
		}
		// Vim's nv_lineop moves the cursor to the last line first (to its
		// first non-blank, except for yy); the operator then starts at the
		// earlier of the two positions.
		target := Pos{Line: end, Col: firstNonBlank(lineText(e.text(), end))}
		if c.name == "y" {
			m := &mctx{e: e, cur: cur}
			target = m.vertical(end)
		}
		start, stop := cur, target
		if posLess(stop, start) {
			start, stop = stop, start
		}
		rg = opRange{kind: linewise, start: start, end: stop}
		if c.force != "" {
			rg = e.forceRange(rg, c.force)
		}
	case isTextObject(c.motion):
		var ok bool
		rg, ok = e.textObjectRange(c.motion, c.count1(), c.name)
		if !ok {
			e.beep()
			return
		}
		if c.force != "" {
			rg = e.forceRange(rg, c.force)
		}
	case c.motion == "/" || c.motion == "?":
		e.startSearchCmdline(c.motion, c)
		return
	default:
		var ok bool
		rg, ok = e.motionRange(c)
		if !ok {
			return
		}
	}
	rg.cursor = cur
	e.applyOperator(c, rg)
}

// motionRange runs c's motion under its operator and turns the result into
// a range, applying Vim's exclusive/inclusive rules (:h exclusive).
func (e *Editor) motionRange(c *ncmd) (opRange, bool) {
	def := motions[c.motion]
	cur := e.win.cur
	m := e.nest.mctxs.take(mctx{e: e, name: c.motion, cur: cur, count0: c.count0(), count1: c.count1(), arg: c.marg, op: c.name, kind: def.kind})
	defer e.nest.mctxs.release()
	p, ok := def.fn(m)
	if !ok {
		e.beep()
		if m.moveAnyway {
			e.win.cur = p
			e.win.clampCursor(false)
		}
		return opRange{}, false
	}
	if def.jump {
		e.setPCMark()
	}
	return e.rangeFrom(cur, p, m.kind, m.noAdjust, c.force, c.name), true
}

// rangeFrom builds the operator range between the cursor and a motion's
// target.
func (e *Editor) rangeFrom(from, to Pos, kind motionKind, noAdjust bool, force, op string) opRange {
	start, end := from, to
	if posLess(end, start) {
		start, end = end, start
	}
	r := e.text()
	switch force {
	case "v":
		kind, noAdjust = toggleExclusive(kind), true
	case "V":
		kind = linewise
	case "<C-v>":
		a := displayCol(lineText(r, from.Line), from.Col, e.opt.TabStop)
		b := displayCol(lineText(r, to.Line), to.Col, e.opt.TabStop)
		return opRange{kind: blockwise, start: start, end: end, vcol0: min(a, b), vcol1: max(a, b)}
	}
	var rg opRange
	switch kind {
	case linewise:
		return opRange{kind: linewise, start: start, end: end}
	case inclusive:
		end.Col = nextCol(lineText(r, end.Line), end.Col)
		rg = opRange{kind: exclusive, start: start, end: end, incl: true}
	default:
		adjusted := false // Vim's end_adjusted
		if kind == exclusive && !noAdjust && end.Col == 0 && end.Line > start.Line && force == "" {
			prev := lineText(r, end.Line-1)
			if inIndent(lineText(r, start.Line), start.Col) {
				return opRange{kind: linewise, start: start, end: Pos{Line: end.Line - 1, Col: len(prev)}, endAdjusted: true}
			}
			end = Pos{Line: end.Line - 1, Col: len(prev)}
			adjusted = true
		}
		rg = opRange{kind: exclusive, start: start, end: end, endAdjusted: adjusted}
	}
	if op == "d" && force == "" && deleteBecomesLinewise(r, start, end) {
		rg.kind = linewise
	}
	return rg
}

// toggleExclusive is the motion type after v (Vim's o_v): linewise and
// inclusive become exclusive, exclusive becomes inclusive.
func toggleExclusive(kind motionKind) motionKind {
	if kind == exclusive {
		return inclusive
	}
	return exclusive
}

// deleteBecomesLinewise: a multi-line characterwise delete that ends at a
// line end (up to blanks) and starts in the indent deletes whole lines.
func deleteBecomesLinewise(r buffer.Rope, start, end Pos) bool {
	if end.Line <= start.Line {
		return false
	}
	el := lineText(r, end.Line)
	return strings.TrimLeft(el[min(end.Col, len(el)):], " \t") == "" && inIndent(lineText(r, start.Line), start.Col)
}

// forceRange applies v/V/CTRL-V typed after an operator to a ready range.
func (e *Editor) forceRange(rg opRange, force string) opRange {
	r := e.text()
	switch force {
	case "v":
		if rg.kind == linewise {
			rg.kind = exclusive
			rg.start.Col = min(rg.start.Col, len(lineText(r, rg.start.Line)))
			rg.end.Col = min(rg.end.Col, len(lineText(r, rg.end.Line)))
		}
	case "V":
		rg.kind = linewise
	}
	return rg
}

// inIndent reports whether col is at or before the first non-blank.
func inIndent(line string, col int) bool {
	return strings.TrimLeft(line[:min(col, len(line))], " \t") == ""
}

// lastLine is the last line the range touches: a charwise range that ends
// at the start of a line (a Visual selection including a line break) does
// not touch that line.
func (rg opRange) lastLine() int {
	if rg.kind == exclusive && rg.end.Col == 0 && rg.end.Line > rg.start.Line {
		return rg.end.Line - 1
	}
	return rg.end.Line
}

func posLess(a, b Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// rangeText returns the text an opRange covers, as a register.
func (e *Editor) rangeText(rg opRange) register {
	r := e.text()
	switch rg.kind {
	case linewise:
		return register{text: r.SliceString(lineStart(r, rg.start.Line), lineEnd(r, rg.end.Line)), kind: regLine}
	case blockwise:
		var parts []string
		for l := rg.start.Line; l <= rg.end.Line; l++ {
			parts = append(parts, blockText(lineText(r, l), rg, e.opt.TabStop))
		}
		return register{text: strings.Join(parts, "\n"), kind: regBlock, width: rg.vcol1 - rg.vcol0 + 1}
	}
	return register{text: r.SliceString(posToOff(r, rg.start), posToOff(r, rg.end))}
}

// blockCols returns the byte columns [a, b) of line l inside a block.
func (e *Editor) blockCols(l int, rg opRange) (int, int) {
	line := lineText(e.text(), l)
	ts := e.opt.TabStop
	a := colAtDisplay(line, rg.vcol0, ts, true)
	if a < len(line) && displayCol(line, a, ts) < rg.vcol0 {
		a = nextCol(line, a) // a wide char or tab straddles the edge: start after it
	}
	if rg.toEOL {
		return a, len(line)
	}
	b := colAtDisplay(line, rg.vcol1, ts, true)
	if b < len(line) {
		b = nextCol(line, b)
	}
	if b < a {
		b = a
	}
	return a, b
}

// applyOperator runs the operator of c over rg. As Vim does, the cursor
// is first put at the start of the range (the undo block records it).
func (e *Editor) applyOperator(c *ncmd, rg opRange) {
	e.win.cur = rg.start
	if rg.kind == blockwise {
		e.win.cur.Col = e.blockStartCol(rg)
	}
	switch c.name {
	case "d":
		e.opDelete(c, rg)
	case "y":
		e.opYank(c.reg, rg, true)
	case "c":
		e.opChange(c, rg)
	case ">", "<":
		amount := 1
		if e.mode.visual() {
			amount = c.count1()
		}
		if c.name == "<" {
			amount = -amount
		}
		e.opShift(rg, amount)
	case "g~", "gu", "gU", "g?", "~":
		e.opCase(c.name, rg)
	case "=":
		e.opReindent(rg)
	case "gq", "gw":
		e.opFormat(c.name, rg)
	case "!":
		e.opFilter(c, rg)
		return // . repeats it with the command typed (exBang)
	}
	if c.name != "y" && c.name != "c" {
		e.setRedo(c)
	}
}

// opDelete deletes the range into a register.
func (e *Editor) opDelete(c *ncmd, rg opRange) {
	if e.buf().empty {
		return // nothing to delete in an empty buffer, not even for undo
	}
	reg := e.rangeText(rg)
	r := e.text()
	switch rg.kind {
	case linewise:
		e.storeDelete(c.reg, reg, false)
		n := rg.end.Line - rg.start.Line + 1
		e.win.cur = rg.start
		e.deleteLines(rg.start.Line, rg.end.Line)
		l := min(rg.start.Line, lineCount(e.text())-1)
		e.win.cur = Pos{Line: l, Col: firstNonBlank(lineText(e.text(), l))}
		e.linesMessage(-n)
	case blockwise:
		e.opDeleteBlock(c, reg, rg, false)
	default:
		a, b := posToOff(r, rg.start), posToOff(r, rg.end)
		e.win.cur = rg.start
		if a == b {
			if !rg.incl {
				e.saveUndo() // Vim saves for undo even when nothing is deleted
			}
			return
		}
		e.storeDelete(c.reg, reg, bigMotions[c.motion])
		e.applyShift(a, r.SliceString(a, b), "", charDeleteShiftOf)
		e.win.cur = rg.start
		if n := rg.end.Line - rg.start.Line; n > 0 {
			e.linesMessage(-n)
		}
	}
	e.win.wantCol = -1
}

// blockStartCol is the block's top-left corner as Vim's coladvance finds
// it: the character covering the block's first column on its first line
// (a tab or wide character may start before that column).
func (e *Editor) blockStartCol(rg opRange) int {
	return colAtDisplay(lineText(e.text(), rg.start.Line), rg.vcol0, e.opt.TabStop, true)
}

// opStart is where Vim's do_pending_operator puts the cursor before an
// operator runs (oap->start), and so where an undo of it returns: a
// block's top-left corner (blockStartCol), else the range's start.
func (e *Editor) opStart(rg opRange) Pos {
	if rg.kind == blockwise {
		return Pos{Line: rg.start.Line, Col: e.blockStartCol(rg)}
	}
	return rg.start
}

// opYank copies the range into a register; moveCursor puts the cursor at
// the range's start as Vim does.
func (e *Editor) opYank(reg rune, rg opRange, moveCursor bool) {
	t := e.rangeText(rg)
	e.setReg(reg, t, false, false)
	// Vim's op_yank counts the lines of the register; a characterwise
	// yank within one line reports nothing.
	n := rg.end.Line - rg.start.Line + 1
	if rg.kind == inclusive || rg.kind == exclusive {
		if n = countLines(t.text); n == 1 {
			n = 0
		}
	}
	if n > e.opt.Report {
		if rg.kind == blockwise {
			e.msg("block of %d lines yanked", n)
		} else {
			e.msg("%d lines yanked", n)
		}
	}
	if moveCursor {
		e.win.cur = rg.start
		if rg.kind == blockwise {
			e.win.cur.Col = e.blockStartCol(rg)
		}
	}
}
