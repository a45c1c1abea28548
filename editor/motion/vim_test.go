package motion

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kjx-editor/kjx/buffer"
)

// The Vim-differential test: testdata/vim_golden.json holds random texts,
// start positions and key sequences with the result the real Vim gave.
// `go test -run TestVimGolden -update` regenerates it with the installed
// vim; the test itself never needs vim.

var update = flag.Bool("update", false, "regenerate testdata/vim_golden.json by running vim")

const goldenPath = "testdata/vim_golden.json"

// vimCase is one differential case. Text is the buffer (lines joined by
// '\n', written to Vim line by line); Off the start byte offset; Keys the
// Normal-mode keys. For motions Vim's cursor is recorded in Want; for text
// objects (keys starting with "y") the yanked text, its type and start.
type vimCase struct {
	Text    string `json:"text"`
	Off     int    `json:"off"`
	Keys    string `json:"keys"`
	Want    int    `json:"want"`              // cursor offset after the keys
	Yank    string `json:"yank,omitempty"`    // yanked text (text objects)
	RegType string `json:"regtype,omitempty"` // "v", "V" or "" when nothing was yanked
}

// lineCol converts a byte offset to Vim's 1-based line and byte column.
func lineCol(text string, off int) (int, int) {
	l := strings.Count(text[:off], "\n")
	return l + 1, off - (strings.LastIndexByte(text[:off], '\n') + 1) + 1
}

// offsetOf converts Vim's 1-based line and column back to a byte offset.
func offsetOf(text string, line, col int) int {
	off := 0
	for i := 1; i < line; i++ {
		off += strings.IndexByte(text[off:], '\n') + 1
	}
	return off + col - 1
}

const vimDriver = `set encoding=utf-8
set nocompatible
let s:in = json_decode(join(readfile($KJX_IN), "\n"))
let s:out = []
for s:c in s:in
  silent %delete _
  call setline(1, split(s:c.text, "\n", 1))
  call cursor(s:c.line, s:c.col)
  call setreg('"', 'kjx-sentinel', 'v')
  try
    silent! exe "normal! " . s:c.keys
  catch
  endtry
  let s:r = {'line': line('.'), 'col': col('.')}
  if s:c.keys[0] == 'y'
    let s:y = getreg('"')
    if s:y !=# 'kjx-sentinel'
      let s:r.yank = s:y
      let s:r.regtype = getregtype('"')
      let s:r.sline = line("'[")
      let s:r.scol = col("'[")
    endif
  endif
  call add(s:out, s:r)
endfor
call writefile([json_encode(s:out)], $KJX_OUT)
qa!
`

// runVim runs every case through one Vim process and fills in the results.
func runVim(t *testing.T, cases []vimCase) {
	t.Helper()
	dir := t.TempDir()
	type in struct {
		Text string `json:"text"`
		Line int    `json:"line"`
		Col  int    `json:"col"`
		Keys string `json:"keys"`
	}
	ins := make([]in, len(cases))
	for i, c := range cases {
		l, col := lineCol(c.Text, c.Off)
		ins[i] = in{c.Text, l, col, c.Keys}
	}
	data, err := json.Marshal(ins)
	if err != nil {
		t.Fatal(err)
	}
	inPath, outPath, script := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json"), filepath.Join(dir, "driver.vim")
	if err := os.WriteFile(inPath, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(vimDriver), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", script)
	cmd.Env = append(os.Environ(), "KJX_IN="+inPath, "KJX_OUT="+outPath)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("vim: %v: %s", err, out)
	}
	raw, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatalf("vim wrote no results: %v", err)
	}
	var outs []struct {
		Line, Col   int
		Yank        *string
		RegType     string
		SLine, SCol int
	}
	if err := json.Unmarshal(raw, &outs); err != nil {
		t.Fatalf("decode vim results: %v", err)
	}
	if len(outs) != len(cases) {
		t.Fatalf("vim returned %d results for %d cases", len(outs), len(cases))
	}
	for i := range cases {
		o := outs[i]
		cases[i].Want = offsetOf(cases[i].Text, o.Line, o.Col)
		if o.Yank != nil {
			cases[i].Yank = *o.Yank
			cases[i].RegType = o.RegType
			cases[i].Want = offsetOf(cases[i].Text, o.SLine, o.SCol)
		}
	}
}

// apply runs keys through the package's API, mirroring what the editor
// does for each key in Normal mode: it returns the new cursor, or for "y"
// + text object the yanked text and its type.
func apply(t *testing.T, r buffer.Rope, off int, keys string) (cur int, yank, regtype string) {
	t.Helper()
	for keys != "" {
		count, rest := splitCount(keys)
		var n int
		cur, n, yank, regtype = applyOne(t, r, off, max(count, 1), rest)
		keys = rest[n:]
		off = cur
	}
	return off, yank, regtype
}

func splitCount(keys string) (int, string) {
	i := 0
	for i < len(keys) && keys[i] >= '0' && keys[i] <= '9' && !(i == 0 && keys[i] == '0') {
		i++
	}
	if i == 0 {
		return 0, keys
	}
	n, _ := strconv.Atoi(keys[:i])
	return n, keys[i:]
}

// applyOne applies the first command of keys and reports how many bytes of
// keys it used.
func applyOne(t *testing.T, r buffer.Rope, off, count int, keys string) (int, int, string, string) {
	t.Helper()
	line := r.LineOf(off)
	two := keys
	if len(two) > 2 {
		two = two[:2]
	}
	switch two {
	case "ge":
		return WordEndBackward(r, off, count, false), 2, "", ""
	case "gE":
		return WordEndBackward(r, off, count, true), 2, "", ""
	case "g_":
		return LineLastNonBlank(r, min(line+count-1, r.Newlines())), 2, "", ""
	}
	switch keys[0] {
	case 'w', 'W':
		return WordForward(r, off, count, keys[0] == 'W'), 1, "", ""
	case 'b', 'B':
		return WordBackward(r, off, count, keys[0] == 'B'), 1, "", ""
	case 'e', 'E':
		return WordEnd(r, off, count, keys[0] == 'E'), 1, "", ""
	case '^':
		return LineFirstNonBlank(r, line), 1, "", ""
	case '0':
		return r.LineStart(line), 1, "", ""
	case '$':
		return LineLastChar(r, min(line+count-1, r.Newlines())), 1, "", ""
	}
	t.Fatalf("test driver: unknown keys %q", keys)
	return 0, 0, "", ""
}

// genText returns a random text mixing ASCII words, punctuation, blanks,
// empty lines, CJK, kana, emoji (with ZWJ sequences), combining marks and
// brackets and quotes.
func genText(rng *rand.Rand) string {
	atoms := []string{
		"foo", "bar", "x", "id_9", "Été", "naïve", "e\u0301", "a\u0308b",
		" ", " ", " ", "  ", "\t", "\u00a0", "\u3000",
		".", ",", "!", "?", "-", "->", "::", "#", "\"", "'", "`", "\\",
		"(", ")", "[", "]", "{", "}", "<", ">",
		"漢字", "中", "ひらがな", "カタカナ", "한글",
		"😀", "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷", "❤\ufe0f",
		"\n", "\n", "\n\n", ". ", "! ", "? ", ".) ",
	}
	n := 3 + rng.IntN(25)
	var b strings.Builder
	for range n {
		b.WriteString(atoms[rng.IntN(len(atoms))])
	}
	return b.String()
}

// clusterStarts lists the cluster starts of s in this package's model.
func clusterStarts(r buffer.Rope) []int {
	var out []int
	for p := 0; p < r.Len(); p = NextGrapheme(r, p) {
		out = append(out, p)
	}
	return append(out, r.Len())
}

func genCases(rng *rand.Rand) []vimCase {
	motions := []string{"w", "b", "e", "ge", "W", "B", "E", "gE", "^", "$", "g_", "0",
		"2w", "3b", "2e", "3ge", "2W", "2B", "3E", "2gE", "5w", "4b"}
	var cases []vimCase
	for range 500 {
		text := genText(rng)
		starts := clusterStarts(buffer.FromString(text))
		starts = starts[:len(starts)-1]
		if len(starts) == 0 {
			starts = []int{0}
		}
		for range 3 {
			off := starts[rng.IntN(len(starts))]
			if off < len(text) && text[off] == '\n' && off > 0 && text[off-1] != '\n' {
				continue // Vim's cursor cannot rest on a line's NUL
			}
			cases = append(cases, vimCase{Text: text, Off: off, Keys: motions[rng.IntN(len(motions))]})
		}
	}
	return cases
}

func TestVimGolden(t *testing.T) {
	if *update {
		if _, err := exec.LookPath("vim"); err != nil {
			t.Fatalf("-update needs vim: %v", err)
		}
		cases := genCases(rand.New(rand.NewPCG(1, 2)))
		runVim(t, cases)
		data, err := json.MarshalIndent(cases, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("read golden file: %v", err)
	}
	var cases []vimCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatalf("decode %s: %v", goldenPath, err)
	}
	compared, divergent := 0, 0
	for i, c := range cases {
		r := buffer.FromString(c.Text)
		got, yank, regtype := apply(t, r, c.Off, c.Keys)
		lo, hi := min(c.Off, c.Want, got), max(c.Off, c.Want, got)
		if splitByVim(r, lo, hi) {
			// A grapheme cluster on the way is several characters for
			// Vim 9.0 (ZWJ sequences, emoji modifiers, flags): the
			// models differ by design, so Vim's answer is no oracle.
			divergent++
			continue
		}
		compared++
		if got != c.Want || yank != c.Yank || regtype != c.RegType {
			t.Errorf("case %d: %q from %d keys %q: got %d %q %q, vim %d %q %q",
				i, c.Text, c.Off, c.Keys, got, yank, regtype, c.Want, c.Yank, c.RegType)
		}
	}
	t.Logf("%d cases compared with Vim, %d skipped: a cluster on the way is several characters for Vim", compared, divergent)
	if compared < len(cases)*3/4 {
		t.Errorf("only %d of %d cases comparable", compared, len(cases))
	}
}

// splitByVim reports whether a cluster overlapping [lo, hi] holds a rune
// after its first that is not a combining mark: Vim treats such a cluster as
// several characters while this package treats it as one.
func splitByVim(r buffer.Rope, lo, hi int) bool {
	for p, _ := GraphemeAt(r, lo); p <= hi && p < r.Len(); {
		_, e := GraphemeAt(r, p)
		for i, rn := range r.SliceString(p, e) {
			if i > 0 && !unicode.In(rn, unicode.Mn, unicode.Mc, unicode.Me) {
				return true
			}
		}
		p = e
	}
	return false
}
