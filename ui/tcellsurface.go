package ui

import "github.com/gdamore/tcell/v2"

// TcellSurface is the Surface of a real terminal: a thin adapter over a
// tcell.Screen. It is the only place that names tcell's drawing API.
type TcellSurface struct {
	scr    tcell.Screen
	styles map[Style]tcell.Style
	last   Style // the most recent conversion, cached: runs of one style are common
	lastTS tcell.Style
	valid  bool
}

// NewTcellSurface wraps an initialised tcell screen.
func NewTcellSurface(s tcell.Screen) *TcellSurface {
	return &TcellSurface{scr: s, styles: make(map[Style]tcell.Style)}
}

// Size implements Surface.
func (t *TcellSurface) Size() (int, int) { return t.scr.Size() }

// SetCell implements Surface.
func (t *TcellSurface) SetCell(x, y int, cluster string, width int, style Style) {
	t.scr.Put(x, y, cluster, t.convert(style))
}

// ShowCursor implements Surface.
func (t *TcellSurface) ShowCursor(x, y int) {
	if x < 0 || y < 0 {
		t.scr.HideCursor()
		return
	}
	t.scr.ShowCursor(x, y)
}

// Show implements Surface.
func (t *TcellSurface) Show() { t.scr.Show() }

// Sync implements Surface.
func (t *TcellSurface) Sync() { t.scr.Sync() }

func (t *TcellSurface) convert(s Style) tcell.Style {
	if t.valid && s == t.last {
		return t.lastTS
	}
	ts, ok := t.styles[s]
	if !ok {
		ts = tcellStyle(s)
		t.styles[s] = ts
	}
	t.last, t.lastTS, t.valid = s, ts, true
	return ts
}

// tcellStyle converts a Style.
func tcellStyle(s Style) tcell.Style {
	ts := tcell.StyleDefault.Foreground(tcellColor(s.Fg)).Background(tcellColor(s.Bg))
	ts = ts.Bold(s.Attr&AttrBold != 0).Underline(s.Attr&AttrUnderline != 0).
		Reverse(s.Attr&AttrReverse != 0).Italic(s.Attr&AttrItalic != 0).Dim(s.Attr&AttrDim != 0)
	return ts
}

func tcellColor(c Color) tcell.Color {
	if i, ok := c.PaletteIndex(); ok {
		return tcell.PaletteColor(int(i))
	}
	if r, g, b, ok := c.RGBValues(); ok {
		return tcell.NewRGBColor(int32(r), int32(g), int32(b))
	}
	return tcell.ColorDefault
}
