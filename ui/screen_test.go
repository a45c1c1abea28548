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

// TestTinyScreens draws at every small size, with and without the panel,
// and checks that nothing panics and every cell is written once.
func TestTinyScreens(t *testing.T) {
	h := demoHist()
	for _, w := range []int{0, 1, 2, 3, 5, 8, 10, 13, 40, 61} {
		for ht := 0; ht <= 9; ht++ {
			for _, open := range []bool{false, true} {
				f := h.frame()
				f.Messages = []Message{{Text: "a message longer than the screen", Error: true}}
				f.Text.Opts.Number = true
				s := NewMemSurface(w, ht)
				checkSurface(t, s)
				written := map[[2]int]bool{}
				inner := s.onSet
				s.onSet = func(x, y int, cl string, cw int) {
					inner(x, y, cl, cw)
					written[[2]int{x, y}] = true
					if cw == 2 {
						written[[2]int{x + 1, y}] = true
					}
				}
				r := NewRenderer()
				r.Panel.Open, r.Panel.Focus = open, open
				r.Draw(s, f)
				if len(written) != w*ht || s.Overlaps() != 0 {
					t.Errorf("%d×%d panel %v: %d of %d cells written, %d overlaps", w, ht, open, len(written), w*ht, s.Overlaps())
				}
			}
		}
	}
}
