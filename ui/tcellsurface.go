package ui

import "github.com/gdamore/tcell/v2"

// TcellSurface is the Surface of a real terminal: a thin adapter over a
// tcell.Screen. It is the only place that names tcell's drawing API.
//
// It remembers what it last put in every cell and skips cells that did
// not change: the renderer redraws the whole screen each frame, and
// tcell's Put (a lock and a grapheme scan per cell) costs more than the
// comparison.
type TcellSurface struct {
	scr    tcell.Screen
	styles map[Style]tcell.Style
	last   Style // the most recent conversion, cached: runs of one style are common
	lastTS tcell.Style
	valid  bool
	shadow []shadowCell
	w, h   int
}

type shadowCell struct {
	s     string
	style Style
	known bool
}

// NewTcellSurface wraps an initialised tcell screen.
func NewTcellSurface(s tcell.Screen) *TcellSurface {
	return &TcellSurface{scr: s, styles: make(map[Style]tcell.Style)}
}

// Size implements Surface.
func (t *TcellSurface) Size() (int, int) {
	w, h := t.scr.Size()
	if w != t.w || h != t.h {
		t.resize(w, h)
	}
	return w, h
}

// SetCell implements Surface.
func (t *TcellSurface) SetCell(x, y int, cluster string, width int, style Style) {
	if x < 0 || y < 0 || x >= t.w || y >= t.h {
		if w, h := t.scr.Size(); w != t.w || h != t.h {
			t.resize(w, h)
		}
		if x < 0 || y < 0 || x >= t.w || y >= t.h {
			return
		}
	}
	c := &t.shadow[y*t.w+x]
	if c.known && c.s == cluster && c.style == style {
		return
	}
	t.scr.Put(x, y, cluster, t.convert(style))
	*c = shadowCell{s: cluster, style: style, known: true}
	if width == 2 && x+1 < t.w {
		t.shadow[y*t.w+x+1].known = false // covered: must be written again when uncovered
	}
}

// resize forgets the shadow (tcell reallocates its cells).
func (t *TcellSurface) resize(w, h int) {
	t.w, t.h = w, h
	t.shadow = make([]shadowCell, w*h)
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

// Forget makes the next frame put every cell again (after something else
// drew on the screen, such as a shell while suspended).
func (t *TcellSurface) Forget() { t.resize(t.w, t.h) }

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
