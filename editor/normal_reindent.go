package editor

import "strings"

// opReindent is = without 'equalprg': Vim then uses C-indenting, of which
// kjx implements the common part (insert_cindent.go).
func (e *Editor) opReindent(rg opRange) {
	e.saveUndo() // Vim saves the lines first, even if none changes
	last := rg.lastLine()
	sw, ts := e.opt.EffectiveShiftWidth(), e.opt.TabStop
	st := newCState()
	r := e.text()
	for l := 0; l < rg.start.Line; l++ {
		line := lineText(r, l)
		st.feed(indentWidth(line, ts), strings.TrimLeft(line, " \t"))
	}
	for l := rg.start.Line; l <= last; l++ {
		line := lineText(e.text(), l)
		body := strings.TrimLeft(line, " \t")
		if body == "" {
			continue
		}
		w := st.indentFor(body, sw)
		st.feed(w, body)
		ws := line[:len(line)-len(body)]
		ni := makeIndent(w, ts, e.opt.ExpandTab)
		if ws != ni {
			ls := lineStart(e.text(), l)
			e.replaceRange(ls, ls+len(ws), ni)
		}
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: firstNonBlank(lineText(e.text(), rg.start.Line))}
	if n := last - rg.start.Line + 1; n > e.opt.Report {
		e.msg("%d lines to indent... ", n-1)
		e.msg("%d lines indented ", n)
	}
}

// opFormat is gq/gw: refill the paragraphs of the range to 'textwidth'
// (79 when 0), keeping each paragraph's first indent.
func (e *Editor) opFormat(op string, rg opRange) {
	tw := 79
	cur := e.win.cur
	l := rg.start.Line
	end := rg.lastLine()
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
