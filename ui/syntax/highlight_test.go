package syntax

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// goFile returns a Go source file of about n lines: functions with
// comments, strings, raw strings and block comments.
func goFile(n int) string {
	var b strings.Builder
	b.WriteString("package big\n\nimport \"fmt\"\n\n")
	for i, lines := 0, 4; lines < n; i, lines = i+1, lines+11 {
		fmt.Fprintf(&b, "// f%d does things.\nfunc f%d(x int) (string, error) {\n\t/* a block\n\t   comment */\n\ts := `raw %d`\n\tif x > %d {\n\t\treturn fmt.Sprintf(\"%%d\", x), nil\n\t}\n\treturn s, nil\n}\n\n", i, i, i, i)
	}
	return b.String()
}

// lexAll colours text from scratch.
func lexAll(ft string, text buffer.Rope) *Highlighter {
	h := NewHighlighter(LexerFor(ft))
	h.SetText(text)
	for !h.Step() {
	}
	return h
}

// checkSame fails unless h's tokens equal those of a lex from scratch.
func checkSame(t *testing.T, ft string, h *Highlighter, what string) {
	t.Helper()
	want := lexAll(ft, h.text).Result()
	got := h.Result()
	if len(got.Lines) != len(want.Lines) {
		t.Fatalf("%s: %d lines, want %d", what, len(got.Lines), len(want.Lines))
	}
	for i := range want.Lines {
		if !slices.Equal(got.Lines[i].Spans, want.Lines[i].Spans) {
			t.Fatalf("%s: line %d %q:\n got %v\nwant %v", what, i, h.text.SliceString(h.text.LineStart(i), h.text.LineEnd(i)), got.Lines[i].Spans, want.Lines[i].Spans)
		}
	}
}

// TestIncrementalEqualsFull is the model test: after random edits (with
// the characters that open and close multi-line tokens) the incremental
// tokens equal a lex from scratch.
func TestIncrementalEqualsFull(t *testing.T) {
	inserts := []string{"/*", "*/", "`", "\"", "\n", "x", "// ", "\n\n", "func ", "'", "#", "**", "```\n", "\"\"\"", "\t"}
	cases := []struct{ ft, text string }{
		{"go", goFile(150)},
		{"python", strings.Repeat("def f(x):\n    \"\"\"doc\n    string\"\"\"\n    return x + 1  # c\n\n", 60)},
		{"markdown", strings.Repeat("# Title\n\nSome *text* and `code`.\n\n```go\nfunc f() {}\n```\n\n- item\n", 40)},
	}
	edits := 50
	if testkit.RaceEnabled {
		edits = 10
	}
	for _, c := range cases {
		t.Run(c.ft, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(c.text))))
			text := buffer.FromString(c.text)
			h := NewHighlighter(LexerFor(c.ft))
			h.SetText(text)
			for !h.Step() {
			}
			for i := 0; i < edits; i++ {
				off := rng.IntN(text.Len() + 1)
				if rng.IntN(3) == 0 && off < text.Len() {
					text = text.Delete(off, min(text.Len(), off+1+rng.IntN(20)))
				} else {
					text = text.Insert(off, inserts[rng.IntN(len(inserts))])
				}
				h.SetText(text)
				// Sometimes a second edit comes before the first is done.
				if rng.IntN(4) == 0 {
					h.Step()
					off := rng.IntN(text.Len() + 1)
					text = text.Insert(off, inserts[rng.IntN(len(inserts))])
					h.SetText(text)
				}
				for !h.Step() {
				}
				checkSame(t, c.ft, h, fmt.Sprintf("edit %d", i))
			}
		})
	}
}

// TestRelexOnlyChangedLines edits the middle of a 10 000-line Go file and
// counts the lines lexed again: only those whose lexer state changed.
func TestRelexOnlyChangedLines(t *testing.T) {
	text := buffer.FromString(goFile(10000))
	if n := text.Newlines(); n < 10000 {
		t.Fatalf("file has %d lines", n)
	}
	h := lexAll("go", text)
	mid := 5000
	for h.text.SliceString(h.text.LineStart(mid), h.text.LineStart(mid)+2) != "\ts" {
		mid++ // the line `s := `raw N``
	}
	edit := func(name string, a, b int, s string, want int) {
		t.Helper()
		text = text.Replace(a, b, s)
		before := h.Relexed
		h.SetText(text)
		for !h.Step() {
		}
		if got := h.Relexed - before; got != want {
			t.Errorf("%s: re-lexed %d lines, want %d", name, got, want)
		}
	}
	at := text.LineStart(mid) + 1 // after the tab
	// Each edit re-lexes two lines more than it touches: the line before
	// the change (a match that starts there may look into the changed
	// line, whose own start state is then not trusted) and one more before
	// the re-lex meets a stored start state again.
	edit("rename a variable", at, at+1, "t", 3)
	edit("type a character", at+1, at+1, "x", 3)
	edit("split a line", at+1, at+1, "\n", 4)
	edit("join it again", at+1, at+2, "", 3)
	// Opening a block comment that a later */ closes: every line up to
	// the close changes state, and no more.
	// The comment runs to the */ of the next function's block comment,
	// 10 lines down.
	edit("open a block comment", at, at, "/*", 13)
	close := text.LineStart(mid + 3)
	edit("close it sooner", close, close, "*/", 11)
	edit("remove the opener", at, at+2, "", 6)
	checkSame(t, "go", h, "after the edits")
}

func TestResultSpansFollowEdits(t *testing.T) {
	text := buffer.FromString("package p\n\nfunc f() {}\n")
	h := lexAll("go", text)
	r := h.Result()
	funcLine := r.Lines[2].Spans
	// Two lines inserted above: the line is found two lines down.
	cur := text.Insert(0, "// a\n// b\n")
	if got := r.Spans(cur, 4); !slices.Equal(got, funcLine) {
		t.Errorf("shifted line: %v, want %v", got, funcLine)
	}
	// A character typed into the line: the tokens after it move along.
	cur = text.Insert(text.LineStart(2)+5, "g")
	got := r.Spans(cur, 2)
	if len(got) != len(funcLine) || got[3].Start != funcLine[3].Start+1 || got[2] != funcLine[2] {
		t.Errorf("typed into the line: %v from %v", got, funcLine)
	}
	var nilResult *Result
	if nilResult.Spans(cur, 0) != nil {
		t.Error("a nil result has spans")
	}
}

func TestLongLineIsCut(t *testing.T) {
	long := "x := \"" + strings.Repeat("a", 1<<20) + "\"\n"
	h := lexAll("go", buffer.FromString("package p\n"+long+"var y = 1\n"))
	sp := h.Result().Lines[1].Spans
	if last := sp[len(sp)-1]; last.Start > MaxCol || last.Type.String() != "None" {
		t.Errorf("the 1 MB line's spans end with %v", last)
	}
	if h.Result().Lines[2].Spans == nil {
		t.Error("the line after a long line is not lexed")
	}
	// A file of one 5 MB line: its start is coloured at once.
	h = NewHighlighter(LexerFor("go"))
	h.SetText(buffer.FromString("var s = \"" + strings.Repeat("é", 5<<19)))
	if !h.Step() || len(h.Result().Lines[0].Spans) < 3 || h.Result().Limited {
		t.Errorf("5 MB line: %v", h.Result().Lines[0].Spans)
	}
}

func TestSizeLimit(t *testing.T) {
	big := goFile(MaxBytes / 10)
	h := NewHighlighter(LexerFor("go"))
	h.SetText(buffer.FromString(big))
	h.Step()
	r := h.Result()
	if !r.Limited || len(r.Lines) > strings.Count(big[:MaxBytes], "\n")+1 {
		t.Errorf("limited %v, %d lines", r.Limited, len(r.Lines))
	}
	if r.Lines[0].Spans == nil {
		t.Error("the first window is not coloured after one step")
	}
}

func TestFallbackLexer(t *testing.T) {
	// A delegating lexer cannot be resumed: it is lexed from the start.
	text := buffer.FromString("<p>{{ .Name }}</p>\n<b>x</b>\n")
	h := lexAll("go-html-template", text)
	if h.lx != nil {
		t.Fatal("go-html-template was rebuilt as resumable")
	}
	if sp := h.Result().Lines[0].Spans; len(sp) < 3 {
		t.Errorf("spans %v", sp)
	}
	text = text.Insert(0, "<i>")
	h.SetText(text)
	for !h.Step() {
	}
	checkSame(t, "go-html-template", h, "fallback edit")
}

// FuzzHighlight: for any text and any edit, the incremental tokens equal
// a lex from scratch, in Go and in Markdown.
func FuzzHighlight(f *testing.F) {
	f.Add("package p\n/* a\n*/ var x = `y\nz`\n", 10, 0, "/*")
	f.Add("# t\n\n```go\nx\n```\n", 4, 2, "`")
	f.Fuzz(func(t *testing.T, text string, off, del int, ins string) {
		if len(text) > 2000 || len(ins) > 20 {
			return
		}
		for _, ft := range []string{"go", "markdown"} {
			r := buffer.FromString(text)
			h := lexAll(ft, r)
			off := min(max(off, 0), r.Len())
			end := min(off+min(max(del, 0), 20), r.Len())
			r = r.Replace(off, end, ins)
			h.SetText(r)
			for !h.Step() {
			}
			checkSame(t, ft, h, "fuzz edit")
		}
	})
}
