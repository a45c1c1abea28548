package editor

import "strings"

// opReindent is = without 'equalprg': kjx gives every line of the range the
// indent of the nearest non-blank line above it (Vim's C indenting is not
// implemented; this matches it for flat text).
func (e *Editor) opReindent(rg opRange) {
	e.saveUndo() // Vim saves the lines first, even if none changes
	indent := ""
	for l := rg.start.Line - 1; l >= 0; l-- {
		if t := lineText(e.text(), l); strings.TrimSpace(t) != "" {
			indent = leadingWhite(t)
			break
		}
	}
	for l := rg.start.Line; l <= rg.end.Line; l++ {
		line := lineText(e.text(), l)
		if strings.TrimSpace(line) == "" {
			continue
		}
		ws := leadingWhite(line)
		ls := lineStart(e.text(), l)
		if ws != indent {
			e.replaceRange(ls, ls+len(ws), indent)
		}
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: firstNonBlank(lineText(e.text(), rg.start.Line))}
	if n := rg.end.Line - rg.start.Line + 1; n > e.opt.Report {
		e.msg("%d lines indented ", n)
	}
}

// opFormat is gq/gw: refill the paragraphs of the range to 'textwidth'
// (79 when 0), keeping each paragraph's first indent.
func (e *Editor) opFormat(op string, rg opRange) {
	tw := 79
	cur := e.win.cur
	l := rg.start.Line
	end := rg.end.Line
	for l <= end {
		// One paragraph: non-blank lines.
		if strings.TrimSpace(lineText(e.text(), l)) == "" {
			l++
			continue
		}
		p := l
		for p+1 <= end && strings.TrimSpace(lineText(e.text(), p+1)) != "" {
			p++
		}
		r := e.text()
		indent := leadingWhite(lineText(r, l))
		words := strings.Fields(r.SliceString(lineStart(r, l), lineEnd(r, p)))
		var lines []string
		line := indent
		for _, w := range words {
			if line != indent && displayWidth(line+" "+w, e.opt.TabStop) > tw {
				lines = append(lines, line)
				line = indent
			}
			if line == indent {
				line += w
			} else {
				line += " " + w
			}
		}
		lines = append(lines, line)
		e.replaceRange(lineStart(r, l), lineEnd(r, p), strings.Join(lines, "\n"))
		delta := len(lines) - (p - l + 1)
		end += delta
		l = p + delta + 1
	}
	if op == "gw" {
		e.win.cur = cur
		e.win.clampCursor(false)
		return
	}
	last := min(end, lineCount(e.text())-1)
	e.win.cur = Pos{Line: last, Col: firstNonBlank(lineText(e.text(), last))}
}
