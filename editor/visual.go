package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/editor/motion"
)

// visualState is the Visual selection: its anchor and mode, plus the last
// selection for gv and the '< '> marks.
type visualState struct {
	mode    Mode
	anchor  Pos
	toEOL   bool // block mode after $: every line to its end
	last    *savedVisual
	blockIA bool
	// opV0 and opV1 are Vim's oap->start_vcol and end_vcol, which
	// outlive the operator that set them: Visual A on lines reads them
	// (visual_insert.go).
	opV0, opV1 int
	opMax      bool // the last Visual operator ran with curswant MAXCOL
	// redoSel is set while . reselects an area; inRedo while the command
	// it repeats runs.
	redoSel, inRedo bool
	// startMax is set when Visual mode started after $ and no motion
	// has run since: Vim's curswant is still MAXCOL (j goes to the line
	// end), but the cursor is on the last character, not past it.
	startMax bool
	// blockV1 overrides the block's right column while . repeats a block
	// command (-1: none).
	blockV1 int
}

// savedVisual is a finished selection (gv).
type savedVisual struct {
	mode        Mode
	anchor, cur Pos
	toEOL       bool
}

// visualCommands are the Visual-mode commands that are not operators or
// motions.
var visualCommands map[string]func(e *Editor, c *ncmd)

func init() {
	visualCommands = map[string]func(e *Editor, c *ncmd){
		"x": vOp("d", false), "<Del>": vOp("d", false), "X": vOp("d", false), "D": vOp("d", true),
		"Y": vOp("y", false), "C": vOp("c", true), "S": vOp("c", false), "R": vOp("c", false),
		"s": vOp("c", false), "u": vOp("gu", false), "U": vOp("gU", false), "~": vOp("g~", false),
		"r": vReplace, "J": vJoin, "gJ": vJoin, "p": vPut, "P": vPut,
		"I": vInsert, "A": vInsert, "o": vSwap, "O": vSwap,
		"v": vMode, "V": vMode, "<C-v>": vMode, "<Esc>": vEsc, "<C-c>": vEsc,
		":": vColon, "gv": vGv, "<C-a>": vIncrement, "<C-x>": vIncrement,
		"g<C-a>": vIncrement, "g<C-x>": vIncrement,
	}
}

// cmdVisual is v, V, CTRL-V and gv in Normal mode.
func cmdVisual(e *Editor, c *ncmd) {
	if c.name == "gv" {
		vGv(e, c)
		return
	}
	e.vis.anchor = e.win.cur
	e.vis.toEOL = false
	e.vis.blockV1 = -1
	e.vis.startMax = e.win.wantCol == maxCol
	e.mode = map[string]Mode{"v": ModeVisual, "V": ModeVisualLine, "<C-v>": ModeVisualBlock}[c.name]
	e.vis.mode = e.mode
	if c.count > 1 && c.name == "v" {
		line := e.curLine()
		col := e.win.cur.Col
		for i := 1; i < c.count && nextCol(line, col) < len(line); i++ {
			col = nextCol(line, col)
		}
		e.win.cur.Col = col
	}
}

// visualChanges are the Visual-mode commands . repeats.
var visualChanges = map[string]bool{
	"d": true, "c": true, ">": true, "<": true, "=": true, "g~": true, "gu": true, "gU": true, "g?": true,
	"gq": true, "gw": true, "x": true, "<Del>": true, "X": true, "D": true, "C": true, "S": true,
	"R": true, "s": true, "u": true, "U": true, "~": true, "r": true, "J": true, "gJ": true,
	"A": true, "I": true,
}

// execVisual runs a command in Visual mode.
func (e *Editor) execVisual(c *ncmd) {
	e.vis.inRedo, e.vis.redoSel = e.vis.redoSel, false
	if e.vis.startMax {
		e.win.wantCol = maxCol // the v command reset it; Vim keeps curswant
		before := e.win.cur
		defer func() {
			// A motion that resets curswant ends it too, even when it
			// failed where it stood (w on the last, empty line).
			if e.win.cur != before || c.name == "$" || e.win.wantCol < 0 {
				e.vis.startMax = false
			}
		}()
	}
	if upperVisual[c.name] && (e.mode != ModeVisualBlock || c.name == "R" || c.name == "S") {
		e.mode = ModeVisualLine
	}
	if visualChanges[c.name] {
		if c.name != "A" && c.name != "I" {
			e.noteOpVcols()
		}
		info := e.visualRedoInfo()
		info.count = c.count
		keys := MustParseKeys(c.name)
		if c.arg != "" {
			keys = append(keys, argKeys(c.arg)...)
		}
		e.execVisualCmd(c)
		e.vis.blockV1 = -1
		rd := &redoCmd{reg: c.reg, keys: keys, vis: info}
		if e.ins != nil {
			e.ins.visualRedo = rd
		} else {
			e.redo = rd
		}
		return
	}
	e.execVisualCmd(c)
}

// redoLineStart is the start of a linewise Visual range for its operator:
// column 0 for a selection, but the cursor's column when . repeats the
// command (Vim's do_pending_operator sets oap->start.col to 0 only for a
// live selection), which is where an undo of the repeat returns.
func (e *Editor) redoLineStart(rg opRange) Pos {
	if !e.vis.inRedo || rg.kind != linewise {
		return rg.start
	}
	line := lineText(e.text(), rg.start.Line)
	return Pos{Line: rg.start.Line, Col: min(e.vis.anchor.Col, max(len(line)-1, 0))}
}

// upperVisual are the Visual commands that work on whole lines outside
// block mode (Vim's v_visop).
var upperVisual = map[string]bool{"X": true, "D": true, "Y": true, "C": true, "S": true, "R": true, "A": true, "I": true}

// execVisualCmd dispatches a Visual-mode command.
func (e *Editor) execVisualCmd(c *ncmd) {
	switch {
	case isOperator(c.name):
		e.visualOperator(c, c.name, false)
		if e.mode != ModeInsert {
			e.win.wantCol = -1 // as after an operator in Normal mode
		}
	case motions[c.name].fn != nil:
		e.moveBy(c)
		// A block goes to the line ends while the remembered column is
		// $'s (Vim's curswant MAXCOL): j and k keep it, and so do gg and
		// G with 'nosol'; other motions end it.
		e.vis.toEOL = e.mode == ModeVisualBlock && e.win.wantCol == maxCol
	case motions[c.name].fn == nil && (c.name == "/" || c.name == "?"):
		e.startSearchCmdline(c.name, nil)
	case isTextObject(c.name):
		e.visualTextObject(c)
	default:
		if f := visualCommands[c.name]; f != nil {
			f(e, c)
		} else if f := commands[c.name]; f != nil && (c.name == "<C-e>" || c.name == "<C-y>" || c.name == "<C-d>" || c.name == "<C-u>" || c.name == "<C-f>" || c.name == "<C-b>" || strings.HasPrefix(c.name, "z")) {
			f(e, c)
		}
	}
}

// exitVisual leaves Visual mode, remembering the selection.
func (e *Editor) exitVisual() {
	if !e.mode.visual() && e.mode != ModeCmdline {
		return
	}
	e.saveVisual()
	e.mode = ModeNormal
	e.win.clampCursor(false)
}

func (e *Editor) saveVisual() {
	m := e.vis.mode
	if e.mode.visual() {
		m = e.mode
	}
	e.vis.last = &savedVisual{mode: m, anchor: e.vis.anchor, cur: e.win.cur, toEOL: e.vis.toEOL}
	a, b := e.vis.anchor, e.win.cur
	if posLess(b, a) {
		a, b = b, a
	}
	if m == ModeVisualLine {
		a.Col = 0
		b.Col = max(lineLen(e.text(), b.Line), 1) - 1
		b.Col = maxCol
	}
	if m == ModeVisualBlock {
		a.Col = min(e.vis.anchor.Col, e.win.cur.Col)
		b.Col = max(e.vis.anchor.Col, e.win.cur.Col)
	}
	e.buf().marks['<'] = a
	e.buf().marks['>'] = b
}

// visualRange is the selection as an operator range.
func (e *Editor) visualRange() opRange {
	r := e.text()
	a, b := e.vis.anchor, e.win.cur
	if posLess(b, a) {
		a, b = b, a
	}
	switch e.mode {
	case ModeVisualLine:
		// Vim keeps the cursor's column when the cursor is on a line
		// above the anchor's; otherwise the start is the anchor's line at
		// column 0 (do_pending_operator compares the cursor with the
		// anchor moved to column 0).
		start := Pos{Line: a.Line}
		if e.win.cur.Line < e.vis.anchor.Line {
			start.Col = e.win.cur.Col
		}
		return opRange{kind: linewise, start: start, end: Pos{Line: b.Line}}
	case ModeVisualBlock:
		ts := e.opt.TabStop
		la, lb := lineText(r, e.vis.anchor.Line), lineText(r, e.win.cur.Line)
		va := displayCol(la, e.vis.anchor.Col, ts)
		vb := displayCol(lb, e.win.cur.Col, ts)
		wa, wb := 1, 1
		if e.vis.anchor.Col < len(la) {
			wa = clusterWidth(la[e.vis.anchor.Col:nextCol(la, e.vis.anchor.Col)], va, ts)
		}
		if e.win.cur.Col < len(lb) {
			wb = clusterWidth(lb[e.win.cur.Col:nextCol(lb, e.win.cur.Col)], vb, ts)
		}
		v0, v1 := min(va, vb), max(va+wa-1, vb+wb-1)
		if e.vis.blockV1 >= 0 {
			v1 = e.vis.blockV1
		}
		return opRange{kind: blockwise, start: Pos{Line: min(a.Line, b.Line), Col: 0}, end: Pos{Line: max(a.Line, b.Line)}, vcol0: v0, vcol1: v1, toEOL: e.vis.toEOL}
	}
	line := lineText(r, b.Line)
	end := b
	if b.Col >= len(line) || (b == e.win.cur && e.win.wantCol == maxCol && !e.vis.startMax) {
		// The selection includes the line break.
		if b.Line < lineCount(r)-1 {
			end = Pos{Line: b.Line + 1}
		} else {
			end.Col = len(line)
		}
	} else {
		end.Col = nextCol(line, b.Col)
	}
	return opRange{kind: exclusive, start: a, end: end}
}

// visualOperator applies op to the selection; toEOL extends a block to
// the line ends (D and C in block mode).
func (e *Editor) visualOperator(c *ncmd, op string, toEOL bool) {
	rg := e.visualRange()
	if toEOL && rg.kind == blockwise {
		rg.toEOL = true
	}
	rg.start = e.redoLineStart(rg)
	e.saveVisual()
	mode := e.mode
	e.mode = ModeNormal
	oc := &ncmd{reg: c.reg, count: c.count, name: op}
	if op == ">" || op == "<" {
		e.mode = mode // the count is the amount in Visual mode
		e.applyOperator(oc, rg)
		e.mode = ModeNormal
		return
	}
	if op == "c" && rg.kind == linewise {
		e.win.cur = rg.start
		e.opChange(oc, rg)
		return
	}
	rg.cursor = e.win.cur
	e.applyOperator(oc, rg)
}

func vOp(op string, lines bool) func(e *Editor, c *ncmd) {
	return func(e *Editor, c *ncmd) { e.visualOperator(c, op, lines) }
}

func (e *Editor) visualTextObject(c *ncmd) {
	r := e.text()
	obj := c.name
	if obj[1:] == "<lt>" {
		obj = obj[:1] + "<"
	}
	v := motion.Visual{Anchor: posToOff(r, e.vis.anchor), Cursor: posToOff(r, e.win.cur), Linewise: e.mode == ModeVisualLine}
	// Vim can move the cursor before it fails: the result is the
	// selection either way, and only a success changes the mode.
	nv, ok := motion.TextObjectVisual(r, v, obj, c.count1())
	e.vis.anchor, e.win.cur = offToPos(r, nv.Anchor), offToPos(r, nv.Cursor)
	if !ok {
		return
	}
	switch {
	case nv.Linewise && e.mode == ModeVisual:
		e.mode = ModeVisualLine
	case !nv.Linewise && e.mode == ModeVisualLine:
		e.mode = ModeVisual
	}
	e.vis.mode = e.mode
}

func vSwap(e *Editor, c *ncmd) {
	if c.name == "O" && e.mode == ModeVisualBlock {
		// Other corner on the same line.
		r := e.text()
		ts := e.opt.TabStop
		va := displayCol(lineText(r, e.vis.anchor.Line), e.vis.anchor.Col, ts)
		vc := displayCol(lineText(r, e.win.cur.Line), e.win.cur.Col, ts)
		e.vis.anchor.Col = colAtDisplay(lineText(r, e.vis.anchor.Line), vc, ts, false)
		e.win.cur.Col = colAtDisplay(lineText(r, e.win.cur.Line), va, ts, false)
		return
	}
	e.vis.anchor, e.win.cur = e.win.cur, e.vis.anchor
	e.win.wantCol = -1
}

func vMode(e *Editor, c *ncmd) {
	m := map[string]Mode{"v": ModeVisual, "V": ModeVisualLine, "<C-v>": ModeVisualBlock}[c.name]
	if e.mode == m {
		e.exitVisual()
		return
	}
	e.mode = m
	e.vis.mode = m
}

// vEsc leaves Visual mode; the next vertical move takes its column from
// the cursor again (Vim's nv_esc sets w_set_curswant).
func vEsc(e *Editor, c *ncmd) {
	e.exitVisual()
	e.win.wantCol = -1
}

func vColon(e *Editor, c *ncmd) {
	e.exitVisual()
	e.startCmdline(':', "'<,'>")
}

// vGv swaps the current and the previous selection (gv).
func vGv(e *Editor, c *ncmd) {
	last := e.vis.last
	if last == nil {
		return
	}
	if e.mode.visual() {
		e.saveVisual()
	}
	n := lineCount(e.text())
	e.mode = last.mode
	e.vis.mode = last.mode
	e.vis.anchor = last.anchor
	e.win.cur = last.cur
	e.vis.toEOL = last.toEOL
	if e.vis.anchor.Line >= n {
		e.vis.anchor.Line = n - 1
	}
	e.win.clampCursor(false)
}
