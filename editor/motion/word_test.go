package motion

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// marked splits a test text holding the markers '|' (start) and '^'
// (expected result; omitted when equal to the start) into the text and the
// two byte offsets.
func marked(t *testing.T, s string) (text string, start, want int) {
	t.Helper()
	start, want = -1, -1
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '|':
			start = b.Len()
		case '^':
			want = b.Len()
		default:
			b.WriteByte(s[i])
		}
	}
	if start < 0 {
		t.Fatalf("no start marker in %q", s)
	}
	if want < 0 {
		want = start
	}
	return b.String(), start, want
}

type wordCase struct {
	name  string
	in    string // '|' start, '^' expected
	count int
}

// runWordCases runs table cases of a motion f whose Vim keys are keys.
func runWordCases(t *testing.T, keys string, f func(r buffer.Rope, off, count int) int, cases []wordCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, start, want := marked(t, c.in)
			got := f(buffer.FromString(text), start, max(c.count, 1))
			if got != want {
				t.Errorf("%q from %d: got %d, want %d", text, start, got, want)
			}
			vimCheck.add(t, text, start, countKeys(c.count)+keys, want)
		})
	}
}

func TestWordForward(t *testing.T) {
	w := func(big bool) func(r buffer.Rope, off, count int) int {
		return func(r buffer.Rope, off, count int) int { return WordForward(r, off, count, big) }
	}
	runWordCases(t, "w", w(false), []wordCase{
		{"next word", "|foo ^bar", 1},
		{"punctuation is a word", "|foo^.bar", 1},
		{"from punctuation", "foo|.^bar", 1},
		{"count", "|a b ^c d", 2},
		{"stops at empty line", "fo|o\n^\nbar", 1},
		{"crosses line", "fo|o\n  ^bar", 1},
		{"last word goes to last char", "foo |ba^r", 1},
		{"last char stays", "foo ba|r", 1},
		{"trailing blanks at end", "|foo  ^ ", 1},
		{"count past end", "|a b^c", 5},
		{"empty text", "|", 1},
		{"cjk is its own class", "|ab^漢字", 1},
		{"hiragana vs kanji", "|漢字^ひらがな", 1},
		{"combining mark", "|e\u0301e ^x", 1},
		{"tab separated", "|a\t^b", 1},
	})
	runWordCases(t, "W", w(true), []wordCase{
		{"WORD skips punctuation", "|foo.bar ^baz", 1},
		{"WORD count", "|a.b c.d ^e", 2},
	})
}

func TestWordBackward(t *testing.T) {
	b := func(big bool) func(r buffer.Rope, off, count int) int {
		return func(r buffer.Rope, off, count int) int { return WordBackward(r, off, count, big) }
	}
	runWordCases(t, "b", b(false), []wordCase{
		{"previous word", "^foo |bar", 1},
		{"inside word", "^fo|o", 1},
		{"start stays", "|foo", 1},
		{"punctuation", "foo^.|bar", 1},
		{"stops at empty line", "foo\n^\n|bar", 1},
		{"across line", "^foo\n  |bar", 1},
		{"count", "^a b c |d", 3},
	})
	runWordCases(t, "B", b(true), []wordCase{
		{"WORD", "^foo.bar |baz", 1},
	})
}

func TestWordEnd(t *testing.T) {
	e := func(big bool) func(r buffer.Rope, off, count int) int {
		return func(r buffer.Rope, off, count int) int { return WordEnd(r, off, count, big) }
	}
	runWordCases(t, "e", e(false), []wordCase{
		{"end of word", "|fo^o bar", 1},
		{"next word end", "fo|o ba^r", 1},
		{"punctuation", "|fo^o.bar", 1},
		{"skips empty lines", "fo|o\n\nba^r", 1},
		{"at last end stays", "foo ba|r", 1},
		{"count", "|a bb c^c", 3},
	})
	runWordCases(t, "E", e(true), []wordCase{
		{"WORD", "|foo.ba^r x", 1},
	})
}

func TestWordEndBackward(t *testing.T) {
	ge := func(big bool) func(r buffer.Rope, off, count int) int {
		return func(r buffer.Rope, off, count int) int { return WordEndBackward(r, off, count, big) }
	}
	runWordCases(t, "ge", ge(false), []wordCase{
		{"previous end", "fo^o b|ar", 1},
		{"punctuation", "foo^.|bar", 1},
		{"stops at empty line", "foo\n^\n|bar", 1},
		{"start stays", "|foo", 1},
		{"to start", "^  |foo", 1},
	})
	runWordCases(t, "gE", ge(true), []wordCase{
		{"WORD", "a.^b c.|d", 1},
	})
}

func TestLineMotions(t *testing.T) {
	const text = "  foo bar  \n\n\t \nx"
	r := buffer.FromString(text)
	cases := []struct {
		keys string
		f    func(buffer.Rope, int) int
		line int
		want int
	}{
		{"^", LineFirstNonBlank, 0, 2},
		{"^", LineFirstNonBlank, 1, 12},
		{"^", LineFirstNonBlank, 2, 14}, // all blank: the last blank
		{"$", LineLastChar, 0, 10},
		{"$", LineLastChar, 1, 12},
		{"$", LineLastChar, 3, 16},
		{"g_", LineLastNonBlank, 0, 8},
		{"g_", LineLastNonBlank, 2, 13}, // all blank: the line start
		{"g_", LineLastNonBlank, 1, 12},
	}
	for _, c := range cases {
		if got := c.f(r, c.line); got != c.want {
			t.Errorf("%s line %d: got %d, want %d", c.keys, c.line, got, c.want)
		}
		vimCheck.add(t, text, r.LineStart(c.line), c.keys, c.want)
	}
}
