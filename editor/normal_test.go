package editor

import (
	"strings"
	"testing"
)

// marked splits "te|xt" into the text (file bytes, with a final newline)
// and the cursor position of the '|' marker.
func marked(t *testing.T, s string) (string, Pos) {
	t.Helper()
	i := strings.IndexByte(s, '|')
	if i < 0 {
		t.Fatalf("no cursor marker in %q", s)
	}
	text := s[:i] + s[i+1:]
	before := s[:i]
	line := strings.Count(before, "\n")
	col := len(before) - (strings.LastIndexByte(before, '\n') + 1)
	return text + "\n", Pos{Line: line, Col: col}
}

// mark renders text with the cursor marker.
func mark(text string, p Pos) string {
	lines := strings.Split(text, "\n")
	if p.Line < len(lines) && p.Col <= len(lines[p.Line]) {
		l := lines[p.Line]
		lines[p.Line] = l[:p.Col] + "|" + l[p.Col:]
	}
	return strings.Join(lines, "\n")
}

// editCases are (text with cursor, typed keys, expected text with cursor),
// checked against Vim by TestEditCasesAgainstVim when vim is installed.
var editCases = []struct {
	before, keys, after string
}{
	{"|one two", "x", "|ne two"},
	{"one |two", "dw", "one| "},
	{"one |two three", "dw", "one |three"},
	{"one |two three", "cwX<Esc>", "one |X three"},
	{"|one two three", "2dw", "|three"},
	{"|one two three", "d2w", "|three"},
	{"|a b c d e f g", "2d3w", "|g"},
	{"|foo bar\nbaz", "wdw", "foo| \nbaz"},
	{"a\n|b\nc", "dd", "a\n|c"},
	{"a\nb\n|c", "dd", "a\n|b"},
	{"a\n|b\nc", "yyp", "a\nb\n|b\nc"},
	{"a\n|b\nc", "yyP", "a\n|b\nb\nc"},
	{"|ab", "ylp", "a|ab"},
	{"|one\n  two", "J", "one| two"},
	{"|one.\ntwo", "J", "one.|  two"},
	{"|one\ntwo", "gJ", "one|two"},
	{"|abc", "~~", "AB|c"},
	{"|abc", "3rx", "xx|x"},
	{"|abc", "Ax<Esc>", "abc|x"},
	{"  |abc", "0Ix<Esc>", "  |xabc"},
	{"|abc", "ox<Esc>", "abc\n|x"},
	{"|abc", "Ox<Esc>", "|x\nabc"},
	{"|a", "3ix<Esc>", "xx|xa"},
	{"|one", "A two<Esc>0.", "one two tw|o"},
	{"|x 7 y", "<C-a>", "x |8 y"},
	{"|x 0x0f", "<C-a>", "x 0x1|0"},
	{"|x -1", "2<C-a>", "x |1"},
	{"|(a [b] c)", "%", "(a [b] c|)"},
	{"|a\n\nb\nc", "}", "a\n|\nb\nc"},
	{"|one two", "fo", "one tw|o"},
	{"|a,b,c", "t,;", "a,|b,c"},
	{"|foo(bar)", "fbdi(", "foo(|)"},
	{"|foo \"bar\" x", "ci\"q<Esc>", "foo \"|q\" x"},
	{"one |two three", "daw", "one |three"},
	{"|abc def", "veU", "|ABC def"},
	{"|ab\ncd", "<C-v>jd", "|b\nd"},
	{"|ab\ncd", "<C-v>jIX<Esc>", "|Xab\nXcd"},
	{"|a\nb", ">>", "\t|a\nb"},
	{"|a\nb", "Vj>", "\t|a\n\tb"},
	{"|one\ntwo", "qaA!<Esc>jq@a", "one!\ntwo|!"},
	{"|one two", "wi<C-w>x<Esc>", "|xtwo"},
	{"|ab", "Rxyz<Esc>", "xy|z"},
	{"|ab", "Rx<BS><Esc>", "|ab"},
	{"|one\ntwo", "ddu", "|one\ntwo"},
	{"|foo bar foo", "*", "foo bar |foo"},
	{"|foo bar foo", "/bar<CR>", "foo |bar foo"},
	{"|foo bar foo", "d/bar<CR>", "|bar foo"},
	{"|ab\ncd", ":2<CR>", "ab\n|cd"},
	{"|aaa\nbab", ":%s/a/x/g<CR>", "xxx\n|bxb"},
	{"|a\nb\nc", ":2,3d<CR>", "|a"},
	{"|a\nb\nc", ":1m$<CR>", "b\nc\n|a"},
	{"|\tx", "j", "|\tx"},
	{"|abc\nd", "$jk", "ab|c\nd"},
}

func TestEditCases(t *testing.T) {
	for _, tc := range editCases {
		text, cur := marked(t, tc.before)
		e := newTestEditor(text)
		e.win.cur = cur
		e.Feed(MustParseKeys(tc.keys), true)
		e.EndStep()
		got := mark(e.text().String(), e.win.cur)
		if got != tc.after {
			t.Errorf("%q + %q:\n got  %q\n want %q", tc.before, tc.keys, got, tc.after)
		}
	}
}

// TestEditCasesAgainstVim checks the expectations of editCases themselves
// against the installed Vim.
func TestEditCasesAgainstVim(t *testing.T) {
	needVim(t)
	if testing.Short() {
		t.Skip("starts vim; skipped with -short")
	}
	for _, tc := range editCases {
		text, cur := marked(t, tc.before)
		// Move to the marker with typed motions, then type the keys.
		move := ""
		if cur.Line > 0 {
			move += itoa(cur.Line) + "j"
		}
		move += "0"
		if cur.Col > 0 {
			move = strings.TrimSuffix(move, "0") + "0" + itoa(cur.Col) + "l"
		}
		res, err := runVim(t, text, []string{move, tc.keys})
		if err != nil {
			t.Fatalf("%q: %v", tc.keys, err)
		}
		w := res[1]
		got := mark(strings.Join(w.Lines, "\n"), Pos{Line: w.Cursor[0] - 1, Col: w.Cursor[1] - 1})
		if got != tc.after {
			t.Errorf("vim: %q + %q gives %q, the table says %q", tc.before, tc.keys, got, tc.after)
		}
	}
}
