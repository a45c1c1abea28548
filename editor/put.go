package editor

import "strings"

// cmdPut is p, P, gp, gP, ]p and [p.
func cmdPut(e *Editor, c *ncmd) {
	e.setRedo(c) // Vim remembers the command for . before it runs
	reg, ok := e.getReg(c.reg)
	if !ok {
		e.saveUndo() // Vim saves for undo before it finds the register empty
		e.errMsg("E353: Nothing in register %c", regName(c.reg))
		return
	}
	after := c.name == "p" || c.name == "gp" || c.name == "]p"
	gp := c.name == "gp" || c.name == "gP"
	e.put(reg, after, gp, c.count1(), c.name == "]p" || c.name == "[p")
}

// put inserts a register's text count times.
func (e *Editor) put(reg register, after, gp bool, count int, adjustIndent bool) {
	switch reg.kind {
	case regLine:
		e.putLines(reg, after, gp, count, adjustIndent)
	case regBlock:
		e.putBlock(reg, after, gp, count)
	default:
		e.putChars(reg, after, gp, count)
	}
}

func (e *Editor) putLines(reg register, after, gp bool, count int, adjustIndent bool) {
	lines := reg.lines()
	if adjustIndent {
		lines = reindentLines(lines, indentWidth(e.curLine(), e.opt.TabStop), e.opt)
	}
	one := strings.Join(lines, "\n")
	all := strings.Repeat(one+"\n", count)
	all = all[:len(all)-1]
	r := e.text()
	l := e.win.cur.Line
	var first int
	if after {
		e.insertText(lineEnd(r, l), "\n"+all)
		first = l + 1
	} else {
		e.insertText(lineStart(r, l), all+"\n")
		first = l
	}
	n := len(lines) * count
	if gp {
		e.win.cur = Pos{Line: min(first+n, lineCount(e.text())-1)}
	} else {
		e.win.cur = Pos{Line: first, Col: firstNonBlank(lineText(e.text(), first))}
	}
	e.win.wantCol = -1
	e.linesMessage(n)
}

// reindentLines shifts lines so the first one has indent width w (]p).
func reindentLines(lines []string, w int, o Options) []string {
	if len(lines) == 0 {
		return lines
	}
	delta := w - indentWidth(lines[0], o.TabStop)
	out := make([]string, len(lines))
	for i, l := range lines {
		if l == "" {
			continue
		}
		ws := leadingWhite(l)
		nw := max(displayWidth(ws, o.TabStop)+delta, 0)
		out[i] = makeIndent(nw, o.TabStop, o.ExpandTab) + l[len(ws):]
	}
	return out
}

func (e *Editor) putChars(reg register, after, gp bool, count int) {
	text := strings.Repeat(reg.text, count)
	if text == "" {
		return
	}
	line := e.curLine()
	cur := e.win.cur
	col := cur.Col
	if after && line != "" {
		col = nextCol(line, col)
	}
	ls := lineStart(e.text(), cur.Line)
	e.win.cur.Col = col
	e.insertText(ls+col, text)
	end := offToPos(e.text(), ls+col+len(text))
	switch {
	case gp:
		e.win.cur = end
		if !strings.Contains(text, "\n") {
			// gp leaves the cursor just after the text (may be the line end).
			e.win.cur = end
		}
	case strings.Contains(text, "\n"):
		e.win.cur = Pos{Line: cur.Line, Col: col}
	default:
		e.win.cur = Pos{Line: cur.Line, Col: prevCol(lineText(e.text(), cur.Line), col+len(text))}
	}
	e.win.wantCol = -1
	if n := strings.Count(text, "\n"); n > 0 {
		e.linesMessage(n)
	}
}

func (e *Editor) putBlock(reg register, after, gp bool, count int) {
	lines := reg.lines()
	ts := e.opt.TabStop
	cur := e.win.cur
	line := e.curLine()
	vcol := displayCol(line, cur.Col, ts)
	if after && line != "" {
		vcol += clusterWidth(line[cur.Col:nextCol(line, cur.Col)], vcol, ts)
	}
	for i, piece := range lines {
		l := cur.Line + i
		if l >= lineCount(e.text()) {
			e.insertText(e.text().Len(), "\n")
		}
		text := lineText(e.text(), l)
		w := displayWidth(text, ts)
		pad := ""
		col := colAtDisplay(text, vcol, ts, true)
		if w < vcol {
			pad = strings.Repeat(" ", vcol-w)
			col = len(text)
		}
		cell := piece + strings.Repeat(" ", max(reg.width-displayWidth(piece, ts), 0))
		ins := strings.Repeat(cell, count)
		if col >= len(text) {
			ins = strings.TrimRight(ins, " ")
			if strings.TrimSpace(piece) == "" && pad != "" {
				pad = ""
			}
		}
		ls := lineStart(e.text(), l)
		e.insertText(ls+col, pad+ins)
	}
	e.win.cur = Pos{Line: cur.Line, Col: colAtDisplay(lineText(e.text(), cur.Line), vcol, ts, true)}
	if gp {
		e.win.cur = Pos{Line: cur.Line + len(lines) - 1, Col: e.win.cur.Col + len(lines[len(lines)-1])*count}
	}
}

// cmdJoin is J and gJ.
func cmdJoin(e *Editor, c *ncmd) {
	n := lineCount(e.text())
	count := max(c.count, 2)
	l := e.win.cur.Line
	if l+count-1 > n-1 {
		if count <= 2 {
			e.beep() // J on the last line fails without a change
			return
		}
		count = n - l
		c.count = count // . repeats the count that was used (Vim's prep_redo)
	}
	e.saveUndo() // Vim saves the lines first, even when count is 1
	e.markModified()
	e.joinLines(l, count, c.name == "J")
	e.setRedo(c)
}

// joinLines joins count lines starting at l; spaces is J (insert one space
// and remove leading white space) versus gJ. As in Vim's do_join, whether
// a space goes in depends on the end of the line joined just before (not
// on the joined text so far).
func (e *Editor) joinLines(l, count int, spaces bool) {
	col := 0
	prev := lineText(e.text(), l) // the previous original line, as joined
	for i := 1; i < count; i++ {
		r := e.text()
		cur := lineText(r, l)
		next := lineText(r, l+1)
		off := lineEnd(r, l)
		removed := ""
		sep := ""
		if spaces {
			removed = leadingWhite(next)
			rest := next[len(removed):]
			end := byte(0)
			if prev != "" {
				end = prev[len(prev)-1]
			}
			if rest != "" && len(cur) > 0 && end != ' ' && end != '\t' && rest[0] != ')' {
				sep = " "
				if e.opt.JoinSpaces && (end == '.' || end == '!' || end == '?') {
					sep = "  "
				}
			}
			prev = rest
		} else {
			prev = next
		}
		e.applyJoin(off, "\n"+removed, sep)
		col = len(cur)
	}
	e.win.cur = Pos{Line: l, Col: col}
	e.win.clampCursor(false)
	e.win.wantCol = -1
}
