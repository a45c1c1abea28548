package ui

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

func drawText(t *testing.T, w, h int, v TextView) *MemSurface {
	t.Helper()
	s := NewMemSurface(w, h)
	var tw textWin
	th := DefaultTheme()
	cx, cy, ok := tw.draw(s, v, &th, 0, 0, w, h)
	if ok {
		s.ShowCursor(cx, cy)
	}
	if s.Overlaps() != 0 {
		t.Errorf("%d cells written twice in one frame", s.Overlaps())
	}
	return s
}

func view(text string, line, col int) TextView {
	return TextView{Text: buffer.FromString(text), Cursor: Pos{line, col}, Top: -1, Opts: DefaultDisplayOptions()}
}

func TestTextBasic(t *testing.T) {
	v := view("hello\tworld\nsecond line\x01\x7f\n中文字\n\u202eevil\xff", 1, 3)
	v.Opts.Number = true
	s := drawText(t, 20, 6, v)
	t.Log("\n" + s.Dump(true))
}
