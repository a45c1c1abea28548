package editor

import (
	"strings"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/editor/cells"
)

// cmdPut is p, P, gp, gP, ]p and [p.
func cmdPut(e *Editor, c *ncmd) {
	e.setRedo(c) // Vim remembers the command for . before it runs
	reg, ok := e.getReg(c.reg)
	if !ok {
		if err := e.putMissing(c.reg); err != nil {
			e.errMsg("%s", err)
		}
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
		e.saveUndo() // Vim's do_put saves for undo, then puts nothing (yl on an empty line)
		return
	}
	line := e.curLine()
	cur := e.win.cur
	col := cur.Col
	if after && line != "" {
		col = nextCol(line, col)
	}
	ls := lineStart(e.text(), cur.Line)
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
	if after && cur.Col < len(line) { // past the end after CTRL-O: nothing to skip
		vcol += clusterWidth(line[cur.Col:nextCol(line, cur.Col)], vcol, ts)
	}
	for i, piece := range lines {
		l := cur.Line + i
		if l >= lineCount(e.text()) {
			e.insertText(e.text().Len(), "\n")
		}
		text := lineText(e.text(), l)
		col, pad, tail := splitAt(text, vcol, ts)
		short := col >= len(text)
		// The block's right side is filled with spaces, but not at the
		// end of a line (Vim's do_put keeps the yanked text itself).
		fill := strings.Repeat(" ", max(reg.width-pieceWidth(piece, ts), 0))
		var ins strings.Builder
		for j := range count {
			ins.WriteString(piece)
			if j < count-1 || !short {
				ins.WriteString(fill)
			}
		}
		ls := lineStart(e.text(), l)
		if tail != "" {
			e.replaceRange(ls+col, ls+col+1, pad+ins.String()+tail)
			continue
		}
		e.insertText(ls+col, pad+ins.String())
	}
	e.win.cur = Pos{Line: cur.Line, Col: colAtDisplay(lineText(e.text(), cur.Line), vcol, ts, true)}
	if gp {
		e.win.cur = Pos{Line: cur.Line + len(lines) - 1, Col: e.win.cur.Col + len(lines[len(lines)-1])*count}
	}
}

// pieceWidth is the width of a line of a block register as Vim 9.0's
// do_put measures it to fill the block's right side: byte by byte, each
// as if at column 0, so that every continuation byte of a multi-byte
// character counts as an invalid byte (<xx>, 4 cells) and a line of the
// block with such characters gets no fill.
func pieceWidth(piece string, ts int) int {
	w := 0
	for i := 0; i < len(piece); i++ {
		b := piece[i]
		switch {
		case b == '\t':
			w += cells.TabWidth(0, ts)
		case b < utf8.RuneSelf || !utf8.RuneStart(b):
			w += cells.ByteWidth(b)
		default:
			r, size := utf8.DecodeRuneInString(piece[i:])
			if r == utf8.RuneError && size == 1 {
				w += cells.ByteWidth(b)
			} else {
				w += cells.WidthAt(piece[i:i+size], 0, ts)
			}
		}
	}
	return w
}

// splitAt returns where text inserted at display column vcol of line
// goes, as Vim's block put and block insert put it: at byte column col,
// after the spaces pad. A line that ends before vcol is padded to it.
// When a character covers vcol rather than starting there, a tab is
// split: the text replaces it (one byte at col), between pad and the
// spaces tail; any other character moves after the text, which pad
// brings to vcol.
func splitAt(line string, vcol, ts int) (col int, pad, tail string) {
	if w := displayWidth(line, ts); w < vcol {
		return len(line), strings.Repeat(" ", vcol-w), ""
	}
	col = colAtDisplay(line, vcol, ts, true)
	if col >= len(line) {
		return col, "", ""
	}
	sv := displayCol(line, col, ts)
	if sv >= vcol {
		return col, "", ""
	}
	pad = strings.Repeat(" ", vcol-sv)
	if line[col] == '\t' {
		tail = strings.Repeat(" ", sv+clusterWidth("\t", sv, ts)-vcol)
	}
	return col, pad, tail
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
