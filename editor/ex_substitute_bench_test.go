package editor

import (
	"github.com/kjx-editor/kjx/editor/clock"
	"strings"
	"testing"
)

// benchSubText is about 10 MB of 100-byte lines, the first 100 000 of
// them starting with "x" and ending with ",".
func benchSubText() string {
	line := strings.Repeat("a", 98) + ",\n"
	var sb strings.Builder
	for i := 0; i < (10<<20)/len(line); i++ {
		if i < 100000 {
			sb.WriteString("x" + line[1:])
		} else {
			sb.WriteString(line[:98] + "\n")
		}
	}
	return sb.String()
}

// benchSub runs keys (typed) on the text b.N times and checks that each
// run made exactly one undo step.
func benchSub(b *testing.B, keys string) {
	text := benchSubText()
	ks := MustParseKeys(keys)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
		e.setText(text)
		before := e.buf().tree.SeqLast()
		b.StartTimer()
		e.Feed(ks, true)
		b.StopTimer()
		if n := e.buf().tree.SeqLast() - before; n != 1 {
			b.Fatalf("%s made %d undo steps", keys, n)
		}
		b.StartTimer()
	}
}

// BenchmarkSubstituteMultiLine10MB joins 100 000 lines ending in ","
// with the next (:%s/,\n/, /), the multi-line path.
func BenchmarkSubstituteMultiLine10MB(b *testing.B) { benchSub(b, `:%s/,\n/, /<CR>`) }

// BenchmarkSubstituteConfirmAll10MB is :%s/x/y/gc answered with a: the
// confirm path replacing 100 000 matches.
func BenchmarkSubstituteConfirmAll10MB(b *testing.B) { benchSub(b, ":%s/x/y/gc<CR>a") }

// BenchmarkSubstituteRegex10MB is :%s/x\+/y/g (not a literal), the
// per-line regexp path, with 100 000 matches.
func BenchmarkSubstituteRegex10MB(b *testing.B) { benchSub(b, `:%s/x\+/y/g<CR>`) }

// BenchmarkSubstituteOneLine100MB is :s with a regexp (and then a
// multi-line pattern) on the cursor line of a 100 MB buffer: the scan
// reads the range (plus a margin for \n), never the whole buffer.
func BenchmarkSubstituteOneLine100MB(b *testing.B) {
	e := benchEditor(b, 100<<20)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.ExecEx(`s/\w\+/&/e`)
		e.ExecEx(`s/\n\zs//e`)
	}
}
