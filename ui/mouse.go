package ui

import (
	"strconv"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
)

// mouse handles clicks and the wheel. A click in the panel selects the
// row and gives the panel the focus; a click in the text moves the
// cursor there, and the wheel scrolls (both in Normal and Visual modes,
// through keys the editor already knows).
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
	if l.vmode != editor.ModeNormal && !isVisual(l.vmode) {
		return
	}
	switch {
	case btn&tcell.WheelUp != 0:
		l.send(editor.Input{Keys: []editor.Key{editor.Ctrl('y'), editor.Ctrl('y'), editor.Ctrl('y')}})
	case btn&tcell.WheelDown != 0:
		l.send(editor.Input{Keys: []editor.Key{editor.Ctrl('e'), editor.Ctrl('e'), editor.Ctrl('e')}})
	case btn&tcell.Button1 != 0:
		if pos, vcol, ok := l.r.text.posAt(x, y); ok {
			p.Focus = false
			keys := editor.MustParseKeys(strconv.Itoa(pos.Line+1) + "G" + strconv.Itoa(vcol+1) + "|")
			l.send(editor.Input{Keys: keys})
		}
	}
}

func isVisual(m editor.Mode) bool {
	return m == editor.ModeVisual || m == editor.ModeVisualLine || m == editor.ModeVisualBlock
}
