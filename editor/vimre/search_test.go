package vimre

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// randomText returns lines of a few words from a small vocabulary, so that
// patterns match often, at line starts and ends, and across lines.
func randomText(r *rand.Rand, lines int) string {
	words := []string{"foo", "bar", "fo", "oo", "x", "é", "", "foobar", "a b", "\t"}
	var b strings.Builder
	for i := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		for range r.IntN(5) {
			b.WriteString(words[r.IntN(len(words))])
			if r.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

// TestSearchBlockIndependence: reading the rope in blocks of any size gives
// the same results as one block holding everything. (The multi-line
// patterns here span at most two lines: a match may run at most one block
// past the block it starts in.)
func TestSearchBlockIndependence(t *testing.T) {
	patterns := []string{"foo", `\<foo\>`, "o\\+", "^", "$", "^$", "x*", "foo\\zsbar", "o\\ze ", "é", `\<`,
		"\\n", "o\\nf", "\\_s\\=b", "$\\n^", "r\\_.b", "[\\n]x"}
	rounds := 3000
	if testkit.RaceEnabled || testing.Short() {
		rounds = 300
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range rounds {
		text := randomText(rng, 1+rng.IntN(60))
		r := buffer.FromString(text)
		pat := patterns[rng.IntN(len(patterns))]
		re := MustCompile(pat, Options{})
		from := rng.IntN(r.Len() + 1)
		backward, wrap := rng.IntN(2) == 0, rng.IntN(3) > 0
		want := searcher{r: r, re: re, block: 1 << 30}
		s0, e0, w0, ok0 := want.search(from, backward, wrap)
		for _, bs := range []int{1, 7, 64, 300} {
			s, e, w, ok := searcher{r: r, re: re, block: bs}.search(from, backward, wrap)
			if s != s0 || e != e0 || w != w0 || ok != ok0 {
				t.Fatalf("round %d: /%s from %d back=%v wrap=%v in %q:\nblock %d: %d-%d wrapped=%v ok=%v\nwhole: %d-%d wrapped=%v ok=%v",
					round, pat, from, backward, wrap, text, bs, s, e, w, ok, s0, e0, w0, ok0)
			}
		}
		if ok0 {
			checkSearchResult(t, r, re, from, backward, w0, s0, e0)
		}
	}
}

// checkSearchResult checks the basic promises of a search result: it is a
// match of the pattern, after the cursor (forward) or before it
// (backward) unless the search wrapped.
func checkSearchResult(t *testing.T, r buffer.Rope, re *Regexp, from int, backward, wrapped bool, s, e int) {
	t.Helper()
	if s < 0 || e < s || e > r.Len() {
		t.Fatalf("/%s: bad span %d-%d of %d", re, s, e, r.Len())
	}
	switch {
	case !wrapped && !backward && s <= from && !(s == from && r.Len() == 0):
		if lineEndAt(r, s) != s || s+1 <= from { // a match at a line end counts as on the last character
			t.Fatalf("/%s from %d: match at %d is not after the cursor", re, from, s)
		}
	case !wrapped && backward && s >= from:
		t.Fatalf("?%s from %d: match at %d is not before the cursor", re, from, s)
	}
	if re.MultiLine() {
		return
	}
	ls := lineStartAt(r, s)
	line := r.Slice(ls, lineEndAt(r, s))
	ms, me, ok := re.FindInLine(line, s-ls)
	if !ok || ms != s-ls || me != e-ls {
		t.Fatalf("/%s: Search gave %d-%d but FindInLine(%q, %d) gives %d-%d %v", re, s, e, line, s-ls, ms+ls, me+ls, ok)
	}
}

// TestSearchBigRope crosses real block boundaries: the only matches sit
// around the 1 MiB marks.
func TestSearchBigRope(t *testing.T) {
	line := strings.Repeat("filler text ", 6) + "\n"
	var b strings.Builder
	for b.Len() < 3*blockSize {
		b.WriteString(line)
	}
	text := []byte(b.String())
	copy(text[blockSize-2:], "ZZZ")      // straddles the first block end
	copy(text[2*blockSize+5:], "QQ\nQQ") // a multi-line match across lines
	r := buffer.FromString(string(text))
	for _, tc := range []struct {
		pat      string
		from     int
		backward bool
		want     int
	}{
		{"ZZZ", 0, false, blockSize - 2},
		{"ZZZ", r.Len(), true, blockSize - 2},
		{"QQ\\nQQ", 0, false, 2*blockSize + 5},
		{"QQ\\nQQ", r.Len(), true, 2*blockSize + 5},
		{"ZZZ", blockSize + 100, false, blockSize - 2}, // wraps
	} {
		re := MustCompile(tc.pat, Options{})
		s, _, _, ok := Search(r, re, tc.from, tc.backward, true)
		if !ok || s != tc.want {
			t.Errorf("/%s from %d back=%v: got %d %v, want %d", tc.pat, tc.from, tc.backward, s, ok, tc.want)
		}
	}
}

func TestSearchEmptyRope(t *testing.T) {
	r := buffer.FromString("")
	s, e, wrapped, ok := Search(r, MustCompile("^", Options{}), 0, false, true)
	if !ok || s != 0 || e != 0 || !wrapped {
		t.Fatalf("/^ in an empty buffer: %d %d %v %v; Vim finds it after wrapping", s, e, wrapped, ok)
	}
	if _, _, _, ok := Search(r, MustCompile("x", Options{}), 0, true, true); ok {
		t.Fatal("found x in an empty buffer")
	}
}

// TestSearchLastLineBreak: as in Vim, \n matches at the end of the last
// line (the buffer's last line has a line break Vim does not store), and
// the match is clipped to the text.
func TestSearchLastLineBreak(t *testing.T) {
	for _, tc := range []struct {
		text, pat  string
		from       int
		backward   bool
		start, end int
		wantFound  bool
	}{
		{"a+b+", "\\n", 0, false, 4, 4, true},
		{"ab\ncd", "\\n", 3, false, 5, 5, true},
		{"ab\ncd", "d\\n", 0, false, 4, 5, true},
		{"ab\ncd", "\\n", 5, true, 2, 3, true},
		{"ab\ncd", "\\n\\n", 0, false, 0, 0, false},
		{"ab", "b$", 0, false, 1, 2, true},
	} {
		re := MustCompile(tc.pat, Options{})
		s, e, _, ok := Search(buffer.FromString(tc.text), re, tc.from, tc.backward, false)
		if ok != tc.wantFound || ok && (s != tc.start || e != tc.end) {
			t.Errorf("/%s from %d in %q (back %v): %d-%d %v, want %d-%d %v",
				tc.pat, tc.from, tc.text, tc.backward, s, e, ok, tc.start, tc.end, tc.wantFound)
		}
	}
}

// TestFindSubmatchAt checks the :s search from a column over many lines:
// leftmost start at or after pos, context before pos, matches across
// lines for multi-line patterns only.
func TestFindSubmatchAt(t *testing.T) {
	text := []byte("foo bar\nbar foo\n")
	for _, tc := range []struct {
		pat  string
		pos  int
		want []int
	}{
		{"bar", 0, []int{4, 7}},
		{"bar", 5, []int{8, 11}},
		{"^bar", 4, []int{8, 11}},
		{"\\<ar", 0, nil},
		{"r\\nb", 0, []int{6, 9}},
		{"\\(o\\)\\n", 0, []int{14, 16, 14, 15}},
		{"foo", 13, nil},
	} {
		got := MustCompile(tc.pat, Options{}).FindSubmatchAt(text, tc.pos)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s at %d: %v, want %v", tc.pat, tc.pos, got, tc.want)
		}
	}
}

// TestHasNL: Vim's re_multiline counts \n and the \_x classes, not line
// breaks inside collections; MultiLine counts them all.
func TestHasNL(t *testing.T) {
	for _, tc := range []struct {
		pat          string
		hasNL, multi bool
	}{
		{`a`, false, false}, {`\n`, true, true}, {`a\nb`, true, true}, {`\_s`, true, true},
		{`\_.`, true, true}, {`[,\n]`, false, true}, {`\_[ab]`, false, true}, {`[^x]`, false, false},
	} {
		re := MustCompile(tc.pat, Options{})
		if re.HasNL() != tc.hasNL || re.MultiLine() != tc.multi {
			t.Errorf("%s: HasNL %v MultiLine %v, want %v %v", tc.pat, re.HasNL(), re.MultiLine(), tc.hasNL, tc.multi)
		}
	}
}
