package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/editor/addsub"
)

// cmdIncrement is CTRL-A / CTRL-X: add count to the number at or after
// the cursor ('nrformats': bin, hex; octal and alpha when listed).
func cmdIncrement(e *Editor, c *ncmd) {
	delta := int64(c.count1())
	if c.name == "<C-x>" {
		delta = -delta
	}
	l := e.win.cur.Line
	e.saveUndo() // Vim saves the line before looking for a number
	e.setRedo(c)
	col, ok := e.incrementLine(l, e.win.cur.Col, delta, true)
	if !ok {
		return
	}
	e.win.cur = Pos{Line: l, Col: col}
}

// vIncrement is CTRL-A / CTRL-X (and g CTRL-A: progressive) in Visual mode.
func vIncrement(e *Editor, c *ncmd) {
	rg := e.visualRange()
	e.saveVisual()
	e.mode = ModeNormal
	delta := int64(c.count1())
	if strings.HasSuffix(c.name, "<C-x>") {
		delta = -delta
	}
	progressive := strings.HasPrefix(c.name, "g")
	step := delta
	for l := rg.start.Line; l <= rg.lastLine(); l++ {
		start := 0
		if rg.kind == exclusive && l == rg.start.Line {
			start = rg.start.Col
		}
		if rg.kind == blockwise {
			start, _ = e.blockCols(l, rg)
		}
		if _, ok := e.incrementLine(l, start, delta, false); ok && progressive {
			delta += step
		}
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: rg.start.Col}
	if rg.kind != exclusive {
		e.win.cur.Col = 0
	}
}

// incrementLine is Vim's do_addsub on line l from col (package addsub
// does the arithmetic): it replaces the number and returns the column of
// its last character.
func (e *Editor) incrementLine(l, col int, delta int64, normal bool) (int, bool) {
	ed, ok := addsub.Add(lineText(e.text(), l), col, delta, addsub.ParseFormats(e.opt.NrFormats), normal)
	if !ok {
		return 0, false
	}
	ls := lineStart(e.text(), l)
	e.replaceRange(ls+ed.Start, ls+ed.End, ed.Text)
	return ed.Last, true
}
