package ui

import (
	"testing"
)

func drawFrame(t *testing.T, w, h int, f *Frame) *MemSurface {
	t.Helper()
	s := NewMemSurface(w, h)
	r := NewRenderer()
	r.Draw(s, f)
	if s.Overlaps() != 0 {
		t.Errorf("%d cells written twice in one frame", s.Overlaps())
	}
	return s
}

func TestFrameBasic(t *testing.T) {
	f := &Frame{Text: view("hello\tworld\nsecond line\n\tx", 2, 0),
		Status:   StatusInfo{Mode: "NORMAL", Name: "a\x1bfile.txt", Modified: true, UndoSeq: 42, UndoLast: 57, Branches: 3, Ahead: 7},
		ShowMode: "-- INSERT --", ShowCmd: "2d"}
	s := drawFrame(t, 60, 6, f)
	t.Log("\n" + s.Dump(false))
}
