package cells

import (
	"strings"
	"testing"
)

// benchWidths measures cutting s into clusters and measuring each: what
// a motion or the screen does per character.
func benchWidths(b *testing.B, s string) {
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		n := 0
		for rest, state := s, -1; rest != ""; {
			var c string
			var w int
			c, w, state = Cut(rest, state)
			rest = rest[len(c):]
			n += Width(c, w)
		}
		if n == 0 {
			b.Fatal("no width")
		}
	}
}

func BenchmarkWidthASCII(b *testing.B) {
	benchWidths(b, strings.Repeat("func (t *text) width(c cluster) int {", 20))
}

func BenchmarkWidthCJK(b *testing.B) {
	benchWidths(b, strings.Repeat("漢字かなカナ한글", 50))
}

func BenchmarkWidthMixed(b *testing.B) {
	benchWidths(b, strings.Repeat("héllo wörld 😀 a\u202eb e\u0301 ", 30))
}

func BenchmarkSanitizeMessage(b *testing.B) {
	msg := `"/home/u/naïve \u202efile.txt" 120L, 4031B written`
	for b.Loop() {
		if Sanitize(msg) == "" {
			b.Fatal("empty")
		}
	}
}
