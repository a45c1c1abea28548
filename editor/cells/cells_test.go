package cells

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

func TestMain(m *testing.M) {
	// tcell sets the ambiguous width from the environment when it is
	// initialised; pin Vim's 'ambiwidth' single.
	uniseg.EastAsianAmbiguousWidth = 1
	os.Exit(m.Run())
}

// TestSanitize pins the escape of each kind of unsafe text, and that the
// width of a string is the width of what is drawn for it.
func TestSanitize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "abc", "abc"},
		{"control", "a\x01b", "a^Ab"},
		{"tab", "a\tb", "a^Ib"},
		{"newline", "a\nb", "a^Jb"},
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
		{"prepend then invalid", "\u0600\xff", "<0600><ff>"},
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
			if got := Sanitize(tc.in); got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if got, want := StringWidth(tc.in), drawnWidth(tc.want); got != want {
				t.Errorf("StringWidth(%q) = %d, drawn %d cells", tc.in, got, want)
			}
		})
	}
}

// drawnWidth is the cells of sanitised text: escapes and ASCII one per
// byte, other clusters uniseg's width.
func drawnWidth(s string) int {
	n := 0
	for s != "" {
		c, rest, w, _ := uniseg.FirstGraphemeClusterInString(s, -1)
		if len(c) == 1 {
			w = 1
		}
		n += w
		s = rest
	}
	return n
}

// TestWidthAt: the widths Vim shows, with a tab reaching the next stop.
func TestWidthAt(t *testing.T) {
	cases := []struct {
		cluster    string
		col, ts    int
		want       int
		vimDiffers bool
	}{
		{"a", 0, 8, 1, false},
		{"\t", 0, 8, 8, false},
		{"\t", 3, 8, 5, false},
		{"\t", 5, 4, 3, false},
		{"\t", 2, 0, 6, false}, // tabstop 0 is 8
		{"\x01", 0, 8, 2, false},
		{"\x7f", 0, 8, 2, false},
		{"\xff", 0, 8, 4, false},
		{"\u0085", 0, 8, 4, false},
		{"\u202e", 0, 8, 6, false},
		{"\u200b", 0, 8, 6, false},
		{"\ufeff", 0, 8, 6, false},
		{"\U000E0067", 0, 8, 7, false},
		{"漢", 0, 8, 2, false},
		{"😀", 0, 8, 2, false},
		{"e\u0301", 0, 8, 1, false},
		{"\u00ad", 0, 8, 6, true},
		{"±", 0, 8, 1, false}, // East Asian ambiguous: 'ambiwidth' single
	}
	for _, c := range cases {
		if got := WidthAt(c.cluster, c.col, c.ts); got != c.want {
			t.Errorf("WidthAt(%q, %d, %d) = %d, want %d", c.cluster, c.col, c.ts, got, c.want)
		}
	}
}

// hostileText returns n bytes mixing random bytes with the sequences
// most likely to confuse a terminal or the layout.
func hostileText(rng *rand.Rand, n int) string {
	pieces := []string{
		"\x1b[2J", "\x1b]0;title\x07", "\r", "\x00", "\x7f", "\t", "\b",
		"\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u00ad", "\u0301", "\u20dd", "\u0600",
		"中", "😀", "👨\u200d👩", "🇫🇷", "\U0001F3F4\U000E0067\U000E007F", "e\u0301", "\u0085", "\u009b",
		"\xff", "\xc3", "\xe2\x80", "\xed\xa0\x80", "\U000E0001", "\u3164", "\u2028", "\ufe0f", "a", " ", "±",
	}
	var b strings.Builder
	for b.Len() < n {
		if rng.IntN(3) == 0 {
			b.WriteByte(byte(rng.IntN(256)))
		} else {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
	}
	return b.String()
}

// checkClusters checks every cluster of s: Width is the sum of the
// pieces' widths and at least 1, every text piece is one safe cluster,
// every escape is ASCII, and the clusters cover s exactly.
func checkClusters(s string) error {
	var z Sanitizer
	covered := 0
	for state := -1; covered < len(s); {
		c, w, next := Cut(s[covered:], state)
		if c == "" {
			return fmt.Errorf("empty cluster at %d", covered)
		}
		sum := 0
		for _, p := range z.Pieces(c, w) {
			sum += p.W
			if err := checkPiece(p); err != nil {
				return fmt.Errorf("cluster %q: %v", c, err)
			}
		}
		if got := Width(c, w); got != sum || got < 1 {
			return fmt.Errorf("cluster %q: Width %d, pieces %d", c, got, sum)
		}
		covered += len(c)
		state = next
	}
	return nil
}

// checkPiece is the test's own, deliberately simple statement of what may
// reach a terminal.
func checkPiece(p Piece) error {
	if p.Esc {
		if len(p.S) != p.W || strings.IndexFunc(p.S, func(r rune) bool { return r < ' ' || r >= 0x7f }) >= 0 {
			return fmt.Errorf("escape %q of width %d", p.S, p.W)
		}
		return nil
	}
	if !utf8.ValidString(p.S) || p.W < 1 || p.W > 2 {
		return fmt.Errorf("text %q of width %d", p.S, p.W)
	}
	first, _ := utf8.DecodeRuneInString(p.S)
	if unicode.Is(unicode.M, first) {
		return fmt.Errorf("%q starts with a combining mark", p.S)
	}
	for i, r := range p.S {
		switch {
		case r < 0x20 || r >= 0x7f && r < 0xa0:
			return fmt.Errorf("%q holds control %U", p.S, r)
		case r == 0x200d && p.W == 2 && i > 0:
		case r >= 0xe0020 && r <= 0xe007f && strings.HasPrefix(p.S, "\U0001F3F4"):
		case unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point, unicode.Noncharacter_Code_Point):
			return fmt.Errorf("%q holds invisible or format character %U", p.S, r)
		}
	}
	return nil
}

// TestWidthIsWhatIsDrawn: over hostile text, every cluster's Width is
// what its pieces draw, and what is drawn is safe.
func TestWidthIsWhatIsDrawn(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < 300; i++ {
		s := hostileText(rng, 200)
		if err := checkClusters(s); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got, want := StringWidth(s), drawnWidth(Sanitize(s)); got != want {
			t.Fatalf("%q: StringWidth %d, Sanitize draws %d", s, got, want)
		}
	}
}

// FuzzSanitize: whatever the input, Sanitize's output is valid UTF-8
// without controls or format characters, and widths agree with it.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"abc", "a\u202eb", "\x1b[31m\xff", "👨\u200d👩", "\u0600\xff", "e\u0301\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := checkClusters(s); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		out := Sanitize(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Sanitize(%q) = %q: not valid UTF-8", s, out)
		}
		for _, r := range out {
			if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) && r != 0x200d && !(r >= 0xe0020 && r <= 0xe007f) {
				t.Fatalf("Sanitize(%q) = %q holds %U", s, out, r)
			}
		}
		if got, want := StringWidth(s), drawnWidth(out); got != want {
			t.Fatalf("%q: StringWidth %d, Sanitize draws %d", s, got, want)
		}
	})
}

// TestCutIsUniseg: Cut cuts where uniseg does, except that an invalid
// byte is a cluster of its own.
func TestCutIsUniseg(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 300; i++ {
		s := hostileText(rng, 100) + "a\r\nb"
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "")
		}
		for rest, state, ustate := s, -1, -1; rest != ""; {
			c, w, next := Cut(rest, state)
			uc, _, uw, unext := uniseg.FirstGraphemeClusterInString(rest, ustate)
			if c != uc || w != uw {
				t.Fatalf("%q: Cut = %q (%d), uniseg %q (%d)", rest, c, w, uc, uw)
			}
			rest, state, ustate = rest[len(c):], next, unext
		}
	}
	if c, _, _ := Cut("\u0600\xffx", -1); c != "\u0600" {
		t.Errorf("Cut kept an invalid byte in %q", c)
	}
}
