package vimre

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// tenMB is a 10 MB rope of 60-byte lines with one "needle" at the end.
func tenMB() buffer.Rope {
	line := "the quick brown fox jumps over the lazy dog 0123456789 abcd\n"
	text := strings.Repeat(line, 10<<20/len(line)) + "needle"
	return buffer.FromString(text)
}

func benchSearch(b *testing.B, pat string, backward bool) {
	r := tenMB()
	re := MustCompile(pat, Options{})
	from := 0
	if backward {
		from = r.Len() - 1
	}
	b.SetBytes(int64(r.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, _, _, ok := Search(r, re, from, backward, false); ok == (pat == "zzz") {
			b.Fatal("unexpected result")
		}
	}
}

// BenchmarkSearchLiteral10MB: a literal found at the very end (RE2 uses a
// literal-prefix scan).
func BenchmarkSearchLiteral10MB(b *testing.B) { benchSearch(b, "needle", false) }

// BenchmarkSearchClass10MB: a pattern that starts with a class, so the
// engine runs over every byte.
func BenchmarkSearchClass10MB(b *testing.B) { benchSearch(b, `\<n\w*dle\>`, false) }

// BenchmarkSearchNoMatch10MB: a failing search over the whole rope.
func BenchmarkSearchNoMatch10MB(b *testing.B) { benchSearch(b, "zzz", false) }

// BenchmarkSearchBackward10MB: ?pattern from the end to a match at the top.
func BenchmarkSearchBackward10MB(b *testing.B) {
	r := buffer.FromString("needle\n" + tenMB().String())
	re := MustCompile("needle", Options{})
	b.SetBytes(int64(r.Len()))
	b.ReportAllocs()
	for range b.N {
		if s, _, _, ok := Search(r, re, r.Len()-10, true, false); !ok || s != r.Len()-6 && s != 0 {
			b.Fatal("not found")
		}
	}
}

// BenchmarkCompile measures translating and compiling a typical pattern.
func BenchmarkCompile(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		if _, err := Compile(`\v<(foo|bar)\d{2,3}>\s*\=`, Options{IgnoreCase: true, SmartCase: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFindAllInLine measures :s///g matching on an 80-byte line.
func BenchmarkFindAllInLine(b *testing.B) {
	re := MustCompile(`\<\w\+\>`, Options{})
	line := []byte("the quick brown fox jumps over the lazy dog and then some more words to fill")
	b.ReportAllocs()
	for range b.N {
		if len(re.FindAllInLine(line)) != 16 {
			b.Fatal("wrong count")
		}
	}
}
