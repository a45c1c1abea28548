package syntax

import (
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/kjx-editor/kjx/buffer"
)

// BenchmarkChromaPlain is chroma's own speed on a 10 000-line Go file,
// for comparison with BenchmarkFullLex.
func BenchmarkChromaPlain(b *testing.B) {
	src := goFile(10000)
	l := LexerFor("go")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		it, err := l.Tokenise(nil, src)
		if err != nil {
			b.Fatal(err)
		}
		for tok := it(); tok != chroma.EOF; tok = it() {
		}
	}
}

// BenchmarkFullLex colours a 10 000-line Go file from scratch.
func BenchmarkFullLex(b *testing.B) {
	src := buffer.FromString(goFile(10000))
	b.SetBytes(int64(src.Len()))
	for b.Loop() {
		lexAll("go", src)
	}
}

// BenchmarkRelexKeystroke10k types (and deletes) a character in the
// middle of a 10 000-line Go file and re-lexes until done: the work the
// worker does per keystroke.
func BenchmarkRelexKeystroke10k(b *testing.B) {
	text := buffer.FromString(goFile(10000))
	h := lexAll("go", text)
	at := text.LineStart(5000) + 1
	before := h.Relexed
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i%2 == 0 {
			text = text.Insert(at, "x")
		} else {
			text = text.Delete(at, at+1)
		}
		i++
		h.SetText(text)
		for !h.Step() {
		}
	}
	b.ReportMetric(float64(h.Relexed-before)/float64(b.N), "lines/op")
}

// BenchmarkDetectByName is the file type of a file opened by name (no
// modeline, no #! line): what every :edit pays before the file shows.
func BenchmarkDetectByName(b *testing.B) {
	text := buffer.FromString("some text\n")
	for b.Loop() {
		if ft := Detect("notes.txt", text); ft != "" {
			b.Fatalf("notes.txt: %q", ft)
		}
	}
}
