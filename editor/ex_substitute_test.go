package editor

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// TestConfirmView checks what the UI sees while :s///c waits: the mode,
// the match as rope offsets and the prompt, and that it goes away after.
func TestConfirmView(t *testing.T) {
	e := newTestEditor("ab cab\nab\n")
	e.Feed(MustParseKeys(":%s/ab/X/gc<CR>n"), true)
	v := e.TakeView()
	if v.Mode != ModeConfirm || !v.Confirm.Active {
		t.Fatalf("mode %v, confirm %+v: want a prompt", v.Mode, v.Confirm)
	}
	if v.Confirm.Match != [2]int{4, 6} || v.Cursor != (Pos{Line: 0, Col: 4}) {
		t.Errorf("second match: got %v cursor %v, want [4 6] at 0:4", v.Confirm.Match, v.Cursor)
	}
	if v.Confirm.Prompt != "replace with X (y/n/a/q/l/^E/^Y)?" {
		t.Errorf("prompt %q", v.Confirm.Prompt)
	}
	e.Feed(MustParseKeys("y"), true)
	v = e.TakeView()
	// "ab cX" + "\n" + "ab": the third match moved by the replacement.
	if !v.Confirm.Active || v.Confirm.Match != [2]int{6, 8} {
		t.Fatalf("after y: %+v, want the match at [6 8]", v.Confirm)
	}
	if got := v.Text.SliceString(v.Confirm.Match[0], v.Confirm.Match[1]); got != "ab" {
		t.Errorf("the match range shows %q", got)
	}
	e.Feed(MustParseKeys("q"), true)
	if v = e.TakeView(); v.Mode != ModeNormal || v.Confirm.Active {
		t.Errorf("after q: mode %v confirm %+v", v.Mode, v.Confirm)
	}
}

// TestConfirmViewPending: replacements accepted in the line being asked
// about are shown, not yet in the buffer (Vim saves the line when it
// leaves it), and go in when the command ends.
func TestConfirmViewPending(t *testing.T) {
	e := newTestEditor("ab ab ab\n")
	e.Feed(MustParseKeys(":s/ab/XYZ/gc<CR>y"), true)
	v := e.TakeView()
	if got := v.Text.String(); got != "XYZ ab ab" || v.Confirm.Match != [2]int{4, 6} || v.Cursor != (Pos{Col: 4}) {
		t.Errorf("shown %q match %v cursor %v, want \"XYZ ab ab\" [4 6] at 0:4", got, v.Confirm.Match, v.Cursor)
	}
	if got := e.text().String(); got != "ab ab ab" {
		t.Errorf("buffer %q before the line is left", got)
	}
	e.Feed(MustParseKeys("ny"), true)
	if got := e.text().String(); got != "XYZ ab XYZ" || e.Mode() != ModeNormal {
		t.Errorf("after n y: %q mode %v", got, e.Mode())
	}
}

// TestConfirmAcrossSteps answers a prompt started by an Ex command (a
// headless -c step) in later key steps, and checks that a step running
// out of keys answers <Esc>.
func TestConfirmAcrossSteps(t *testing.T) {
	e := newTestEditor("a a a\n")
	e.ExecEx("s/a/X/gc")
	if e.Mode() != ModeConfirm {
		t.Fatalf("mode %v after -c, want confirm", e.Mode())
	}
	e.Feed(MustParseKeys("y"), true)
	e.EndStep()
	if got := e.state().Lines[0]; got != "X a a" || e.Mode() != ModeNormal {
		t.Errorf("after y and the end of the step: %q mode %v, want \"X a a\" normal", got, e.Mode())
	}
}

// TestConfirmNotTyped checks that answers that are not typed (-s, :normal)
// leave the whole :s one undo step, and that replacing nothing makes none.
func TestConfirmNotTyped(t *testing.T) {
	for _, tc := range []struct {
		keys  string
		lines string
		seq   int
	}{
		{":%s/a/X/gc<CR>yyyy", "X X\nb X\n  X", 1},
		{":%s/a/X/gc<CR>nnnn", "a a\nb a\n  a", 0},
		{":%s/a/X/gc<CR>ynyq", "X a\nb X\n  a", 1},
	} {
		e := newTestEditor("a a\nb a\n  a\n")
		e.Feed(MustParseKeys(tc.keys), false)
		e.EndStep()
		st := e.state()
		if got := strings.Join(st.Lines, "\n"); got != tc.lines || st.SeqLast != tc.seq {
			t.Errorf("%s: %q seq %d, want %q seq %d", tc.keys, got, st.SeqLast, tc.lines, tc.seq)
		}
	}
}

// TestSubstituteScanModel checks the scan path (used by :s///c, by
// patterns that match a line break and by non-literal patterns) against
// the per-line path on random single-line patterns: the same text,
// counts, last line and undo steps, and :%s///gc answered a ends the same
// way as :%s///g.
func TestSubstituteScanModel(t *testing.T) {
	pats := []string{"a", "a*", "b\\+", "^", "$", "\\<a", "a\\>", "x\\|ab", "\\zsb", "a\\zeb", "[ab]\\{2}", ".", "\\s*", "\\(a\\)\\(b\\)\\="}
	reps := []string{"X", "", "\\1&", "\\u&-", "\\r"}
	rng := rand.New(rand.NewSource(7))
	n := 400
	if testing.Short() || testkit.RaceEnabled {
		n = 100
	}
	for i := 0; i < n; i++ {
		var lines []string
		for j := rng.Intn(5) + 1; j > 0; j-- {
			var b strings.Builder
			for k := rng.Intn(8); k > 0; k-- {
				b.WriteByte("ab x"[rng.Intn(4)])
			}
			lines = append(lines, b.String())
		}
		text := strings.Join(lines, "\n") + "\n"
		pat, rep := pats[rng.Intn(len(pats))], reps[rng.Intn(len(reps))]
		global := rng.Intn(2) == 0
		if d := comparePaths(text, pat, rep, global); d != "" {
			t.Fatalf("text %q, s/%s/%s/ g=%v: %s", text, pat, rep, global, d)
		}
		flags := map[bool]string{true: "g", false: ""}[global]
		cmd := fmt.Sprintf(":%%s/%s/%s/%s", pat, rep, flags)
		if want, got := runSub(text, cmd+"<CR>"), runSub(text, cmd+"c<CR>a"); got != want {
			t.Fatalf("text %q, %s:\n  without c %s\n  c, a      %s", text, cmd, want, got)
		}
	}
}

// comparePaths runs one :%s over text with substituteLines and with
// substituteScan and describes the first difference ("" when none).
func comparePaths(text, pat, rep string, global bool) string {
	line := newTestEditor(text)
	scan := newTestEditor(text)
	re, err := line.compilePattern(pat)
	if err != nil {
		return "" // both paths report the same compile error
	}
	last := lineCount(line.text()) - 1
	r1, err1 := line.substituteLines(re, pat, rep, 0, last, global, false, true, false)
	r2, err2 := scan.substituteScan(&subSpec{re: re, pat: pat, rep: rep, l1: 0, l2: last, global: global, magic: true})
	t1, t2 := line.text().String(), scan.text().String()
	s1, s2 := line.buf().tree.SeqLast(), scan.buf().tree.SeqLast()
	if t1 != t2 || r1 != r2 || (err1 == nil) != (err2 == nil) || s1 != s2 {
		return fmt.Sprintf("per line %q %+v %v seq %d; scan %q %+v %v seq %d", t1, r1, err1, s1, t2, r2, err2, s2)
	}
	return ""
}

// runSub runs keys (typed) on text and describes the result.
func runSub(text, keys string) string {
	e := newTestEditor(text)
	e.Feed(MustParseKeys(keys), true)
	e.EndStep()
	st := e.state()
	var msgs []string
	for _, m := range e.TakeMessages() {
		if !strings.HasPrefix(m.Text, "replace with") {
			msgs = append(msgs, m.Text)
		}
	}
	return fmt.Sprintf("%q cursor %v seq %d msgs %q", st.Lines, st.Cursor, st.SeqLast, msgs)
}

// TestConfirmScroll: CTRL-E and CTRL-Y scroll while the prompt waits, but
// never take the match off the screen, and the prompt is asked again.
func TestConfirmScroll(t *testing.T) {
	text := strings.Repeat("line\n", 60) + "x\n" + strings.Repeat("line\n", 60)
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true, Height: 11})
	e.setText(text)
	e.Feed(MustParseKeys(":%s/x/y/c<CR>"), true)
	so := min(e.opt.ScrollOff, 4) // 10 text rows
	if e.Mode() != ModeConfirm || e.Cursor().Line != 60 {
		t.Fatalf("mode %v cursor %v", e.Mode(), e.Cursor())
	}
	e.Feed(MustParseKeys("<C-Y><C-Y>"), true) // the far jump centred the match: make room
	top := e.TakeView().Top
	e.Feed(MustParseKeys("<C-E>"), true)
	if got := e.TakeView().Top; got != top+1 {
		t.Errorf("CTRL-E: top %d, want %d", got, top+1)
	}
	for range 20 {
		e.Feed(MustParseKeys("<C-E>"), true)
	}
	if v := e.TakeView(); v.Top != 60-so || v.Mode != ModeConfirm {
		t.Errorf("after many CTRL-E: top %d, want %d (match on 60, scrolloff %d), mode %v", v.Top, 60-so, so, v.Mode)
	}
	for range 30 {
		e.Feed(MustParseKeys("<C-Y>"), true)
	}
	if v := e.TakeView(); v.Top != 60-9+so {
		t.Errorf("after many CTRL-Y: top %d, want %d (the match on the last row but scrolloff)", v.Top, 60-9+so)
	}
	e.Feed(MustParseKeys("y"), true)
	if got := lineText(e.text(), 60); got != "y" || e.Mode() != ModeNormal {
		t.Errorf("after y: line %q mode %v", got, e.Mode())
	}
}

// TestSubScanGrow: reading little text after the range (one line, then
// doubling while a match runs to the end of what was read) finds the same
// matches as reading the whole buffer, for patterns whose matches span at
// most one line break beyond where they could be cut.
func TestSubScanGrow(t *testing.T) {
	pats := []string{`\n`, `,\n`, `a\nb`, `\_s\+`, `\n\n*`, `$\n^`, `[\n]x`, `\_.`, `a\_s*b`, `\n\zsb`}
	rng := rand.New(rand.NewSource(9))
	n := 1000
	if testing.Short() || testkit.RaceEnabled {
		n = 200
	}
	for i := 0; i < n; i++ {
		var lines []string
		for j := rng.Intn(12) + 1; j > 0; j-- {
			var b strings.Builder
			for k := rng.Intn(4); k > 0; k-- {
				b.WriteByte("ab ,x"[rng.Intn(5)])
			}
			lines = append(lines, b.String())
		}
		r := buffer.FromString(strings.Join(lines, "\n"))
		re := vimreMust(pats[rng.Intn(len(pats))])
		first := rng.Intn(len(lines))
		last := first + rng.Intn(len(lines)-first)
		global := rng.Intn(2) == 0
		want := scanAll(newSubScanMargin(re, r, first, last, global, 1<<30))
		got := scanAll(newSubScanMargin(re, r, first, last, global, 1))
		if want != got {
			t.Fatalf("/%s/ lines %d-%d of %q g=%v:\n  whole %s\n  grown %s", re, first, last, lines, global, want, got)
		}
	}
}

// scanAll lists the matches of a scan, each replaced by nothing.
func scanAll(s *subScan) string {
	var b strings.Builder
	for {
		m, ok := s.next()
		if !ok {
			return b.String()
		}
		fmt.Fprintf(&b, "%d-%d@%d/%d ", m.m[0], s.clip(m.m[1]), m.line, m.chain)
		s.advance(m, false)
	}
}

// vimreMust compiles a pattern with default options.
func vimreMust(pat string) *vimre.Regexp { return vimre.MustCompile(pat, vimre.Options{}) }
