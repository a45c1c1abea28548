package motion

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// longLine is one line of n characters: words, punctuation and CJK.
func longLine(n int) string {
	const unit = "word, 漢字 foo.bar " // 16 characters
	return strings.Repeat(unit, n/16)
}

// manyLines is a text of n lines of code-like text.
func manyLines(n int) string {
	var b strings.Builder
	for i := range n {
		switch i % 8 {
		case 0:
			b.WriteString("func f(a, b int) {\n")
		case 6:
			b.WriteString("}\n")
		case 7:
			b.WriteString("\n")
		default:
			b.WriteString("\tx := call(a, \"str\") + b // note\n")
		}
	}
	return b.String()
}

// BenchmarkWordForwardLongLine walks w over a 100 000-character line: one
// op is one w.
func BenchmarkWordForwardLongLine(b *testing.B) {
	r := buffer.FromString(longLine(100_000))
	b.ReportAllocs()
	b.ResetTimer()
	off := 0
	for b.Loop() {
		off = WordForward(r, off, 1, false)
		if off >= r.Len()-1 {
			off = 0
		}
	}
}

// BenchmarkWordBackwardLongLine walks b back over a 100 000-character line.
func BenchmarkWordBackwardLongLine(b *testing.B) {
	r := buffer.FromString(longLine(100_000))
	b.ReportAllocs()
	b.ResetTimer()
	off := r.Len()
	for b.Loop() {
		off = WordBackward(r, off, 1, false)
		if off == 0 {
			off = r.Len()
		}
	}
}

// BenchmarkWordForwardManyLines does 10w in the middle of a 1 000 000-line
// rope: the cost must not depend on the rope's size.
func BenchmarkWordForwardManyLines(b *testing.B) {
	r := buffer.FromString(manyLines(1_000_000))
	mid := r.LineStart(500_000)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		WordForward(r, mid, 10, false)
	}
}

// BenchmarkTextObjectBigText selects text objects in the middle of a
// 1 000 000-line rope.
func BenchmarkTextObjectBigText(b *testing.B) {
	r := buffer.FromString(manyLines(1_000_000))
	mid := r.LineStart(500_003) + 11 // inside call(...)
	for _, obj := range []string{"iw", "i{", "i(", "i\"", "ip", "as"} {
		b.Run(obj, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := TextObject(r, mid, obj, 1, nil); !ok {
					b.Fatalf("%s failed", obj)
				}
			}
		})
	}
}

// BenchmarkDisplayColLongLine measures DisplayCol at the end of a
// 100 000-character line.
func BenchmarkDisplayColLongLine(b *testing.B) {
	r := buffer.FromString("\t" + longLine(100_000))
	end := r.Len() - 1
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		DisplayCol(r, end, 8)
	}
}

// BenchmarkMatchPairBigText jumps with % over a 1 000-line block.
func BenchmarkMatchPairBigText(b *testing.B) {
	r := buffer.FromString("{\n" + manyLines(1000) + "}\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := MatchPair(r, 0); !ok {
			b.Fatal("no match")
		}
	}
}

// BenchmarkParagraphForward walks } over a 1 000 000-line rope.
func BenchmarkParagraphForward(b *testing.B) {
	r := buffer.FromString(manyLines(1_000_000))
	b.ReportAllocs()
	b.ResetTimer()
	off := 0
	for b.Loop() {
		off = ParagraphForward(r, off, 1)
		if off >= r.Len()-1 {
			off = 0
		}
	}
}
