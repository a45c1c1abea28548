package ui

import (
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"
)

func simScreen(t *testing.T, w, h int) tcell.SimulationScreen {
	t.Helper()
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(scr.Fini)
	scr.SetSize(w, h)
	return scr
}

func TestTcellSurfaceCellsAndStyles(t *testing.T) {
	scr := simScreen(t, 10, 2)
	s := NewTcellSurface(scr)
	if w, h := s.Size(); w != 10 || h != 2 {
		t.Fatalf("size %d×%d", w, h)
	}
	st := Style{Fg: Red, Bg: RGB(1, 2, 3), Attr: AttrBold | AttrReverse}
	s.SetCell(0, 0, "a", 1, st)
	s.SetCell(1, 0, "中", 2, Style{})
	s.SetCell(3, 0, "e\u0301", 1, Style{})
	s.SetCell(99, 99, "x", 1, Style{}) // outside: ignored
	s.ShowCursor(3, 1)
	s.Show()
	str, ts, w := scr.Get(0, 0)
	if str != "a" || w != 1 || ts != tcellStyle(st) {
		t.Errorf("cell 0,0 = %q %v %d", str, ts, w)
	}
	fg, bg, attr := ts.Decompose()
	if fg != tcell.PaletteColor(1) || bg != tcell.NewRGBColor(1, 2, 3) || attr&tcell.AttrBold == 0 || attr&tcell.AttrReverse == 0 {
		t.Errorf("style converted to fg %v bg %v attr %v", fg, bg, attr)
	}
	if str, _, w := scr.Get(1, 0); str != "中" || w != 2 {
		t.Errorf("wide cell = %q width %d", str, w)
	}
	if str, _, _ := scr.Get(3, 0); str != "e\u0301" {
		t.Errorf("combining cluster = %q", str)
	}
	if x, y, visible := scr.GetCursor(); x != 3 || y != 1 || !visible {
		t.Errorf("cursor at %d,%d visible %v", x, y, visible)
	}
	s.ShowCursor(-1, -1)
	if _, _, visible := scr.GetCursor(); visible {
		t.Error("cursor not hidden")
	}
}

// putSpy records the cells put on a simulation screen.
type putSpy struct {
	tcell.SimulationScreen
	puts []int
}

func (p *putSpy) Put(x, y int, str string, st tcell.Style) (string, int) {
	p.puts = append(p.puts, x)
	return p.SimulationScreen.Put(x, y, str, st)
}

func TestTcellSurfaceSkipsUnchangedButRewritesUncovered(t *testing.T) {
	scr := &putSpy{SimulationScreen: simScreen(t, 4, 1)}
	s := NewTcellSurface(scr)
	frame := func(cells ...string) {
		for x := 0; x < len(cells); x++ {
			w := 1
			if cells[x] == "中" {
				w = 2
			}
			s.SetCell(x, 0, cells[x], w, Style{})
			if w == 2 {
				x++
			}
		}
		s.Show()
	}
	frame("a", "b", "c", "d")
	scr.puts = nil
	frame("a", "b", "c", "d")
	if len(scr.puts) != 0 {
		t.Errorf("an unchanged frame put cells %v", scr.puts)
	}
	frame("中", "", "c", "d") // covers cell 1
	scr.puts = nil
	frame("a", "b", "c", "d") // cell 1 must be put again though "b" is what the shadow last saw there
	if want := []int{0, 1}; fmt.Sprint(scr.puts) != fmt.Sprint(want) {
		t.Errorf("after uncovering, put cells %v, want %v", scr.puts, want)
	}
	for x, want := range []string{"a", "b", "c", "d"} {
		if got, _, _ := scr.Get(x, 0); got != want {
			t.Errorf("cell %d = %q, want %q", x, got, want)
		}
	}
	// A resize forgets the shadow: the new cells are all put.
	scr.SetSize(5, 1)
	frame("a", "b", "c", "d", "e")
	for x, want := range []string{"a", "b", "c", "d", "e"} {
		if got, _, _ := scr.Get(x, 0); got != want {
			t.Errorf("after resize cell %d = %q, want %q", x, got, want)
		}
	}
}
