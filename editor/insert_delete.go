package editor

import "strings"

// Insert-mode keys that delete: <BS>, <Del>, CTRL-W, CTRL-U, and the
// soft tab stops they honour.

// backspaceAllowed reports whether 'backspace' has the item.
func (e *Editor) backspaceAllowed(item string) bool {
	bs := e.opt.Backspace
	switch bs {
	case "2", "3":
		return true
	case "1":
		return item != "start"
	}
	for rest := bs; rest != ""; {
		var f string
		f, rest, _ = strings.Cut(rest, ",")
		if f == item {
			return true
		}
	}
	return item == "start" && strings.Contains(bs, "nostop")
}

// insertBackspace is <BS>.
func (e *Editor) insertBackspace() {
	cur := e.win.cur
	in := e.ins
	r := e.text()
	beforeStart := cur.Line < in.start.Line || (cur.Line == in.start.Line && cur.Col <= in.start.Col)
	if beforeStart && !e.backspaceAllowed("start") {
		return
	}
	if cur.Col == 0 && (cur.Line == 0 || !e.backspaceAllowed("eol")) {
		return
	}
	e.saveUndo() // Vim's stop_arrow: the first <BS> of a session saves for undo
	if cur.Col == 0 {
		prevLen := lineLen(r, cur.Line-1)
		if e.mode == ModeReplace {
			// Replace mode only removes a line break it inserted itself;
			// otherwise it moves to the end of the line above.
			if len(in.replaced) == 0 || in.replaced[len(in.replaced)-1] != "\n" {
				e.win.cur = Pos{Line: cur.Line - 1, Col: prevLen}
				return
			}
			in.replaced = in.replaced[:len(in.replaced)-1]
		}
		e.apply(lineStart(r, cur.Line)-1, "\n", "")
		e.win.cur = Pos{Line: cur.Line - 1, Col: prevLen}
		return
	}
	ls := lineStart(r, cur.Line)
	col := ropePrevCol(r, cur.Line, cur.Col) // a window of the line, not all of it
	if sts := e.softTab(); sts > 0 && r.ByteAt(ls+col) == ' ' {
		line := lineText(r, cur.Line)
		// softtabstop: delete spaces back to the previous stop.
		vc := displayCol(line, cur.Col, e.opt.TabStop)
		want := (vc - 1) / sts * sts
		for col > 0 && line[col-1] == ' ' && displayCol(line, col, e.opt.TabStop) > want {
			col--
		}
	}
	deleted := r.SliceString(ls+col, ls+cur.Col)
	if e.mode == ModeReplace {
		// Replace mode puts back what was replaced; before the replaced
		// text it only moves the cursor.
		if len(in.replaced) > 0 {
			old := in.replaced[len(in.replaced)-1]
			in.replaced = in.replaced[:len(in.replaced)-1]
			e.apply(ls+col, deleted, old)
		}
	} else {
		e.apply(ls+col, deleted, "")
	}
	e.win.cur.Col = col
}

func (e *Editor) softTab() int {
	if e.opt.SoftTabStop < 0 {
		return e.opt.EffectiveShiftWidth()
	}
	return e.opt.SoftTabStop
}

// insertDelete is <Del>.
func (e *Editor) insertDelete() {
	r := e.text()
	cur := e.win.cur
	line := lineText(r, cur.Line)
	off := posToOff(r, cur)
	if cur.Col >= len(line) {
		if cur.Line < lineCount(r)-1 && e.backspaceAllowed("eol") {
			e.apply(off, "\n", "")
		}
		return
	}
	e.apply(off, line[cur.Col:nextCol(line, cur.Col)], "")
}

// insertTab is <Tab> with expandtab and softtabstop.
func (e *Editor) insertTab() {
	if !e.opt.ExpandTab && e.softTab() == 0 {
		e.insertTyped("\t")
		return
	}
	line := e.curLine()
	vc := displayCol(line, e.win.cur.Col, e.opt.TabStop)
	stop := e.softTab()
	if stop == 0 {
		stop = e.opt.TabStop
	}
	n := stop - vc%stop
	if !e.opt.ExpandTab {
		// softtabstop without expandtab: spaces, turned into a tab when
		// they reach a tabstop.
		ws := vc + n
		start := e.win.cur.Col
		for start > 0 && line[start-1] == ' ' {
			start--
		}
		sv := displayCol(line, start, e.opt.TabStop)
		if ws/e.opt.TabStop > sv/e.opt.TabStop {
			ls := lineStart(e.text(), e.win.cur.Line)
			fill := makeIndent(ws, e.opt.TabStop, false)
			// Keep the part before the blanks as is.
			prefix := makeIndent(sv, e.opt.TabStop, false)
			fill = strings.TrimPrefix(fill, prefix)
			if !strings.HasPrefix(makeIndent(ws, e.opt.TabStop, false), prefix) {
				fill = strings.Repeat(" ", ws-sv)
			}
			e.apply(ls+start, line[start:e.win.cur.Col], fill)
			e.win.cur.Col = start + len(fill)
			return
		}
	}
	e.insertTyped(strings.Repeat(" ", n))
}

// insertDeleteWord is CTRL-W.
func (e *Editor) insertDeleteWord() {
	cur := e.win.cur
	if cur.Col == 0 {
		e.insertBackspace()
		return
	}
	line := e.curLine()
	col := cur.Col
	for col > 0 && (line[col-1] == ' ' || line[col-1] == '\t') {
		col--
	}
	if col > 0 {
		c0 := prevCol(line, col)
		cls := wordClass(line[c0:col], false)
		col = c0
		for col > 0 {
			p := prevCol(line, col)
			if wordClass(line[p:col], false) != cls {
				break
			}
			col = p
		}
	}
	in := e.ins
	if cur.Line == in.start.Line && cur.Col > in.start.Col && col < in.start.Col {
		col = in.start.Col // stop once at the start of the insert
	}
	e.deleteBackTo(col)
}

// deleteBackTo deletes from col to the cursor (CTRL-W, CTRL-U); Replace
// mode puts back what was replaced instead, one character at a time.
func (e *Editor) deleteBackTo(col int) {
	if e.mode == ModeReplace {
		for e.win.cur.Col > col {
			before := e.win.cur.Col
			e.insertBackspace()
			if e.win.cur.Col >= before {
				break
			}
		}
		return
	}
	cur := e.win.cur
	line := e.curLine()
	ls := lineStart(e.text(), cur.Line)
	e.apply(ls+col, line[col:cur.Col], "")
	e.win.cur.Col = col
}

// insertDeleteLine is CTRL-U.
func (e *Editor) insertDeleteLine() {
	cur := e.win.cur
	if cur.Col == 0 {
		e.insertBackspace()
		return
	}
	line := e.curLine()
	in := e.ins
	col := 0
	if ind := len(leadingWhite(line)); ind < cur.Col && e.opt.AutoIndent {
		col = ind
	}
	if cur.Line == in.start.Line && cur.Col > in.start.Col && col < in.start.Col {
		col = in.start.Col
	}
	e.deleteBackTo(col)
}
