package editor

import "strings"

// gq and gw, as Vim's op_format and format_lines without 'formatexpr',
// 'formatprg' and comment leaders: each paragraph of the range (lines up
// to a blank one) is joined into one line as J joins (one space, two
// after . ! ? with 'joinspaces', none before ')' or after a blank), and
// that line is broken at blanks so that no line passes 'textwidth' (79,
// or the window width less one when 'textwidth' is 0). A break goes at
// the last blank at or before the first column that does not fit; a
// word longer than the width stays whole on its line. The blanks at a
// break go; a new line gets the indent of the line it came from with
// 'autoindent', none without. gq leaves the cursor on the first non-blank
// of the last formatted line, gw where it was in the text. The whole
// command is one undo step, saved with the cursor where it was.

// formatWidth is the width gq formats to.
func (e *Editor) formatWidth() int {
	if tw := e.opt.TextWidth; tw > 0 {
		return tw
	}
	return max(min(e.win.width-1, 79), 1)
}

// opFormat is gq (op "gq") and gw over rg.
func (e *Editor) opFormat(op string, rg opRange) {
	cur := rg.cursor
	e.win.cur = cur // Vim saves with the cursor where gq was typed
	e.saveUndo()
	before := lineCount(e.text())
	tw, ts := e.formatWidth(), e.opt.TabStop
	track := &formatCursor{pos: cur}
	l, end := rg.start.Line, rg.lastLine()
	lastLine := l
	for l <= end {
		r := e.text()
		if isBlankLine(lineText(r, l)) {
			lastLine = l
			l++
			continue
		}
		p := l
		for p < end && !isBlankLine(lineText(r, p+1)) {
			p++
		}
		var lines []string
		for i := l; i <= p; i++ {
			lines = append(lines, lineText(r, i))
		}
		out := formatParagraph(lines, tw, ts, e.opt.JoinSpaces, e.opt.AutoIndent, l, track)
		e.replaceRange(lineStart(r, l), lineEnd(r, p), strings.Join(out, "\n"))
		delta := len(out) - len(lines)
		track.shift(p, delta)
		end += delta
		lastLine = p + delta
		l = lastLine + 1
	}
	if rg.endAdjusted && lastLine < lineCount(e.text())-1 {
		lastLine++ // so that . formats the next lines (Vim's Q})
	}
	e.toFirstNonBlank(min(lastLine, lineCount(e.text())-1))
	e.linesMessage(lineCount(e.text()) - before)
	if op == "gw" {
		e.win.cur = track.pos
		e.win.clampCursor(false)
		e.win.wantCol = -1
	}
}

// isBlankLine reports whether line ends a paragraph for gq.
func isBlankLine(line string) bool { return strings.TrimLeft(line, " \t") == "" }

// formatCursor follows gw's cursor through the formatting.
type formatCursor struct {
	pos Pos
}

// shift moves the cursor by delta lines when it is below line p.
func (c *formatCursor) shift(p, delta int) {
	if c.pos.Line > p {
		c.pos.Line += delta
	}
}

// formatParagraph formats the lines of one paragraph, which starts at
// line first of the buffer, and moves the tracked cursor along.
func formatParagraph(lines []string, tw, ts int, joinSpaces, autoIndent bool, first int, cur *formatCursor) []string {
	joined, at := lines[0], -1
	if cur.pos.Line == first {
		at = cur.pos.Col
	}
	for i, next := range lines[1:] {
		var start int
		joined, start = joinForFormat(joined, next, joinSpaces)
		if cur.pos.Line == first+1+i {
			skip := len(next) - len(strings.TrimLeft(next, " \t"))
			at = start + max(cur.pos.Col-skip, 0)
		}
	}
	out, lineOf, colOf := breakLine(joined, tw, ts, autoIndent, at)
	if at >= 0 {
		cur.pos = Pos{Line: first + lineOf, Col: colOf}
	} else if cur.pos.Line > first+len(lines)-1 {
		cur.pos.Line += len(out) - len(lines)
	}
	return out
}

// joinForFormat joins next to line as J does and returns the result and
// the offset where next's text starts in it.
func joinForFormat(line, next string, joinSpaces bool) (string, int) {
	rest := strings.TrimLeft(next, " \t")
	sep := ""
	if rest != "" && line != "" && rest[0] != ')' {
		switch last := line[len(line)-1]; {
		case last == ' ' || last == '\t':
		case joinSpaces && (last == '.' || last == '!' || last == '?'):
			sep = "  "
		default:
			sep = " "
		}
	}
	return line + sep + rest, len(line) + len(sep)
}

// breakLine breaks s so that its lines fit in tw display columns (see
// the comment at the top) and says where byte at of s went (line index
// and column); at < 0 tracks nothing. It is linear in len(s).
func breakLine(s string, tw, ts int, autoIndent bool, at int) (lines []string, atLine, atCol int) {
	indent := ""
	if autoIndent {
		indent = leadingWhite(s)
	}
	prefix, pos := "", 0 // the current line is prefix + s[pos:]
	for {
		cut, next, ok := breakPoint(s, pos, prefix, tw, ts)
		if !ok {
			lines = append(lines, prefix+s[pos:])
			if at >= 0 {
				atLine, atCol = len(lines)-1, len(prefix)+max(min(at, len(s))-pos, 0)
			}
			return lines, atLine, atCol
		}
		head := prefix + strings.TrimRight(s[pos:cut], " \t")
		lines = append(lines, head)
		if at >= 0 && at < next {
			atLine, atCol = len(lines)-1, min(len(prefix)+max(at-pos, 0), len(head))
			at = -1
		}
		prefix, pos = indent, next
	}
}

// breakPoint finds where to break the line prefix+s[pos:]: cut is the
// start of the blanks at the break, next the start of the text after
// them (offsets in s). ok is false when the line fits or has no blank to
// break at after its indent.
func breakPoint(s string, pos int, prefix string, tw, ts int) (cut, next int, ok bool) {
	vcol := displayWidth(prefix, ts)
	start := pos
	if prefix == "" {
		start = pos + len(leadingWhite(s[pos:])) // no break in the indent
	}
	// want is the byte where the first column past tw starts.
	want := -1
	for i := pos; i < len(s); {
		n := nextCol(s, i)
		w := clusterWidth(s[i:n], vcol, ts)
		if vcol+w > tw {
			want = i
			break
		}
		vcol += w
		i = n
	}
	if want < 0 {
		return 0, 0, false // it fits
	}
	found := -1
	for i := start; i < len(s); i++ {
		if s[i] != ' ' && s[i] != '\t' {
			if found >= 0 && i > want {
				break // the last blank before want is found
			}
			continue
		}
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j == len(s) {
			break // trailing blanks: nothing after them
		}
		if i <= want || found < 0 {
			found = i
		}
		if i > want {
			break // the first blank after a word longer than the width
		}
		i = j - 1
	}
	if found < 0 {
		return 0, 0, false
	}
	next = found
	for next < len(s) && (s[next] == ' ' || s[next] == '\t') {
		next++
	}
	return found, next, true
}
