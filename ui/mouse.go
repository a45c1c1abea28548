package ui

import (
	"math"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

// mouse handles clicks and the wheel. A click in the panel selects the
// row and gives the panel the focus. A click in the text is sent to the
// editor as the clicked line and display column (editor.Click): the left
// button places the cursor, the right one starts or extends the Visual
// selection (Vim's 'mousemodel' "extend"). The wheel scrolls three lines
// (session.Input.Scroll). The editor decides what each does in its mode.
func (l *loop) mouse(ev *tcell.EventMouse) {
	x, y := ev.Position()
	btn := ev.Buttons()
	p := l.r.Panel
	if btn&tcell.Button1 != 0 && p.Open {
		if row, ok := p.rowAt(x, y); ok {
			p.model.SelectRow(row)
			p.Focus = true
			l.dirty = true
			return
		}
	}
	if l.r.previewOverText {
		// panel.diff = "replace": the text window shows the preview.
		if d := wheelDelta(btn); d != 0 && l.r.Panel.Open {
			l.r.Panel.model.DiffTop = max(l.r.Panel.model.DiffTop+d, 0)
			l.dirty = true
		}
		return
	}
	switch {
	case btn&tcell.WheelUp != 0:
		l.send(session.Input{Scroll: -wheelLines})
	case btn&tcell.WheelDown != 0:
		l.send(session.Input{Scroll: wheelLines})
	case btn&(tcell.Button1|tcell.Button2) != 0:
		if line, vcol, ok := l.r.text.clickAt(x, y); ok {
			p.Focus = false
			l.pmaps.held = nil // a panel mapping cut short by the click
			l.dirty = true
			l.send(session.Input{Click: &editor.Click{Line: line, Col: vcol, Extend: btn&tcell.Button1 == 0}})
		}
	}
}

// wheelLines is how far one wheel step scrolls, as in Vim.
const wheelLines = 3

// wheelDelta is the lines a wheel event scrolls (> 0: down), 0 for
// other buttons.
func wheelDelta(btn tcell.ButtonMask) int {
	switch {
	case btn&tcell.WheelUp != 0:
		return -wheelLines
	case btn&tcell.WheelDown != 0:
		return wheelLines
	}
	return 0
}

// clickAt returns the buffer line and display column under screen cell
// x, y of the last draw (a click in the number column counts as one on
// the first text cell of its row): the start column of the cluster drawn
// there, or
// past the end of the line the clicked column counted from the line's
// last cell (so that Insert mode lands at the line end and j and k aim
// for the clicked column, as in Vim).
func (t *textWin) clickAt(x, y int) (line, vcol int, ok bool) {
	if x >= t.x0 && x < t.x0+t.gutter {
		x = t.x0 + t.gutter // the number column: the row's first text cell, as in Vim
	}
	pos, vc, ok := t.posAt(x, y)
	if !ok {
		return 0, 0, false
	}
	ref := t.rowMap[y-t.y0]
	col := ref.col + x - t.x0 - t.gutter // counts filler cells
	t.seek(ref.line, math.MaxInt, t.text.LineEnd(ref.line))
	if end := t.lc.col; col >= end {
		return ref.line, end - t.lc.fillers + col - end, true
	}
	return pos.Line, vc, true
}
