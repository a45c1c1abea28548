package editor

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestFormatParagraphProperties checks gq's line breaking on random
// paragraphs against its definition: the words stay in order, a line
// passes the width only when it is one word, and no line could have
// taken the next line's first word (the breaks are greedy).
func TestFormatParagraphProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var lines []string
		for range 1 + rng.IntN(4) {
			var b strings.Builder
			b.WriteString(strings.Repeat(" ", rng.IntN(3))) // an indent
			for k := range rng.IntN(8) {
				if k > 0 {
					b.WriteString(" ")
				}
				b.WriteString(strings.Repeat("abcdefghij"[rng.IntN(10):][:1], 1+rng.IntN(12)))
			}
			lines = append(lines, b.String())
		}
		tw := 5 + rng.IntN(30)
		out := formatParagraph(lines, tw, 8, true, false, 0, &formatCursor{pos: Pos{Line: -1}})
		in := strings.Fields(strings.Join(lines, " "))
		if got := strings.Fields(strings.Join(out, " ")); !slices.Equal(got, in) {
			t.Fatalf("%q tw %d: words %q, want %q", lines, tw, got, in)
		}
		for i, l := range out {
			if w := displayWidth(l, 8); w > tw && len(strings.Fields(l)) > 1 {
				t.Fatalf("%q tw %d: line %q is %d wide", lines, tw, l, w)
			}
			if i+1 < len(out) {
				if f := strings.Fields(out[i+1]); len(f) > 0 && len(strings.Fields(l)) > 0 && displayWidth(strings.TrimRight(l, " ")+" "+f[0], 8) <= tw {
					t.Fatalf("%q tw %d: %q could take %q", lines, tw, l, f[0])
				}
			}
		}
	}
}

// BenchmarkFormatParagraph measures gq on a long paragraph.
func BenchmarkFormatParagraph(b *testing.B) {
	lines := strings.Split(strings.Repeat("the quick brown fox jumps over the lazy dog\n", 200), "\n")
	for b.Loop() {
		formatParagraph(lines, 72, 8, true, false, 0, &formatCursor{pos: Pos{Line: -1}})
	}
}
