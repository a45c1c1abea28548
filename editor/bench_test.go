package editor

import (
	"github.com/kjx-editor/kjx/editor/clock"
	"strings"
	"testing"
)

// bigText returns about size bytes of 80-column lines.
func bigText(size int) string {
	line := strings.Repeat("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor", 1) + "\n"
	return strings.Repeat(line, size/len(line))
}

// benchEditor returns an editor on a big text with the cursor mid-file.
func benchEditor(b *testing.B, size int) *Editor {
	b.Helper()
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
	text := bigText(size)
	e.buf().tree = nil
	e.setText(text)
	e.win.cur = Pos{Line: lineCount(e.text()) / 2}
	return e
}

// BenchmarkKeystrokeInsert100MB types in Insert mode in a 100 MB buffer and
// publishes a View after every key: key → new rope + undo record + view.
func BenchmarkKeystrokeInsert100MB(b *testing.B) {
	e := benchEditor(b, 100<<20)
	// Realistic sessions: open a line, type 58 characters, <Esc> (each
	// line is one Insert session and one undo block).
	keys := MustParseKeys("o" + strings.Repeat("x", 58) + "<Esc>")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.HandleKey(keys[i%len(keys)])
		_ = e.TakeView()
	}
}

// BenchmarkKeystrokeNormalX100MB is x (one undo block each) in Normal mode
// in a 100 MB buffer, with a View after each key.
func BenchmarkKeystrokeNormalX100MB(b *testing.B) {
	e := benchEditor(b, 100<<20)
	x := R('x')
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if e.win.cur.Col == 0 && lineLen(e.text(), e.win.cur.Line) < 2 {
			e.win.cur.Line++
		}
		e.HandleKey(x)
		_ = e.TakeView()
	}
}

// BenchmarkSubstituteAll10MB is :%s/x/y/g with about 100 000 matches in a
// 10 MB buffer; it must be one undo step.
func BenchmarkSubstituteAll10MB(b *testing.B) {
	line := strings.Repeat("a", 99) + "\n"
	var sb strings.Builder
	for i := 0; i < (10<<20)/len(line); i++ {
		if i < 100000 {
			sb.WriteString("x" + line[1:])
		} else {
			sb.WriteString(line)
		}
	}
	text := sb.String()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
		e.setText(text)
		before := e.buf().tree.SeqLast()
		b.StartTimer()
		e.ExecEx("%s/x/y/g")
		b.StopTimer()
		if e.buf().tree.SeqLast() != before+1 {
			b.Fatalf("substitute made %d undo steps", e.buf().tree.SeqLast()-before)
		}
		b.StartTimer()
	}
}

// BenchmarkView measures publishing a View of a 100 MB buffer.
func BenchmarkView(b *testing.B) {
	e := benchEditor(b, 100<<20)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = e.TakeView()
	}
}

// BenchmarkKeystrokeInsertSmall is BenchmarkKeystrokeInsert100MB on a 4 KB
// buffer: the difference is the rope's share.
func BenchmarkKeystrokeInsertSmall(b *testing.B) {
	e := benchEditor(b, 4<<10)
	keys := MustParseKeys("o" + strings.Repeat("x", 58) + "<Esc>")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.HandleKey(keys[i%len(keys)])
		_ = e.TakeView()
	}
}
