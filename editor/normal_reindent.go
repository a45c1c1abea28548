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
