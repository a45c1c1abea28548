package ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/rivo/uniseg"
)

// validCell is the test's own, deliberately simple statement of what may
// reach a terminal: one printable grapheme cluster of width 1 or 2.
func validCell(s string, width int) error {
	if s == "" || !utf8.ValidString(s) {
		return fmt.Errorf("not valid UTF-8: %q", s)
	}
	if width != 1 && width != 2 {
		return fmt.Errorf("width %d for %q", width, s)
	}
	c, rest, w, _ := uniseg.FirstGraphemeClusterInString(s, -1)
	if rest != "" || c != s {
		return fmt.Errorf("%q is more than one grapheme cluster", s)
	}
	if min(w, 2) != width {
		return fmt.Errorf("%q drawn %d wide, uniseg says %d", s, width, w)
	}
	first, _ := utf8.DecodeRuneInString(s)
	if unicode.Is(unicode.M, first) {
		return fmt.Errorf("%q starts with a combining mark", s)
	}
	for i, r := range s {
		switch {
		case r < 0x20 || r >= 0x7f && r < 0xa0:
			return fmt.Errorf("%q holds control %U", s, r)
		case r == 0x200d && w == 2 && i > 0 && i < len(s)-3:
			// ZWJ inside a wide (emoji) cluster.
		case r >= 0xe0020 && r <= 0xe007f && strings.HasPrefix(s, "\U0001F3F4"):
			// Tag characters of a flag sequence.
		case unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point, unicode.Noncharacter_Code_Point):
			return fmt.Errorf("%q holds invisible or format character %U", s, r)
		case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Co):
			return fmt.Errorf("%q holds unassigned %U", s, r)
		}
	}
	return nil
}

// checkSurface installs validCell on every write to s.
func checkSurface(t testing.TB, s *MemSurface) {
	s.onSet = func(x, y int, cluster string, width int) {
		if err := validCell(cluster, width); err != nil {
			t.Fatalf("cell %d,%d: %v", x, y, err)
		}
	}
}

func TestSanitizeRules(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "abc", "abc"},
		{"control", "a\x01b", "a^Ab"},
		{"nul", "\x00", "^@"},
		{"escape", "\x1b[31m", "^[[31m"},
		{"del", "\x7f", "^?"},
		{"c1", "\u0085", "<85>"},
		{"invalid byte", "a\xffb", "a<ff>b"},
		{"truncated utf8", "\xe4\xb8", "<e4><b8>"},
		{"overlong", "\xc0\xaf", "<c0><af>"},
		{"surrogate", "\xed\xa0\x80", "<ed><a0><80>"},
		{"rlo", "\u202eabc", "<202e>abc"},
		{"isolates", "\u2066x\u2069", "<2066>x<2069>"},
		{"lrm rlm", "\u200e\u200f", "<200e><200f>"},
		{"zwsp", "a\u200bb", "a<200b>b"},
		{"zwnj inside cluster", "a\u200cb", "a<200c>b"},
		{"bom", "\ufeffx", "<feff>x"},
		{"soft hyphen", "a\u00adb", "a<00ad>b"},
		{"arabic letter mark", "\u061c", "<061c>"},
		{"line separator", "a\u2028b", "a<2028>b"},
		{"hangul filler", "\u3164", "<3164>"},
		{"noncharacter", "\ufffe", "<fffe>"},
		{"unassigned", "\u0378", "<0378>"},
		{"prepend cf", "\u0600a", "<0600>a"},
		{"lone combining", "\u0301", "<0301>"},
		{"combining on control", "\x01\u0301", "^A<0301>"},
		{"combining kept", "e\u0301", "e\u0301"},
		{"zwj emoji", "👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"},
		{"zwj not emoji", "a\u200db", "a<200d>b"},
		{"flag tags", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F", "🏴\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"},
		{"stray tag", "a\U000E0067", "a<e0067>"},
		{"wide", "中文", "中文"},
		{"nbsp", "a\u00a0b", "a\u00a0b"},
		{"private use", "\ue000", "\ue000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewMemSurface(40, 1)
			checkSurface(t, s)
			v := view(tc.in, 0, 0)
			var tw textWin
			th := DefaultTheme()
			tw.draw(s, v, &th, 0, 0, 40, 1)
			if got := strings.TrimRight(s.Row(0), " "); got != tc.want {
				t.Errorf("%q drawn as %q, want %q", tc.in, got, tc.want)
			}
			if stringWidth(tc.in) != stringWidthByCells(s) {
				t.Errorf("stringWidth(%q) = %d, drawn %d cells", tc.in, stringWidth(tc.in), stringWidthByCells(s))
			}
		})
	}
}

// stringWidthByCells counts the cells of row 0 up to the last non-blank.
func stringWidthByCells(s *MemSurface) int {
	w, _ := s.Size()
	n := 0
	for x := 0; x < w; x++ {
		if c, _, _ := s.Cell(x, 0); c != " " {
			n = x + 1
		}
	}
	return n
}

// hostileText returns n bytes mixing random bytes with the sequences
// most likely to confuse a terminal or the layout.
func hostileText(rng *rand.Rand, n int) []byte {
	pieces := []string{
		"\x1b[2J", "\x1b]0;title\x07", "\x1bP", "\r", "\x00", "\x7f", "\t", "\n", "\b",
		"\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u00ad", "\u0301", "\u20dd",
		"中", "😀", "👨\u200d👩", "🇫🇷", "\U0001F3F4\U000E0067\U000E007F", "e\u0301", "\u0085", "\u009b",
		"\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\U000E0001", "\u3164", "\u2028", "\ufe0f", "a", " ",
	}
	var b []byte
	for len(b) < n {
		if rng.IntN(3) == 0 {
			b = append(b, byte(rng.IntN(256)))
		} else {
			b = append(b, pieces[rng.IntN(len(pieces))]...)
		}
	}
	return b
}

func TestSanitizeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	size := 20000
	if testkit.RaceEnabled || testing.Short() {
		size = 4000
	}
	text := buffer.FromBytes(hostileText(rng, size))
	lines := text.Newlines() + 1
	for _, opts := range []DisplayOptions{
		{Wrap: true, TabStop: 8},
		{Wrap: false, TabStop: 4, Number: true, SideScroll: 1},
		{Wrap: true, List: true, RelativeNumber: true, TabStop: 3},
		{Wrap: false, List: true, TabStop: 8},
	} {
		s := NewMemSurface(37, 11)
		checkSurface(t, s)
		r := NewRenderer()
		for i := 0; i < 60; i++ {
			line := rng.IntN(lines)
			ll := text.LineEnd(line) - text.LineStart(line)
			f := &Frame{Text: TextView{Text: text, Cursor: Pos{line, rng.IntN(ll + 1)}, Top: -1, Opts: opts},
				Status:   StatusInfo{Name: string(hostileText(rng, 30)), Mode: "NORMAL"},
				Messages: []Message{{Text: string(hostileText(rng, 50))}}}
			if i%3 == 0 {
				f.Text.Visual = Selection{Kind: SelKind(1 + i%3), Start: Pos{line, 0}, End: Pos{min(line+2, lines-1), 3}}
			}
			if i%5 == 0 {
				f.Cmdline = Cmdline{Active: true, Prompt: ":", Text: string(hostileText(rng, 80)), Cursor: 7}
			}
			var writes []string
			seen := map[[2]int]bool{}
			s.onSet = func(x, y int, cluster string, width int) {
				if err := validCell(cluster, width); err != nil {
					t.Fatalf("cell %d,%d: %v", x, y, err)
				}
				writes = append(writes, fmt.Sprintf("%d,%d %q", x, y, cluster))
				if seen[[2]int{x, y}] {
					t.Errorf("frame %d: cell %d,%d written twice (%q)", i, x, y, cluster)
				}
				seen[[2]int{x, y}] = true
				if width == 2 {
					seen[[2]int{x + 1, y}] = true
				}
			}
			r.Draw(s, f)
			w, h := s.Size()
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if !seen[[2]int{x, y}] {
						t.Fatalf("frame %d: cell %d,%d not written\n%s", i, x, y, s.Dump(false))
					}
				}
			}
			if s.Overlaps() != 0 {
				t.Fatalf("frame %d: %d cells written twice\n%s", i, s.Overlaps(), s.Dump(false))
			}
		}
	}
}
