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
