package editor

import (
	"fmt"
	"strings"
	"testing"
)

// TestMouseClickNormal places the cursor on the cluster under the
// clicked cell, clamps past the line end, and records no jump.
func TestMouseClickNormal(t *testing.T) {
	cases := []struct {
		line, col int
		want      Pos
	}{
		{0, 0, Pos{Line: 0, Col: 0}},
		{0, 4, Pos{Line: 0, Col: 4}},
		{0, 40, Pos{Line: 0, Col: 9}},   // past the end: the last character
		{1, 0, Pos{Line: 1, Col: 0}},    // on the tab's first cell
		{1, 7, Pos{Line: 1, Col: 0}},    // on the tab's last cell
		{1, 8, Pos{Line: 1, Col: 1}},    // after the tab
		{2, 3, Pos{Line: 2, Col: 3}},    // second cell of 本
		{2, 2, Pos{Line: 2, Col: 3}},    // first cell of 本
		{2, 6, Pos{Line: 2, Col: 9}},    // x
		{3, 5, Pos{Line: 3, Col: 0}},    // empty line
		{4, 0, Pos{Line: 4, Col: 0}},    // e + combining acute is one cluster
		{4, 1, Pos{Line: 4, Col: 3}},    // the f after it
		{99, 2, Pos{Line: 4, Col: 3}},   // past the last line
		{-3, -1, Pos{Line: 0, Col: 0}},  // before the start
		{4, 9, Pos{Line: 4, Col: 3}},    // past the end of "é" + "f"
		{2, 100, Pos{Line: 2, Col: 11}}, // past the end of a line with wide characters
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d,%d", c.line, c.col), func(t *testing.T) {
			e := newTestEditor("abcdefghij\n\tx\n日本語xyz\n\ne\u0301f\n")
			e.Feed(MustParseKeys("jmx"), true) // set the ' mark apart from the cursor
			e.Feed(MustParseKeys("gg"), true)
			before := e.buf().marks['\'']
			e.MouseClick(Click{Line: c.line, Col: c.col})
			if e.win.cur != c.want {
				t.Errorf("cursor %v, want %v", e.win.cur, c.want)
			}
			if e.mode != ModeNormal {
				t.Errorf("mode %v", e.mode)
			}
			if got := e.buf().marks['\'']; got != before {
				t.Errorf("click moved the ' mark from %v to %v", before, got)
			}
		})
	}
}

// TestMouseClickFormatChar: a click on the cells of <202e> puts the
// cursor on the U+202E, a click after them on the character the screen
// shows there.
func TestMouseClickFormatChar(t *testing.T) {
	for col, want := range map[int]int{0: 0, 1: 1, 6: 1, 7: 4, 8: 5} {
		e := newTestEditor("a\u202ebc\n")
		e.MouseClick(Click{Line: 0, Col: col})
		if e.win.cur != (Pos{Line: 0, Col: want}) {
			t.Errorf("click on cell %d: cursor %v, want column %d", col, e.win.cur, want)
		}
	}
}

// TestMouseClickWantCol: j and k after a click aim for the clicked column,
// as after Vim's click (curswant).
func TestMouseClickWantCol(t *testing.T) {
	e := newTestEditor("abcdefghij\nab\nabcdefghij\n")
	e.MouseClick(Click{Line: 0, Col: 8})
	e.Feed(MustParseKeys("j"), true)
	if e.win.cur != (Pos{Line: 1, Col: 1}) {
		t.Fatalf("after j: %v", e.win.cur)
	}
	e.Feed(MustParseKeys("j"), true)
	if e.win.cur != (Pos{Line: 2, Col: 8}) {
		t.Errorf("after jj: %v, want column 8 again", e.win.cur)
	}
}

// TestMouseClickPending: a click cancels a pending operator instead of
// becoming its motion.
func TestMouseClickPending(t *testing.T) {
	e := newTestEditor("one two\nthree\n")
	e.Feed(MustParseKeys("d"), true)
	e.MouseClick(Click{Line: 1, Col: 2})
	if e.win.cur != (Pos{Line: 1, Col: 2}) || len(e.pending) != 0 || e.text().String() != "one two\nthree" {
		t.Errorf("cursor %v pending %q text %q", e.win.cur, FormatKeys(e.pending), e.text().String())
	}
	e.Feed(MustParseKeys("x"), true)
	if e.text().String() != "one two\nthee" {
		t.Errorf("x after the click: %q", e.text().String())
	}
}

// TestMouseClickInsert: in Insert mode the click may land at the line end,
// Insert mode stays, and what is typed after it is a new undo block.
func TestMouseClickInsert(t *testing.T) {
	e := newTestEditor("abc\ndef\n")
	e.Feed(MustParseKeys("iXY"), true)
	e.MouseClick(Click{Line: 1, Col: 50})
	if e.mode != ModeInsert || e.win.cur != (Pos{Line: 1, Col: 3}) {
		t.Fatalf("after the click: mode %v cursor %v", e.mode, e.win.cur)
	}
	e.Feed(MustParseKeys("Z<Esc>"), true)
	if got := e.text().String(); got != "XYabc\ndefZ" {
		t.Fatalf("text %q", got)
	}
	e.Feed(MustParseKeys("u"), true)
	if got := e.text().String(); got != "XYabc\ndef" {
		t.Errorf("u undid more than the insert after the click: %q", got)
	}
	e.Feed(MustParseKeys("u"), true)
	if got := e.text().String(); got != "abc\ndef" {
		t.Errorf("second u: %q", got)
	}
	// . repeats only what was typed after the click.
	e.Feed(MustParseKeys("gg."), true)
	if got := e.text().String(); got != "Zabc\ndef" {
		t.Errorf(". after the click's insert: %q", got)
	}
}

// TestMouseClickCtrlO: a click after CTRL-O in Insert mode is the one
// command; Insert mode goes on.
func TestMouseClickCtrlO(t *testing.T) {
	e := newTestEditor("abc\ndef\n")
	e.Feed(MustParseKeys("A<C-o>"), true)
	e.MouseClick(Click{Line: 1, Col: 1})
	if e.mode != ModeInsert || e.win.cur != (Pos{Line: 1, Col: 1}) {
		t.Errorf("mode %v cursor %v", e.mode, e.win.cur)
	}
}

// TestMouseClickVisual: a plain click ends Visual mode (gv gets the
// selection back); an Extend click moves the nearer end or starts one.
func TestMouseClickVisual(t *testing.T) {
	text := "0123456789\n0123456789\n0123456789\n"
	e := newTestEditor(text)
	e.Feed(MustParseKeys("lvl"), true)
	e.MouseClick(Click{Line: 2, Col: 5})
	if e.mode != ModeNormal || e.win.cur != (Pos{Line: 2, Col: 5}) {
		t.Fatalf("plain click in Visual: mode %v cursor %v", e.mode, e.win.cur)
	}
	e.Feed(MustParseKeys("gv"), true)
	if e.mode != ModeVisual || e.vis.anchor != (Pos{Line: 0, Col: 1}) || e.win.cur != (Pos{Line: 0, Col: 2}) {
		t.Errorf("gv after the click: mode %v %v-%v", e.mode, e.vis.anchor, e.win.cur)
	}

	steps := []struct {
		click          Pos
		anchor, cursor Pos
	}{
		{Pos{Line: 1, Col: 4}, Pos{Line: 0, Col: 1}, Pos{Line: 1, Col: 4}}, // after the end: the end moves
		{Pos{Line: 0, Col: 0}, Pos{Line: 1, Col: 4}, Pos{Line: 0, Col: 0}}, // before the start: the start moves
		{Pos{Line: 0, Col: 2}, Pos{Line: 1, Col: 4}, Pos{Line: 0, Col: 2}}, // inside, nearer the start
		{Pos{Line: 1, Col: 3}, Pos{Line: 0, Col: 2}, Pos{Line: 1, Col: 3}}, // inside, nearer the end
	}
	for _, s := range steps {
		e.MouseClick(Click{Line: s.click.Line, Col: s.click.Col, Extend: true})
		if e.mode != ModeVisual || e.vis.anchor != s.anchor || e.win.cur != s.cursor {
			t.Errorf("extend to %v: mode %v %v-%v, want %v-%v", s.click, e.mode, e.vis.anchor, e.win.cur, s.anchor, s.cursor)
		}
	}
	e.Feed(MustParseKeys("d"), true)
	if got := e.text().String(); got != "01456789\n0123456789" {
		t.Errorf("d on the extended selection: %q", got)
	}

	// Extend in Normal mode starts a selection at the cursor.
	e = newTestEditor(text)
	e.Feed(MustParseKeys("ll"), true)
	e.MouseClick(Click{Line: 1, Col: 3, Extend: true})
	if e.mode != ModeVisual || e.vis.anchor != (Pos{Line: 0, Col: 2}) || e.win.cur != (Pos{Line: 1, Col: 3}) {
		t.Errorf("extend from Normal: mode %v %v-%v", e.mode, e.vis.anchor, e.win.cur)
	}
}

// TestMouseCmdline: the mouse does nothing while a command line is typed.
func TestMouseCmdline(t *testing.T) {
	e := newTestEditor(strings.Repeat("x\n", 100))
	e.Feed(MustParseKeys(":s"), true)
	e.MouseClick(Click{Line: 5, Col: 0})
	e.MouseScroll(3)
	if e.mode != ModeCmdline || e.win.cur != (Pos{}) || e.win.top != 0 {
		t.Errorf("mode %v cursor %v top %d", e.mode, e.win.cur, e.win.top)
	}
}

// TestMouseScrollVim: in Normal mode the wheel does what the same count
// of CTRL-E or CTRL-Y does in Vim: the table was recorded from Vim 9.0
// (vim -u NONE -N, 'lines' 12, so an 11-line window) on 60 lines of
// i%13 "w"s, with "N\<C-e>" or "N\<C-y>" for a scroll of ±N, reading
// line("w0"), line(".") and col(".") (here 0-based).
func TestMouseScrollVim(t *testing.T) {
	var text strings.Builder
	for i := range 60 {
		fmt.Fprintf(&text, "%s\n", strings.Repeat("w", i%13))
	}
	cases := []struct {
		so        int
		start     string
		n         int
		top0      int // the window's top line after start, in Vim
		top, line int
		col       int
	}{
		{0, "gg", 1, 0, 1, 1, 0},
		{0, "gg", 3, 0, 3, 3, 0},
		{0, "gg", -3, 0, 0, 0, 0},
		{0, "gg", 7, 0, 7, 7, 0},
		{0, "gg", -7, 0, 0, 0, 0},
		{0, "gg", 100, 0, 59, 59, 0},
		{0, "gg", -100, 0, 0, 0, 0},
		{0, "20G5|", 1, 14, 15, 19, 4},
		{0, "20G5|", 3, 14, 17, 19, 4},
		{0, "20G5|", -3, 14, 11, 19, 4},
		{0, "20G5|", 7, 14, 21, 21, 4},
		{0, "20G5|", -7, 14, 7, 17, 3},
		{0, "20G5|", 100, 14, 59, 59, 4},
		{0, "20G5|", -100, 14, 0, 10, 4},
		{0, "40Gzz", 1, 34, 35, 39, 0},
		{0, "40Gzz", 3, 34, 37, 39, 0},
		{0, "40Gzz", -3, 34, 31, 39, 0},
		{0, "40Gzz", 7, 34, 41, 41, 0},
		{0, "40Gzz", -7, 34, 27, 37, 0},
		{0, "40Gzz", 100, 34, 59, 59, 0},
		{0, "40Gzz", -100, 34, 0, 10, 0},
		{0, "G", 1, 49, 50, 59, 0},
		{0, "G", 3, 49, 52, 59, 0},
		{0, "G", -3, 49, 46, 56, 0},
		{0, "G", 7, 49, 56, 59, 0},
		{0, "G", -7, 49, 42, 52, 0},
		{0, "G", 100, 49, 59, 59, 0},
		{0, "G", -100, 49, 0, 10, 0},
		{0, "30Gzt$", 1, 29, 30, 30, 3},
		{0, "30Gzt$", 3, 29, 32, 32, 5},
		{0, "30Gzt$", -3, 29, 26, 29, 2},
		{0, "30Gzt$", 7, 29, 36, 36, 9},
		{0, "30Gzt$", -7, 29, 22, 29, 2},
		{0, "30Gzt$", 100, 29, 59, 59, 6},
		{0, "30Gzt$", -100, 29, 0, 10, 9},
		{5, "gg", 1, 0, 1, 6, 0},
		{5, "gg", 3, 0, 3, 8, 0},
		{5, "gg", -3, 0, 0, 0, 0},
		{5, "gg", 7, 0, 7, 12, 0},
		{5, "gg", -7, 0, 0, 0, 0},
		{5, "gg", 100, 0, 59, 59, 0},
		{5, "gg", -100, 0, 0, 0, 0},
		{5, "20G5|", 1, 14, 15, 20, 4},
		{5, "20G5|", 3, 14, 17, 22, 4},
		{5, "20G5|", -3, 14, 11, 16, 2},
		{5, "20G5|", 7, 14, 21, 26, 0},
		{5, "20G5|", -7, 14, 7, 12, 4},
		{5, "20G5|", 100, 14, 59, 59, 4},
		{5, "20G5|", -100, 14, 0, 5, 4},
		{5, "40Gzz", 1, 34, 35, 40, 0},
		{5, "40Gzz", 3, 34, 37, 42, 0},
		{5, "40Gzz", -3, 34, 31, 36, 0},
		{5, "40Gzz", 7, 34, 41, 46, 0},
		{5, "40Gzz", -7, 34, 27, 32, 0},
		{5, "40Gzz", 100, 34, 59, 59, 0},
		{5, "40Gzz", -100, 34, 0, 5, 0},
		{5, "G", 1, 49, 50, 59, 0},
		{5, "G", 3, 49, 52, 59, 0},
		{5, "G", -3, 49, 46, 51, 0},
		{5, "G", 7, 49, 56, 59, 0},
		{5, "G", -7, 49, 42, 47, 0},
		{5, "G", 100, 49, 59, 59, 0},
		{5, "G", -100, 49, 0, 5, 0},
		{5, "30Gzt$", 1, 24, 25, 30, 3},
		{5, "30Gzt$", 3, 24, 27, 32, 5},
		{5, "30Gzt$", -3, 24, 21, 26, 0},
		{5, "30Gzt$", 7, 24, 31, 36, 9},
		{5, "30Gzt$", -7, 24, 17, 22, 8},
		{5, "30Gzt$", 100, 24, 59, 59, 6},
		{5, "30Gzt$", -100, 24, 0, 5, 4},
	}
	for _, c := range cases {
		e := newTestEditor(text.String())
		e.Resize(12, 40)
		e.ExecEx(fmt.Sprintf("set so=%d", c.so))
		e.Feed(MustParseKeys(c.start), true)
		e.win.top = c.top0 // where Vim's jump put the window: not under test here
		e.MouseScroll(c.n)
		if want := (Pos{Line: c.line, Col: c.col}); e.win.top != c.top || e.win.cur != want {
			t.Errorf("so=%d %s, scroll %d: top %d cursor %v; Vim: top %d cursor %v",
				c.so, c.start, c.n, e.win.top, e.win.cur, c.top, want)
		}
	}
}

// TestMouseScrollInsert: the wheel scrolls in Insert mode too; when it
// moves the cursor, typing goes on in a new undo block.
func TestMouseScrollInsert(t *testing.T) {
	e := newTestEditor(strings.Repeat("abc\n", 50))
	e.Resize(12, 40)
	e.Feed(MustParseKeys("AX"), true)
	e.MouseScroll(mouseScrollStep)
	if e.mode != ModeInsert || e.win.top != 3 || e.win.cur.Line != 3+e.opt.ScrollOff {
		t.Fatalf("mode %v top %d cursor %v", e.mode, e.win.top, e.win.cur)
	}
	if e.win.cur.Col != 3 {
		t.Errorf("cursor column %d, want 3 (the line end, as Insert mode allows)", e.win.cur.Col)
	}
	e.Feed(MustParseKeys("Y<Esc>u"), true)
	if got := e.text().String(); !strings.HasPrefix(got, "abcX\n") || strings.Contains(got, "Y") {
		t.Errorf("u after scroll and Y: %q", got[:20])
	}
}

// mouseStep is one step of a recorded Vim mouse scenario.
type mouseStep func(e *Editor)

// TestMouseVim replays mouse scenarios recorded from Vim 9.0 (vim -u NONE
// -N, 'mouse' a, 'lines' 12, 'columns' 40: an 11-row window, 'scrolloff'
// 0): keys, then a click at a 1-based screen row and column
// (test_setmouse, then <LeftMouse> or <RightMouse>) or a wheel step,
// then more keys, all in one feedkeys(…, 'xt'). Recorded: mode(), the
// cursor, line('v')/col('v') (the Visual anchor; the cursor outside
// Visual mode), line('w0') and lines 1, 2, 3, 5 and 8.
func TestMouseVim(t *testing.T) {
	type step = mouseStep
	keys := func(k string) step { return func(e *Editor) { e.Feed(MustParseKeys(k), true) } }
	// The window starts at the top in every scenario with a click, so
	// screen row r shows line r-1 and screen column c display column c-1.
	left := func(row, col int) step {
		return func(e *Editor) { e.MouseClick(Click{Line: e.win.top + row - 1, Col: col - 1}) }
	}
	right := func(row, col int) step {
		return func(e *Editor) { e.MouseClick(Click{Line: e.win.top + row - 1, Col: col - 1, Extend: true}) }
	}
	wheel := func(n int) step { return func(e *Editor) { e.MouseScroll(n) } }
	var text strings.Builder
	text.WriteString("0123456789\n\tab\n日本語xyz\n\nshort\n")
	for i := 5; i < 40; i++ {
		fmt.Fprintf(&text, "line %d\n", i)
	}
	cases := []struct {
		name        string
		steps       []step
		mode        Mode
		cur, visual Pos
		top         int
		l1, l2, l3  string
		l5, l8      string
	}{
		{"left", []step{keys("gg"), left(1, 5)}, ModeNormal, Pos{Line: 0, Col: 4}, Pos{Line: 0, Col: 4}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left past end", []step{keys("gg"), left(1, 30)}, ModeNormal, Pos{Line: 0, Col: 9}, Pos{Line: 0, Col: 9}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left on tab first cell", []step{keys("gg"), left(2, 1)}, ModeNormal, Pos{Line: 1, Col: 0}, Pos{Line: 1, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left on tab last cell", []step{keys("gg"), left(2, 8)}, ModeNormal, Pos{Line: 1, Col: 0}, Pos{Line: 1, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left after tab", []step{keys("gg"), left(2, 9)}, ModeNormal, Pos{Line: 1, Col: 1}, Pos{Line: 1, Col: 1}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left wide second cell", []step{keys("gg"), left(3, 2)}, ModeNormal, Pos{Line: 2, Col: 0}, Pos{Line: 2, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left wide third cell", []step{keys("gg"), left(3, 3)}, ModeNormal, Pos{Line: 2, Col: 3}, Pos{Line: 2, Col: 3}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left empty line", []step{keys("gg"), left(4, 5)}, ModeNormal, Pos{Line: 3, Col: 0}, Pos{Line: 3, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left then j keeps column", []step{keys("gg"), left(1, 9), keys("j")}, ModeNormal, Pos{Line: 1, Col: 1}, Pos{Line: 1, Col: 1}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left then jj keeps column", []step{keys("gg"), left(1, 9), keys("jj")}, ModeNormal, Pos{Line: 2, Col: 11}, Pos{Line: 2, Col: 11}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"left keeps jump mark", []step{keys("3Ggg"), left(5, 3), keys("''")}, ModeNormal, Pos{Line: 2, Col: 0}, Pos{Line: 2, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"insert click", []step{keys("iXY"), left(5, 40), keys("Z<Esc>")}, ModeNormal, Pos{Line: 4, Col: 5}, Pos{Line: 4, Col: 5}, 0, "XY0123456789", "\tab", "日本語xyz", "shortZ", "line 7"},
		{"insert click undo", []step{keys("iXY"), left(5, 40), keys("Z<Esc>u")}, ModeNormal, Pos{Line: 4, Col: 4}, Pos{Line: 4, Col: 4}, 0, "XY0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"insert click dot", []step{keys("iXY"), left(5, 40), keys("Z<Esc>gg.")}, ModeNormal, Pos{Line: 0, Col: 0}, Pos{Line: 0, Col: 0}, 0, "ZXY0123456789", "\tab", "日本語xyz", "shortZ", "line 7"},
		{"insert click on wide", []step{keys("A"), left(3, 4), keys("Q<Esc>")}, ModeNormal, Pos{Line: 2, Col: 3}, Pos{Line: 2, Col: 3}, 0, "0123456789", "\tab", "日Q本語xyz", "short", "line 7"},
		{"visual left ends", []step{keys("lvl"), left(4, 1)}, ModeNormal, Pos{Line: 3, Col: 0}, Pos{Line: 3, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual left gv", []step{keys("lvl"), left(5, 2), keys("gv")}, ModeVisual, Pos{Line: 0, Col: 2}, Pos{Line: 0, Col: 1}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right after", []step{keys("llvj"), right(5, 4)}, ModeVisual, Pos{Line: 4, Col: 3}, Pos{Line: 0, Col: 2}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right before", []step{keys("jjlvj"), right(1, 3)}, ModeVisual, Pos{Line: 0, Col: 2}, Pos{Line: 3, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right inside one line near start", []step{keys("lv6l"), right(1, 3)}, ModeVisual, Pos{Line: 0, Col: 2}, Pos{Line: 0, Col: 7}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right inside one line near end", []step{keys("lv6l"), right(1, 7)}, ModeVisual, Pos{Line: 0, Col: 6}, Pos{Line: 0, Col: 1}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right inside one line middle", []step{keys("lv6l"), right(1, 5)}, ModeVisual, Pos{Line: 0, Col: 4}, Pos{Line: 0, Col: 7}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right middle line left half", []step{keys("0lvjjllllll"), right(2, 1)}, ModeVisual, Pos{Line: 1, Col: 0}, Pos{Line: 2, Col: 12}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right middle line right half", []step{keys("0lvjjllllll"), right(2, 10)}, ModeVisual, Pos{Line: 1, Col: 2}, Pos{Line: 2, Col: 12}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual right inside lines near end", []step{keys("5Gvjjj"), right(8, 2)}, ModeVisual, Pos{Line: 7, Col: 1}, Pos{Line: 4, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"normal right starts visual", []step{keys("l"), right(3, 5)}, ModeVisual, Pos{Line: 2, Col: 6}, Pos{Line: 0, Col: 1}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual line right", []step{keys("jVj"), right(5, 2)}, ModeVisualLine, Pos{Line: 4, Col: 1}, Pos{Line: 1, Col: 0}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"block right lower right", []step{keys("ll<C-v>jjll"), right(3, 5)}, ModeVisualBlock, Pos{Line: 2, Col: 6}, Pos{Line: 0, Col: 6}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"block right upper left", []step{keys("ll<C-v>jjll"), right(1, 3)}, ModeVisualBlock, Pos{Line: 0, Col: 2}, Pos{Line: 2, Col: 9}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"block right lower left", []step{keys("ll<C-v>jjll"), right(3, 2)}, ModeVisualBlock, Pos{Line: 2, Col: 0}, Pos{Line: 0, Col: 6}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"block right upper right", []step{keys("ll<C-v>jjll"), right(1, 6)}, ModeVisualBlock, Pos{Line: 0, Col: 5}, Pos{Line: 2, Col: 3}, 0, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"replace click", []step{keys("RXY"), left(5, 40), keys("Z<Esc>u")}, ModeNormal, Pos{Line: 4, Col: 4}, Pos{Line: 4, Col: 4}, 0, "XY23456789", "\tab", "日本語xyz", "short", "line 7"},
		{"ctrl-o click", []step{keys("A<C-o>"), left(2, 9), keys("Q<Esc>")}, ModeNormal, Pos{Line: 1, Col: 1}, Pos{Line: 1, Col: 1}, 0, "0123456789", "\tQab", "日本語xyz", "short", "line 7"},
		{"insert wheel", []step{keys("AX"), wheel(3), keys("Y<Esc>u")}, ModeNormal, Pos{Line: 3, Col: 0}, Pos{Line: 3, Col: 0}, 3, "0123456789X", "\tab", "日本語xyz", "short", "line 7"},
		{"normal wheel down", []step{wheel(3)}, ModeNormal, Pos{Line: 3, Col: 0}, Pos{Line: 3, Col: 0}, 3, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"visual wheel", []step{keys("vj"), wheel(3)}, ModeVisual, Pos{Line: 3, Col: 0}, Pos{Line: 0, Col: 0}, 3, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"wheel up after G", []step{keys("G"), wheel(-3)}, ModeNormal, Pos{Line: 36, Col: 0}, Pos{Line: 36, Col: 0}, 26, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
		{"insert wheel no move", []step{keys("8GAX"), wheel(3), keys("Y<Esc>u")}, ModeNormal, Pos{Line: 7, Col: 5}, Pos{Line: 7, Col: 5}, 3, "0123456789", "\tab", "日本語xyz", "short", "line 7"},
	}
	for _, c := range cases {
		e := newTestEditor(text.String())
		e.Resize(12, 40)
		e.ExecEx("set so=0")
		for _, st := range c.steps {
			st(e)
		}
		anchor := e.win.cur
		if e.mode.visual() {
			anchor = e.vis.anchor
		}
		r := e.text()
		got := [5]string{lineText(r, 0), lineText(r, 1), lineText(r, 2), lineText(r, 4), lineText(r, 7)}
		want := [5]string{c.l1, c.l2, c.l3, c.l5, c.l8}
		if e.mode != c.mode || e.win.cur != c.cur || anchor != c.visual || e.win.top != c.top || got != want {
			t.Errorf("%s: mode %v cursor %v anchor %v top %d lines %q\nVim:   mode %v cursor %v anchor %v top %d lines %q",
				c.name, e.mode, e.win.cur, anchor, e.win.top, got, c.mode, c.cur, c.visual, c.top, want)
		}
	}
}

// TestMouseClickEndsInsertArgument: a click after CTRL-V or CTRL-R in
// Insert mode ends the wait for their argument; the next key is typed.
func TestMouseClickEndsInsertArgument(t *testing.T) {
	for _, k := range []string{"<C-v>", "<C-r>"} {
		e := newTestEditor("abc\n")
		e.Feed(MustParseKeys("i"+k), true)
		e.MouseClick(Click{Line: 0, Col: 2})
		e.Feed(MustParseKeys("a<Esc>"), true)
		if got := e.text().String(); got != "abac" {
			t.Errorf("%s, click, a: %q, want %q", k, got, "abac")
		}
	}
}
