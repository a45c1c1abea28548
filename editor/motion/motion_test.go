package motion

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// Table tests for the motions other than words, in Vim's terms. Every
// expectation is Vim 9.0's answer: `go test -vim` checks them all against
// the installed vim. The golden-file test covers thousands more.

func TestFindInLine(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		count  int
		kind   byte
		ch     string
		repeat bool
		ok     bool
	}{
		{"f", "|a b ^c d", 1, 'f', "c", false, true},
		{"t", "|a b^ c d", 1, 't', "c", false, true},
		{"F", "a ^b c |d", 1, 'F', "b", false, true},
		{"T", "a b^ c |d", 1, 'T', "b", false, true},
		{"count", "|x a a ^a", 3, 'f', "a", false, true},
		{"not found", "|abc", 1, 'f', "z", false, false},
		{"too few", "|a.b.c", 3, 'f', ".", false, false},
		{"stays on line", "|ab\ncd", 1, 'f', "c", false, false},
		{"t adjacent", "|.x", 1, 't', "x", false, true},
		{"; after t skips adjacent", "|.x.^.x", 1, 't', "x", true, true},
		{"2; after t does not skip", "|.x^.x", 2, 't', "x", true, true},
		{"wide char", "|a 漢^字", 1, 'f', "字", false, true},
		{"base matches composed", "|x ^e\u0301", 1, 'f', "e", false, true},
		{"emoji cluster", "|a ^👍🏽 b", 1, 'f', "👍🏽", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, start, want := marked(t, c.in)
			got, ok := FindInLine(buffer.FromString(text), start, c.count, c.kind, c.ch, c.repeat)
			if ok != c.ok || got != want {
				t.Errorf("%q: got (%d, %v), want (%d, %v)", text, got, ok, want, c.ok)
			}
			keys := countKeys(c.count) + string(c.kind) + c.ch
			if c.repeat {
				// The first t/T does not move (its target is adjacent),
				// then ; repeats it.
				keys = string(c.kind) + c.ch + countKeys(c.count) + ";"
			}
			vimCheck.add(t, text, start, keys, want)
		})
	}
}

func countKeys(n int) string {
	if n <= 1 {
		return ""
	}
	return strconv.Itoa(n)
}

func TestMatchPair(t *testing.T) {
	cases := []struct {
		name, in string
		ok       bool
	}{
		{"on open", "|(a ^)", true},
		{"on close", "^(a |)", true},
		{"first bracket after cursor", "|x = f(a^)", true},
		{"nested", "|(a (b) ^)", true},
		{"across lines", "|{\n  x\n^}", true},
		{"skips quoted", "|(\")\" ^)", true},
		{"skips char literal", "|(')' ^)", true},
		{"skips escaped", `|(\) ^)`, true},
		{"none on line", "|abc", false},
		{"unmatched", "|(abc", false},
		{"C comment", "|/* x *^/", true},
		{"C comment back", "^/* x *|/", true},
		{"preprocessor", "|#if X\nx\n^#endif", true},
		{"preprocessor else", "|#if X\n^#else\n#endif", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, start, want := marked(t, c.in)
			got, ok := MatchPair(buffer.FromString(text), start)
			if ok != c.ok || got != want {
				t.Errorf("%q: got (%d, %v), want (%d, %v)", text, got, ok, want, c.ok)
			}
			vimCheck.add(t, text, start, "%", want)
		})
	}
}

func TestParagraph(t *testing.T) {
	fwd := func(r buffer.Rope, off, count int) int { return ParagraphForward(r, off, count) }
	back := func(r buffer.Rope, off, count int) int { return ParagraphBackward(r, off, count) }
	runWordCases(t, "}", fwd, []wordCase{
		{"to empty line", "|a\nb\n^\nc", 1},
		{"from empty line skips paragraph", "a\n|\nb\n^\nc", 1},
		{"end of text is last char", "|a\nbc^d", 1},
		{"count", "|a\n\nb\n^\nc", 2},
		{"too many counts stays", "|a\n\nb", 3},
		{"form feed line", "|a\n^\f\nb", 1},
		{"nroff macro", "|a\n^.PP\nb", 1},
		{"blank line is not empty", "|a\n \n^\nb", 1},
	})
	runWordCases(t, "{", back, []wordCase{
		{"to empty line", "a\n^\nb\n|c", 1},
		{"to start", "^a\nb\n|c", 1},
		{"count", "a\n^\nb\n\nc|", 2},
		{"one-line text goes to its last character", "wo|r^d", 1},
		{"one-line text from its start", "|wor^d", 1},
	})
}

func TestSentence(t *testing.T) {
	fwd := func(r buffer.Rope, off, count int) int { return SentenceForward(r, off, count) }
	back := func(r buffer.Rope, off, count int) int { return SentenceBackward(r, off, count) }
	runWordCases(t, ")", fwd, []wordCase{
		{"next sentence", "|One two. ^Three.", 1},
		{"closing punctuation", "|One.) ^Two.", 1},
		{"needs blank after dot", "|e.g.x and. ^Y", 1},
		{"end of line ends sentence", "|One.\n^Two.", 1},
		{"empty line is a boundary", "|One\n^\nTwo", 1},
		{"count", "|A. B. ^C.", 2},
		{"last sentence goes to end", "|A. B^.", 2},
	})
	runWordCases(t, "(", back, []wordCase{
		{"start of sentence", "One. ^Two |three.", 1},
		{"previous sentence", "^One. |Two.", 1},
		{"to start of text", "^One two|", 1},
	})
}

// objCase is a text object case: in marks the cursor with '|' and the
// expected range with '‹' and '›'.
type objCase struct {
	name, in, obj string
	count         int
	kind          Kind
	fail          bool
}

func runObjCases(t *testing.T, cases []objCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := strings.NewReplacer("‹", "\x01", "›", "\x02").Replace(c.in)
			var b strings.Builder
			cur, s, e := -1, -1, -1
			for i := 0; i < len(in); i++ {
				switch in[i] {
				case '|':
					cur = b.Len()
				case 1:
					s = b.Len()
				case 2:
					e = b.Len()
				default:
					b.WriteByte(in[i])
				}
			}
			text := b.String()
			got, ok := TextObject(buffer.FromString(text), cur, c.obj, max(c.count, 1), nil)
			if c.fail {
				if ok {
					t.Errorf("%q %s: got %+v, want failure", text, c.obj, got)
				}
				vimCheck.addYank(t, text, cur, "y"+countKeys(c.count)+c.obj, result{})
				return
			}
			want := Range{Start: s, End: e, Kind: c.kind}
			if !ok || got != want {
				t.Errorf("%q %s: got %+v %v, want %+v", text, c.obj, got, ok, want)
			}
			d := &driver{t: t, r: buffer.FromString(text)}
			res := d.yank(want)
			vimCheck.addYank(t, text, cur, "y"+countKeys(c.count)+c.obj, res)
		})
	}
}

func TestWordObjects(t *testing.T) {
	runObjCases(t, []objCase{
		{"iw", "a ‹fo|o› b", "iw", 1, Inclusive, false},
		{"iw on blanks", "a‹ |  ›b", "iw", 1, Inclusive, false},
		{"aw takes trailing white", "a ‹fo|o  ›b", "aw", 1, Inclusive, false},
		{"aw takes leading white at end", "a‹  fo|o›", "aw", 1, Inclusive, false},
		{"aw keeps indent", "‹fo|o›", "aw", 1, Inclusive, false},
		{"iw count", "‹|a b› c", "iw", 3, Inclusive, false},
		{"aW", "x ‹a.|b  ›c", "aW", 1, Inclusive, false},
		{"iw punctuation", "a‹..|.›b", "iw", 1, Inclusive, false},
	})
}

func TestBlockObjects(t *testing.T) {
	runObjCases(t, []objCase{
		{"i(", "f(‹a, |b›)", "i(", 1, Inclusive, false},
		{"a(", "f‹(a, |b)›", "a(", 1, Inclusive, false},
		{"ib nested count", "(‹a (|b) c›)", "ib", 2, Inclusive, false},
		{"i( on open paren", "f(‹|a›)", "i(", 1, Inclusive, false},
		{"i( before block selects next", "|f(‹a›)", "i(", 1, Inclusive, false},
		{"i( multi-line excludes line breaks", "f(\n‹  |a,\n  b\n›)", "i(", 1, Exclusive, false},
		{"i{ ignores indent before", "if x {\n‹\ty|\n›}", "i{", 1, Exclusive, false},
		{"a[", "x ‹[1, |2]›", "a[", 1, Inclusive, false},
		{"i< ", "‹<a |b>›", "a<", 1, Inclusive, false},
		{"empty block", "f(‹›|)", "i(", 1, Exclusive, false},
		{"no block", "a |b", "i(", 1, Exclusive, true},
		{"too many levels", "(|a)", "i(", 2, Exclusive, true},
	})
}

func TestQuoteObjects(t *testing.T) {
	runObjCases(t, []objCase{
		{"i\"", `x "‹a |b›" y`, `i"`, 1, Exclusive, false},
		{"a\" trailing white", `x ‹"a |b" ›y`, `a"`, 1, Exclusive, false},
		{"a\" leading white", `x‹ "a |b"›`, `a"`, 1, Inclusive, false},
		{"escaped quote", `"‹a \" |b›"`, `i"`, 1, Exclusive, false},
		{"before first quote", `|x "‹ab›"`, `i"`, 1, Exclusive, false},
		{"on closing quote", `"a" x "‹b›|"`, `i"`, 1, Exclusive, false},
		{"2i\" includes quotes", `x ‹"a |b"› y`, `i"`, 2, Exclusive, false},
		{"i'", `'‹|a›'`, "i'", 1, Exclusive, false},
		{"i`", "`‹a|›`", "i`", 1, Exclusive, false},
		{"unbalanced", `a "|b`, `i"`, 1, Exclusive, true},
		{"other line", "\"a\"\n|b", `i"`, 1, Exclusive, true},
	})
}

func TestSentenceParagraphObjects(t *testing.T) {
	runObjCases(t, []objCase{
		{"is", "A. ‹B |c.› D.", "is", 1, Exclusive, false},
		{"as", "A. ‹B |c. ›D.", "as", 1, Exclusive, false},
		{"ip", "a\n\n‹b\n|c›\n\nd", "ip", 1, Linewise, false},
		{"ap", "a\n\n‹b\n|c\n›\nd", "ap", 1, Linewise, false},
		{"ip on blank lines", "a\n‹\n|›\nb", "ip", 1, Linewise, false},
		{"ap at end takes blank lines before", "a\n‹\nb|›", "ap", 1, Linewise, false},
		{"ip count", "‹a|\n\nb›\n\nc", "ip", 3, Linewise, false},
	})
}
