package editor

import (
	"strings"
	"testing"
)

// TestCountedInsert checks counted inserts against results recorded from
// Vim 9.0 (vim -u NONE -Es, :normal!, line('.'), col('.'), changenr()):
// plain text goes in as one string, other keys are replayed one by one;
// either way one undo step that u takes back whole.
func TestCountedInsert(t *testing.T) {
	tests := []struct {
		text, keys string
		want       string // lines joined by "\n"
		line, col  int    // 1-based, col in bytes (Vim's col('.'))
	}{
		{"xy\n", "3aé<Esc>", "xéééy", 1, 6},
		{"xy\n", "2Iab<Esc>", "ababxy", 1, 4},
		{"xy\n", "4A-<Esc>", "xy----", 1, 6},
		{"\n", "3ia b<Esc>", "a ba ba b", 1, 9},
		{"xy\n", "2ia<BS>c<Esc>", "ccxy", 1, 2},
		{"xy\n", "3ia<CR>b<Esc>", "a\nba\nba\nbxy", 4, 1},
		{"abcd\n", "2Rx<Esc>", "xxcd", 1, 2},
		{"ab\n", "2ox<Esc>", "ab\nx\nx", 3, 1},
		{"start end\n", "w3ae\u0301<Esc>", "start e" + strings.Repeat("e\u0301", 3) + "nd", 1, 14},
		{"start end\n", "w2i日本<Esc>", "start 日本日本end", 1, 16},
	}
	for _, tc := range tests {
		e := newTestEditor(tc.text)
		e.Feed(MustParseKeys(tc.keys), true)
		e.EndStep()
		if got := e.text().String(); got != tc.want {
			t.Errorf("%q on %q: text %q, want %q", tc.keys, tc.text, got, tc.want)
		}
		if cur := e.win.cur; cur.Line+1 != tc.line || cur.Col+1 != tc.col {
			t.Errorf("%q on %q: cursor %d,%d, want %d,%d", tc.keys, tc.text, cur.Line+1, cur.Col+1, tc.line, tc.col)
		}
		if n := e.buf().tree.SeqLast(); n != 1 {
			t.Errorf("%q: %d undo steps, want 1", tc.keys, n)
		}
		e.Feed(MustParseKeys("u"), true)
		e.EndStep()
		if got := e.text().String(); got != strings.TrimSuffix(tc.text, "\n") {
			t.Errorf("%q: after u text %q, want %q", tc.keys, got, tc.text)
		}
	}
}

// TestCountedInsertHugeCount is the FuzzKeys hang: 7 777 777 copies of one
// character are one edit, not millions.
func TestCountedInsertHugeCount(t *testing.T) {
	e := newTestEditor("\n")
	e.Feed(MustParseKeys("7777777A0<Esc>"), true)
	e.EndStep()
	if n := e.text().Len(); n != 7777777 {
		t.Fatalf("length %d, want 7777777", n)
	}
	if e.win.cur.Col != 7777776 {
		t.Fatalf("cursor %v, want col 7777776", e.win.cur)
	}
}

// TestInsertLiteralControlKeys checks CTRL-V before <CR>, <Tab>, <Esc>
// and <BS> in Insert mode: the control character goes in as text (results
// recorded from Vim 9.0).
func TestInsertLiteralControlKeys(t *testing.T) {
	e := newTestEditor("\n")
	e.Feed(MustParseKeys("ia<C-v><CR>b<C-v><Tab>c<C-v><Esc>d<C-v><BS><Esc>"), true)
	e.EndStep()
	if got, want := e.text().String(), "a\rb\tc\x1bd\b"; got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
	if e.win.cur.Col != 7 {
		t.Fatalf("cursor col %d, want 7 (on the ^H)", e.win.cur.Col)
	}
}
