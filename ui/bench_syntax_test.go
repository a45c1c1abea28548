package ui

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// lexed returns the finished highlighting of text as Go.
func lexed(text buffer.Rope) *syntax.Result {
	h := syntax.NewHighlighter(syntax.LexerFor("go"))
	h.SetText(text)
	for !h.Step() {
	}
	return h.Result()
}

// BenchmarkFrameSyntaxKeystroke10k draws the frame right after a
// keystroke in the middle of a 10 000-line Go file, before the new
// highlighting has come: the typed line's tokens are moved over the edit
// (syntax.Result.Spans), every other line is matched to its tokens.
func BenchmarkFrameSyntaxKeystroke10k(b *testing.B) {
	text := buffer.FromString("package p\n\n" + codeText(10000))
	res := lexed(text)
	at := text.LineStart(5000) + 8
	typed := text.Insert(at, "x")
	f := &Frame{Text: TextView{Text: typed, Cursor: Pos{5000, 9}, Top: 4980, Opts: DefaultDisplayOptions(), Syntax: res},
		Status: StatusInfo{Mode: "INSERT", Name: "main.go"}}
	f.Text.Opts.Number = true
	benchFrame(b, f, 200, 60)
}

// BenchmarkFrameSyntax10k draws the same screen with the highlighting of
// the text shown (the frame after the re-lex).
func BenchmarkFrameSyntax10k(b *testing.B) {
	text := buffer.FromString("package p\n\n" + codeText(10000))
	f := &Frame{Text: TextView{Text: text, Cursor: Pos{5000, 9}, Top: 4980, Opts: DefaultDisplayOptions(), Syntax: lexed(text)},
		Status: StatusInfo{Mode: "NORMAL", Name: "main.go"}}
	f.Text.Opts.Number = true
	benchFrame(b, f, 200, 60)
}

// BenchmarkFirstColouredFrame100MB opens a 100 MB Go file: from the
// loaded text to the first frame drawn with colours (the highlighter
// made and its lexer rebuilt, one step of lexing, the frame drawn) — what
// the worker and the UI goroutine do between them, without the hand-over.
func BenchmarkFirstColouredFrame100MB(b *testing.B) {
	if testing.Short() {
		b.Skip("100 MB of text")
	}
	var sb strings.Builder
	sb.WriteString("package p\n\n")
	chunk := codeText(1000)
	for sb.Len() < 100<<20 {
		sb.WriteString(chunk)
	}
	text := buffer.FromString(sb.String())
	sb.Reset()
	s := NewMemSurface(80, 24)
	r := NewRenderer()
	timeFrames(b, func(int) {
		h := syntax.NewHighlighter(syntax.LexerFor("go"))
		h.SetText(text)
		h.Step()
		f := &Frame{Text: TextView{Text: text, Top: -1, Opts: DefaultDisplayOptions(), Syntax: h.Result()}}
		r.Draw(s, f)
		if _, _, st := s.Cell(0, 0); st.Fg.IsDefault() {
			b.Fatalf("the first frame is not coloured: %v", st)
		}
	})
}
