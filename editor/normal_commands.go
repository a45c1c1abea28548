package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/undo"
)

var commands map[string]func(e *Editor, c *ncmd)

func init() {
	commands = map[string]func(e *Editor, c *ncmd){
		"x": translate("d", "l"), "<Del>": translate("d", "l"), "X": translate("d", "h"),
		"D": translate("d", "$"), "C": translate("c", "$"), "s": translate("c", "l"),
		"S": translateLine("c"), "Y": translateLine("y"),
		"p": cmdPut, "P": cmdPut, "gp": cmdPut, "gP": cmdPut, "]p": cmdPut, "[p": cmdPut,
		"J": cmdJoin, "gJ": cmdJoin,
		"u": cmdUndo, "<C-r>": cmdRedo, "U": cmdUndo, "g-": cmdStep, "g+": cmdStep, "g<BS>": cmdRestoreBack,
		".": cmdDot,
		"i": cmdInsert, "a": cmdInsert, "I": cmdInsert, "A": cmdInsert, "gI": cmdInsert,
		"o": cmdInsert, "O": cmdInsert, "gi": cmdInsert, "<Insert>": cmdInsert,
		"R": cmdInsert, "r": cmdReplaceChar, "gr": cmdReplaceChar,
		"~": cmdTilde,
		"v": cmdVisual, "V": cmdVisual, "<C-v>": cmdVisual, "gv": cmdVisual,
		":": cmdColon,
		"q": cmdRecord, "@": cmdExecReg,
		"m":     cmdMark,
		"<C-a>": cmdIncrement, "<C-x>": cmdIncrement,
		"ZZ": cmdZZ, "ZQ": cmdZZ,
		"<C-g>": func(e *Editor, c *ncmd) { e.fileInfo() },
		"&":     func(e *Editor, c *ncmd) { e.execExLine("s", true); e.lastExCmd = "s" }, // Vim stuffs ":s\r": it sets ":
		"g&":    func(e *Editor, c *ncmd) { e.execExLine("%s//~/&", true) },
		"zz":    cmdScrollCursor, "zt": cmdScrollCursor, "zb": cmdScrollCursor,
		"z<CR>": cmdScrollCursor, "z.": cmdScrollCursor, "z-": cmdScrollCursor,
		"<C-e>": cmdScroll, "<C-y>": cmdScroll, "<C-d>": cmdScroll, "<C-u>": cmdScroll,
		"<C-f>": cmdScroll, "<C-b>": cmdScroll, "<PageDown>": cmdScroll, "<PageUp>": cmdScroll,
		"<C-l>": func(e *Editor, c *ncmd) {},
		"<Esc>": func(e *Editor, c *ncmd) {},
		"<C-c>": func(e *Editor, c *ncmd) {},
		"<C-o>": cmdJump, "<Tab>": cmdJump,
		"ga": cmdCharInfo,
	}
}

// translate makes a command that is an operator plus a motion (x is dl).
func translate(op, motion string) func(e *Editor, c *ncmd) {
	return func(e *Editor, c *ncmd) {
		oc := &ncmd{reg: c.reg, count: c.count, name: op, motion: motion}
		e.execOperator(oc)
	}
}

// translateLine makes a command that is a doubled operator (S is cc).
func translateLine(op string) func(e *Editor, c *ncmd) {
	return func(e *Editor, c *ncmd) {
		oc := &ncmd{reg: c.reg, count: c.count, name: op, line: true}
		e.execOperator(oc)
	}
}

// moveBy runs a motion without an operator.
func (e *Editor) moveBy(c *ncmd) {
	def := motions[c.name]
	if def.fn == nil {
		e.startSearchCmdline(c.name, nil)
		return
	}
	m := e.nest.mctxs.take(mctx{e: e, name: c.name, cur: e.win.cur, count0: c.count0(), count1: c.count1(), arg: c.arg, kind: def.kind})
	defer e.nest.mctxs.release()
	p, ok := def.fn(m)
	if !ok {
		e.beep()
		if !m.moveAnyway {
			if m.wantEnd {
				e.win.wantCol = maxCol
			}
			return
		}
	}
	if def.jump && ok {
		e.setPCMark()
	}
	e.win.cur = p
	e.win.clampCursor(e.mode.visual())
	switch {
	case m.wantEnd:
		e.win.wantCol = maxCol
	case m.keepWant:
	default:
		e.win.wantCol = -1
	}
}

func cmdUndo(e *Editor, c *ncmd) {
	b := e.buf()
	count := c.count1()
	if !b.tree.Synced() {
		count = 1 // u right after a change in a macro: sync, then undo one
	}
	e.sync()
	e.applyUndo(func(t *undo.Tree) undo.Result { return t.Undo(count) })
}

func cmdRedo(e *Editor, c *ncmd) {
	e.sync()
	e.applyUndo(func(t *undo.Tree) undo.Result { return t.Redo(c.count1()) })
}

func cmdStep(e *Editor, c *ncmd) {
	e.sync()
	n := c.count1()
	if c.name == "g-" {
		n = -n
	}
	e.applyUndo(func(t *undo.Tree) undo.Result { return t.Step(n) })
}

func cmdDot(e *Editor, c *ncmd) {
	rd := e.redo
	if rd == nil {
		return
	}
	var keys []Key
	reg := rd.reg
	if c.reg != 0 {
		reg = c.reg
	} else if reg >= '1' && reg < '9' && rd.isPut {
		reg++ // "1p... steps through the delete history
		rd.reg = reg
	}
	if reg != 0 {
		keys = append(keys, R('"'), R(reg))
	}
	// A count replaces the command's own; the command, when it works,
	// records itself again with it. One that fails (3. of C on the last
	// line) leaves the redo buffer as it was, as in Vim.
	count := rd.count
	if c.count > 0 {
		count = c.count
	}
	if rd.vis != nil {
		count = rd.vis.count // Vim repeats a Visual command with its own count
	}
	if count > 0 {
		for _, d := range itoa(count) {
			keys = append(keys, R(d))
		}
	}
	keys = append(keys, rd.keys...)
	keys = append(keys, rd.insert.keys()...)
	if rd.vis != nil {
		e.reselect(rd.vis)
	}
	e.stuff(keys)
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for n >= 10 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	i--
	b[i] = byte('0' + n)
	return string(b[i:])
}

func cmdInsert(e *Editor, c *ncmd) {
	r := e.text()
	cur := e.win.cur
	count := c.count1()
	prefix := insertPrefix(c.name)
	switch c.name {
	case "a":
		e.win.cur.Col = ropeNextCol(r, cur.Line, cur.Col)
	case "A":
		e.win.cur.Col = lineLen(r, cur.Line)
	case "I":
		e.win.cur.Col = len(leadingWhite(e.curLine()))
	case "gI":
		e.win.cur.Col = 0
	case "gi":
		if p, ok := e.buf().marks['^']; ok && p.Line < lineCount(r) {
			p.Col = min(p.Col, len(lineText(r, p.Line)))
			e.win.cur = p
		}
	case "o", "O":
		e.openLine(c.name == "o")
	}
	name := c.name
	switch name {
	case "<Insert>", "gi":
		// . repeats gi as i, at the cursor (Vim's nv_edit sees 'i').
		name = "i"
		prefix = insertPrefix("i")
	}
	e.startInsert(name, count, prefix)
}

// openLine opens a new line below (o) or above (O) the cursor line, with
// autoindent, and puts the cursor on it.
func (e *Editor) openLine(below bool) {
	r := e.text()
	l := e.win.cur.Line
	indent := ""
	if e.opt.AutoIndent {
		indent = leadingWhite(lineText(r, l))
	}
	switch {
	case below:
		e.insertText(lineEnd(r, l), "\n"+indent)
		e.win.cur = Pos{Line: l + 1, Col: len(indent)}
	case l > 0:
		e.insertText(lineEnd(r, l-1), "\n"+indent)
		e.win.cur = Pos{Line: l, Col: len(indent)}
	default:
		e.insertText(0, indent+"\n")
		e.win.cur = Pos{Line: 0, Col: len(indent)}
	}
	if indent != "" {
		e.autoIndentLine = e.win.cur.Line // the new line: its indent goes if nothing is typed
	}
}

func cmdReplaceChar(e *Editor, c *ncmd) {
	line := e.curLine()
	cur := e.win.cur
	n := c.count1()
	end := cur.Col
	for i := 0; i < n; i++ {
		if end >= len(line) {
			e.beep() // not enough characters: no change
			return
		}
		end = nextCol(line, end)
	}
	ls := lineStart(e.text(), cur.Line)
	if c.arg == "\r" || c.arg == "\n" {
		e.replaceRange(ls+cur.Col, ls+end, "\n")
		e.win.cur = Pos{Line: cur.Line + 1, Col: 0}
	} else {
		e.replaceRange(ls+cur.Col, ls+end, strings.Repeat(c.arg, n))
		if !e.changed {
			e.saveUndo()
			e.markModified()
		}
		e.win.cur.Col = cur.Col + (n-1)*len(c.arg)
	}
	e.setRedo(c)
}

func cmdTilde(e *Editor, c *ncmd) {
	if e.opt.TildeOp {
		return
	}
	line := e.curLine()
	cur := e.win.cur
	if line == "" {
		return
	}
	end := cur.Col
	for i := 0; i < c.count1() && end < len(line); i++ {
		end = nextCol(line, end)
	}
	ls := lineStart(e.text(), cur.Line)
	e.replaceRange(ls+cur.Col, ls+end, strings.Map(toggleCase, line[cur.Col:end]))
	if !e.changed {
		e.saveUndo()
	}
	e.win.cur.Col = end
	e.win.clampCursor(false)
	e.setRedo(c)
}

func cmdColon(e *Editor, c *ncmd) {
	init := ""
	if c.count > 0 {
		init = "." + ",.+" + itoa(c.count-1)
		if c.count == 1 {
			init = "."
		}
	}
	// Vim settles curswant when the command line opens (the screen is
	// redrawn): an Ex command that then moves the cursor without
	// beginline (:g, a :s that changed nothing) leaves it, and j and k
	// go back to that column.
	e.wantColumn()
	e.startCmdline(':', init)
}

func cmdZZ(e *Editor, c *ncmd) {
	if c.name == "ZZ" {
		e.execExLine("x", true)
	} else {
		e.execExLine("q!", true)
	}
}

func cmdMark(e *Editor, c *ncmd) {
	if !e.setMark(c.arg) {
		return
	}
}

// cmdScrollCursor is zz, zt, zb (and z<CR>, z., z-, which also go to the
// first non-blank).
func cmdScrollCursor(e *Editor, c *ncmd) {
	w := e.win
	if c.count > 0 {
		w.cur.Line = min(c.count, lineCount(e.text())) - 1
	}
	switch c.name {
	case "zt", "z<CR>":
		w.top = w.cur.Line - e.opt.ScrollOff
	case "zb", "z-":
		w.top = w.cur.Line - w.height + 1 + e.opt.ScrollOff
	default:
		w.top = w.cur.Line - w.height/2
	}
	if w.top < 0 {
		w.top = 0
	}
	if strings.HasPrefix(c.name, "z") && len(c.name) > 2 || c.name == "z." || c.name == "z-" {
		w.cur.Col = firstNonBlank(e.curLine())
	}
}

// cmdScroll is CTRL-E/Y/D/U/F/B.
func cmdScroll(e *Editor, c *ncmd) {
	w := e.win
	n := lineCount(e.text())
	h := max(w.height, 1)
	switch c.name {
	case "<C-e>":
		w.top = min(w.top+c.count1(), n-1)
		if w.cur.Line < w.top+e.opt.ScrollOff {
			w.cur.Line = min(w.top+e.opt.ScrollOff, n-1)
		}
		return
	case "<C-y>":
		w.top = max(w.top-c.count1(), 0)
		if w.cur.Line > w.top+h-1-e.opt.ScrollOff {
			w.cur.Line = max(w.top+h-1-e.opt.ScrollOff, 0)
		}
		return
	case "<C-d>", "<C-u>":
		if c.count > 0 {
			w.scroll = min(c.count, h) // Vim's 'scroll' keeps the count
		}
		amount := h / 2
		if w.scroll > 0 {
			amount = w.scroll
		}
		if c.name == "<C-d>" && w.cur.Line >= n-1 || c.name == "<C-u>" && w.cur.Line == 0 {
			e.beep()
			return
		}
		v := scrollView{top: w.top + 1, cur: w.cur.Line + 1, height: h, lines: n, so: min(e.opt.ScrollOff, (h-1)/2)}
		v.halfPage(c.name == "<C-d>", amount)
		w.top, w.cur.Line = v.top-1, v.cur-1
	case "<C-f>", "<PageDown>", "<C-b>", "<PageUp>":
		v := scrollView{top: w.top + 1, cur: w.cur.Line + 1, height: h, lines: n, so: min(e.opt.ScrollOff, (h-1)/2)}
		ok := v.page(c.name == "<C-f>" || c.name == "<PageDown>", c.count1())
		w.top, w.cur.Line = v.top-1, v.cur-1
		if !ok {
			e.beep()
			return
		}
	}
	w.cur.Col = firstNonBlank(e.curLine())
	w.wantCol = -1
}

func cmdCharInfo(e *Editor, c *ncmd) {
	line := e.curLine()
	if line == "" {
		e.msg("NUL")
		return
	}
	ch := []rune(line[e.win.cur.Col:nextCol(line, e.win.cur.Col)])[0]
	e.msg("<%s> %d, Hex %02x, Oct %03o", string(ch), ch, ch, ch)
}
