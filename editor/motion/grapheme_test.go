package motion

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/rivo/uniseg"
)

// propertyRuns is the number of random texts of the property tests.
func propertyRuns(t *testing.T) int {
	switch {
	case testing.Short():
		return 200
	case testkit.RaceEnabled:
		return 500
	}
	return 3000
}

// referenceClusters is the segmentation model: every line segmented by
// uniseg on its own, each '\n' a cluster of its own.
func referenceClusters(s string) []int {
	var starts []int
	off := 0
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			starts = append(starts, off)
			off++
		}
		g := uniseg.NewGraphemes(line)
		for g.Next() {
			from, _ := g.Positions()
			starts = append(starts, off+from)
		}
		off += len(line)
	}
	return append(starts, len(s))
}

var segAtoms = []string{"a", "b", " ", "\t", "\n", "\r", "\r\n", "é", "e\u0301", "\u0301", "漢", "👍", "🏽",
	"\u200d", "👨\u200d👩\u200d👧", "🇫", "🇷", "\ufe0f", "ᄀ", "ᅡ", "ᆨ", "\u0915\u094d", "\x01", ".", "#"}

func randomSegText(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(40) {
		b.WriteString(segAtoms[rng.IntN(len(segAtoms))])
	}
	return b.String()
}

func TestGraphemesMatchModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range propertyRuns(t) {
		s := randomSegText(rng)
		r := buffer.FromString(s)
		want := referenceClusters(s)
		got := clusterStarts(r)
		if !equalInts(got, want) {
			t.Fatalf("%q: NextGrapheme walk %v, model %v", s, got, want)
		}
		for i := 1; i < len(want); i++ {
			if p := PrevGrapheme(r, want[i]); p != want[i-1] {
				t.Fatalf("%q: PrevGrapheme(%d) = %d, want %d", s, want[i], p, want[i-1])
			}
			for off := want[i-1]; off < want[i]; off++ {
				if a, b := GraphemeAt(r, off); a != want[i-1] || b != want[i] {
					t.Fatalf("%q: GraphemeAt(%d) = [%d,%d), want [%d,%d)", s, off, a, b, want[i-1], want[i])
				}
			}
		}
	}
}

func TestGraphemesInvalidUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for range propertyRuns(t) {
		b := []byte(randomSegText(rng))
		for range rng.IntN(4) {
			if len(b) > 0 {
				b[rng.IntN(len(b))] = byte(0x80 + rng.IntN(0x80))
			}
		}
		s := string(b)
		r := buffer.FromString(s)
		starts := clusterStarts(r)
		for i := 1; i < len(starts); i++ {
			a, e := starts[i-1], starts[i]
			if e <= a {
				t.Fatalf("%q: clusters do not advance at %d", s, a)
			}
			if p := PrevGrapheme(r, e); p != a {
				t.Fatalf("%q: PrevGrapheme(%d) = %d, want %d", s, e, p, a)
			}
			if rn, size := utf8.DecodeRuneInString(s[a:]); rn == utf8.RuneError && size == 1 && e != a+1 {
				t.Fatalf("%q: invalid byte at %d is not a cluster of its own", s, a)
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDisplayCol(t *testing.T) {
	// Columns as Vim shows them (strdisplaywidth of the text before the
	// character, with 'tabstop' 8).
	cases := []struct {
		text string
		off  int
		want int
	}{
		{"abc", 2, 2},
		{"\tx", 1, 8},
		{"ab\tx", 3, 8},
		{"漢字x", 6, 4},
		{"\x01x", 1, 2},   // ^A
		{"\x7fx", 1, 2},   // ^?
		{"\xffx", 1, 4},   // <ff>
		{"\u0085x", 2, 4}, // <85>
		{"e\u0301x", 3, 1},
		{"😀x", 4, 2},
		{"a\u202ebc", 4, 7}, // <202e>, as Vim shows it
		{"x\u200by", 4, 7},  // <200b>
		{"\ufeffx", 3, 6},   // <feff>
		{"\u0301x", 2, 6},   // a lone combining mark: <0301>
		{"a\u00adb", 3, 7},  // kjx shows <00ad> (Vim one cell)
		{"a\nbc", 3, 1},     // columns count from the line start
	}
	for _, c := range cases {
		if got := DisplayCol(buffer.FromString(c.text), c.off, 8); got != c.want {
			t.Errorf("DisplayCol(%q, %d) = %d, want %d", c.text, c.off, got, c.want)
		}
	}
}

func TestOffsetAtDisplayCol(t *testing.T) {
	r := buffer.FromString("a\t漢b\n\nxy")
	cases := []struct{ line, col, want int }{
		{0, 0, 0},
		{0, 1, 1}, // the tab covers columns 1-7
		{0, 7, 1},
		{0, 8, 2}, // 漢 covers 8-9
		{0, 9, 2},
		{0, 10, 5},
		{0, 99, 5}, // clamped to the last character
		{1, 3, 7},  // empty line: its start
		{2, 5, 9},
	}
	for _, c := range cases {
		if got := OffsetAtDisplayCol(r, c.line, c.col, 8); got != c.want {
			t.Errorf("OffsetAtDisplayCol(%d, %d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
}

func TestDisplayColRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range propertyRuns(t) {
		s := randomSegText(rng)
		r := buffer.FromString(s)
		for _, p := range clusterStarts(r) {
			if p >= len(s) || s[p] == '\n' {
				continue
			}
			if _, e := GraphemeAt(r, p); cells.WidthAt(s[p:e], DisplayCol(r, p, 8), 8) == 0 {
				t.Fatalf("%q: the cluster at %d takes no cell", s, p)
			}
			line := r.LineOf(p)
			if got := OffsetAtDisplayCol(r, line, DisplayCol(r, p, 8), 8); got != p {
				t.Fatalf("%q: OffsetAtDisplayCol(DisplayCol(%d)) = %d", s, p, got)
			}
		}
	}
}

func TestIsWordChar(t *testing.T) {
	for _, c := range []struct {
		r    rune
		want bool
	}{
		{'a', true}, {'Z', true}, {'0', true}, {'_', true}, {'é', true}, {'×', true},
		{'.', false}, {' ', false}, {'\u00a0', false}, {'\u00bf', false},
		{'漢', true}, {'ひ', true}, {'😀', true}, {'\u3000', false}, {'\u3001', false},
		{'\u2014', false}, {'ж', true},
	} {
		if got := IsWordChar(c.r); got != c.want {
			t.Errorf("IsWordChar(%U) = %v, want %v", c.r, got, c.want)
		}
	}
}
