package editor

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

const subGoldenPath = "testdata/substitute_golden.json"

// randomSubs is how many generated scenarios the golden file holds.
const randomSubs = 500

// subStep is the state after one step of a :s scenario: vimStep plus the
// last message the step showed.
type subStep struct {
	Lines   []string `json:"lines"`
	Cursor  [2]int   `json:"cursor"`
	SeqCur  int      `json:"seq_cur"`
	SeqLast int      `json:"seq_last"`
	Msg     string   `json:"msg"`
}

// subCase is one :s scenario: a text, typed steps and Vim's states.
type subCase struct {
	Name  string    `json:"name"`
	Text  string    `json:"text"`
	Steps []string  `json:"steps"`
	Want  []subStep `json:"want"`
}

// subCases are the :s scenarios (Vim key notation, typed).
var subCases = []subCase{
	// :s///c answers.
	{Name: "confirm_n", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>n"}},
	{Name: "confirm_y_then_out_of_keys", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>y"}},
	{Name: "confirm_yn", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>yn"}},
	{Name: "confirm_a", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>a", "u"}},
	{Name: "confirm_na", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>na", "u"}},
	{Name: "confirm_yya", Text: "a a\nb a\n  a\nd a\n", Steps: []string{":%s/a/X/gc<CR>yya", "u", "u"}},
	{Name: "confirm_l", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>l"}},
	{Name: "confirm_nl", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>nnl"}},
	{Name: "confirm_q", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>q"}},
	{Name: "confirm_esc", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>yn<Esc>"}},
	{Name: "confirm_nq", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>nq"}},
	{Name: "confirm_all_y", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>yyyy", "u", "u", "<C-R>"}},
	{Name: "confirm_all_n", Text: "a a\nb a\n  a\n", Steps: []string{":%s/a/X/gc<CR>nnnn"}},
	{Name: "confirm_ynaq", Text: "x x\nx\nx x x\nx\n", Steps: []string{":%s/x/y/gc<CR>ynaq", "u"}},
	{Name: "confirm_other_keys", Text: "a a\nb a\n", Steps: []string{":%s/a/X/gc<CR>zxy<C-E><C-Y>nn"}},
	{Name: "confirm_no_g", Text: "a a\na a\n", Steps: []string{":%s/a/X/c<CR>yy"}},
	{Name: "confirm_range", Text: "a\na\na\na\n", Steps: []string{":2,3s/a/X/c<CR>yy"}},
	{Name: "confirm_not_found", Text: "a\n", Steps: []string{":s/z/X/c<CR>"}},
	{Name: "confirm_count_only", Text: "a a\na\n", Steps: []string{":%s/a/X/gcn<CR>"}},
	{Name: "confirm_cr", Text: "a,b,c\n", Steps: []string{":s/,/\\r/gc<CR>yny", "u"}},
	{Name: "confirm_cr_all", Text: "a,b,c,d\n", Steps: []string{":s/,/\\r/gc<CR>yyy", "u", "u", "u"}},
	{Name: "confirm_cr_mixed", Text: "a,b,c\nd,e\n", Steps: []string{":%s/,/x\\ry/gc<CR>nyyq", "u", "u"}},
	{Name: "confirm_cr_double", Text: "abcb\nb\n", Steps: []string{":%s/b/\\r\\r/gc<CR>yny", "u", "u"}},
	{Name: "confirm_cr_then_a", Text: "a,b,c\nd,e\n", Steps: []string{":%s/,/\\r/gc<CR>ya", "u", "u"}},
	{Name: "confirm_grow", Text: "aaa\n", Steps: []string{":s/a/bab/gc<CR>yny"}},
	{Name: "confirm_empty_match", Text: "ab\ncd\n", Steps: []string{":%s/x*/-/gc<CR>yynyyy"}},
	{Name: "confirm_multiline_y", Text: "a,\nb,\nc\n", Steps: []string{":%s/,\\n/, /gc<CR>yy", "u"}},
	{Name: "confirm_multiline_n", Text: "a,\nb,\nc\n", Steps: []string{":%s/,\\n/, /gc<CR>ny"}},
	{Name: "confirm_join_all", Text: "a\nb\nc\n", Steps: []string{":%s/\\n/+/gc<CR>yyyn"}},
	{Name: "confirm_tilde", Text: "a b\n", Steps: []string{":s/a/X/<CR>", ":s/b/~Y/c<CR>y"}},
	{Name: "confirm_then_normal", Text: "a\nb a\n", Steps: []string{":%s/a/X/gc<CR>yqx"}},
	// :s///c within :g: q and a end only the current line's :s.
	{Name: "global_confirm_yq", Text: "a a\nb\na a\na\n", Steps: []string{":g/a/s//X/gc<CR>yq", "u"}},
	{Name: "global_confirm_yyyy", Text: "a a\nb\na a\na\n", Steps: []string{":g/a/s//X/gc<CR>yyyy", "u"}},
	{Name: "global_confirm_ay", Text: "a a\nb\na a\na\n", Steps: []string{":g/a/s//X/gc<CR>ay", "u"}},
	{Name: "global_confirm_nnl", Text: "a a\nb\na a\na\n", Steps: []string{":g/a/s//X/gc<CR>nnl", "u"}},
	{Name: "global_confirm_qyy", Text: "a a\nb\na a\na\n", Steps: []string{":g/a/s//X/gc<CR>qyy", "u"}},
	{Name: "global_confirm_all", Text: "a\nb a\n  a\n", Steps: []string{":g/a/s//X/c<CR>yyy", "u"}},
	// A command after | runs when the prompt ends.
	{Name: "confirm_then_bar", Text: "a b\nb a\n", Steps: []string{":%s/a/X/gc | s/b/Y/<CR>yn", "u"}},
	{Name: "confirm_bar_confirm", Text: "a b\nb a\n", Steps: []string{":%s/a/X/gc | %s/b/Y/gc<CR>ynny"}},
	{Name: "global_confirm_bar", Text: "a b\nc\nb a\n", Steps: []string{":g/a/s//X/c | s/b/Y/<CR>yy", "u"}},
	// Answers from :normal; the keys running out answer <Esc>.
	{Name: "confirm_in_normal", Text: "a a\na\n", Steps: []string{":normal :%s/a/X/gc<C-V><C-M>yn<CR>", "u"}},
	{Name: "global_confirm_in_normal", Text: "a a\nb\na\n", Steps: []string{":normal :g/a/s//X/gc<C-V><C-M>y<CR>", "u"}},
	// Multi-line patterns and replacements.
	{Name: "join_all", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\n//<CR>", "u"}},
	{Name: "join_all_g", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\n/-/g<CR>", "u"}},
	{Name: "join_all_dash", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\n/-/<CR>"}},
	{Name: "last_newline", Text: "a\nbar\n", Steps: []string{":$s/\\n/X/<CR>"}},
	{Name: "any_space_g", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\_s//g<CR>", "u"}},
	{Name: "join_shortcut_g", Text: "  ab\n  cd\nef\n", Steps: []string{":%s/\\n//g<CR>", "u"}},
	{Name: "join_shortcut_line", Text: "  ab\n  cd\nef\n", Steps: []string{":2s/\\n//<CR>", "u"}},
	{Name: "join_not_shortcut", Text: "  ab\n  cd\nef\n", Steps: []string{":1s/$\\n//<CR>", ":1s/b\\zs\\n//<CR>"}},
	{Name: "noop_replacements", Text: "xa\nb\n", Steps: []string{":s/$//<CR>", ":$s/\\_s//<CR>", ":%s/\\_s//gc<CR>yyy", "u"}},
	{Name: "join_shortcut_e", Text: "  ab\n  cd\nef\n", Steps: []string{":%s/\\n//e<CR>"}},
	{Name: "last_newline_empty", Text: "a\nbar\n", Steps: []string{":$s/\\n//<CR>"}},
	{Name: "join_range", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":1,2s/\\n//<CR>"}},
	{Name: "join_two", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/foo\\nbar/x/<CR>", "u"}},
	{Name: "comma_newline", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/,\\n/, /<CR>", "u"}},
	{Name: "zs_after_newline", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\n\\zsb/B/<CR>"}},
	{Name: "any_char", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/\\_.//<CR>"}},
	{Name: "comma_two_any", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/,\\_.\\{2}/#/g<CR>"}},
	{Name: "o_star_newline", Text: "a,\nb,\nc\nfoo\nbar\n", Steps: []string{":%s/o*\\n/!/g<CR>"}},
	{Name: "newlines_run", Text: "a\n\n\nb\n\nc\n", Steps: []string{":%s/\\n\\n\\+/\\r/<CR>", "u"}},
	{Name: "blank_lines", Text: "a\n\n\nb\n\nc\n", Steps: []string{":%s/^\\n//<CR>", "u"}},
	{Name: "double_cr", Text: "a,\nb\n", Steps: []string{":%s/\\n/\\r\\r/<CR>"}},
	{Name: "groups_across", Text: "ab,\ncd\nef,\ngh\n", Steps: []string{":%s/\\(\\w\\+\\),\\n\\(\\w\\+\\)/\\2-\\1/<CR>"}},
	{Name: "case_across", Text: "ab,\ncd\n", Steps: []string{":%s/\\(b,\\n\\)\\(c\\)/\\U\\1\\E\\u\\2x/<CR>"}},
	{Name: "ampersand_across", Text: "x\ny\nz\n", Steps: []string{":1s/x\\ny/[&]/<CR>", ":%s/\\n/\\0\\0/<CR>"}},
	{Name: "spaces_across", Text: "foo  \n   bar baz\n", Steps: []string{":%s/\\_s\\+/ /g<CR>"}},
	{Name: "one_line_then_next", Text: "a\nb\nc\n", Steps: []string{":2s/\\n//<CR>", "u"}},
	{Name: "count_multiline", Text: "a\nb\nc\n", Steps: []string{":%s/\\n//gn<CR>"}},
	{Name: "not_found_multiline", Text: "a\nb\n", Steps: []string{":%s/x\\n//<CR>"}},
	// Replacement escapes (single-line path).
	{Name: "rep_cr_split", Text: "a b c\n", Steps: []string{":s/ /\\r/g<CR>", "u"}},
	{Name: "rep_nul", Text: "a b\n", Steps: []string{":s/ /\\n/<CR>"}},
	{Name: "rep_case", Text: "hello world\n", Steps: []string{":s/\\(\\w\\+\\) \\(\\w\\+\\)/\\u\\1 \\U\\2\\E!\\l\\1/<CR>"}},
	{Name: "rep_L_e", Text: "ABC DEF\n", Steps: []string{":s/\\w\\+/\\L&\\eX/g<CR>"}},
	{Name: "rep_amp_zero", Text: "ab\n", Steps: []string{":s/a/<&\\0>/<CR>"}},
	{Name: "rep_tilde", Text: "a a a\n", Steps: []string{":s/a/x/<CR>", ":s/a/~y/<CR>", ":s/a/\\~/<CR>"}},
	{Name: "global_multiline_count", Text: "a\nb\nc\nd\n", Steps: []string{":%s/\\n\\(.\\)/\\1/g<CR>"}},
}

// randomSubCases returns n generated :s scenarios (seeded): random short
// lines, a pattern that may match line breaks, a replacement with
// escapes, flags, and for some a confirm with random answers, then u.
func randomSubCases(seed int64, n int) []subCase {
	rng := rand.New(rand.NewSource(seed))
	pats := []string{`a`, `a\+`, `\n`, `,\n`, `\n\s*`, `\_s\+`, `b\nc`, `$`, `^`, `\<\w`, `\n\n\+`, `a\_.b`,
		`\(\w\),\n\(\w\)`, `x*`, `\n\zsa`, `c\ze\n`, `^\n`, `[,\n]`, `\_[ab]\{2}`}
	reps := []string{`X`, ``, `&&`, `\r`, `-\r-`, `\2\1`, `\u&`, `\U&\E.`, `[\0]`, `\n`, ` `}
	var out []subCase
	for i := range n {
		var lines []string
		for j := rng.Intn(6) + 1; j > 0; j-- {
			var b strings.Builder
			for k := rng.Intn(5); k > 0; k-- {
				b.WriteByte("ab c,x"[rng.Intn(6)])
			}
			lines = append(lines, b.String())
		}
		flags := []string{"", "g", "e", "ge"}[rng.Intn(4)]
		rng1 := []string{"%", "", "2,$", "1,2"}[rng.Intn(4)]
		if len(lines) < 2 && rng1 != "%" {
			rng1 = "" // a backwards range asks "OK to swap", a prompt kjx does not have
		}
		cmd := fmt.Sprintf(":%ss/%s/%s/%s", rng1, pats[rng.Intn(len(pats))], reps[rng.Intn(len(reps))], flags)
		steps := []string{cmd + "<CR>", "u"}
		if rng.Intn(2) == 0 {
			var ans strings.Builder
			for k := rng.Intn(6); k > 0; k-- {
				ans.WriteByte("yynnlaq"[rng.Intn(7)])
			}
			steps = []string{cmd + "c<CR>" + ans.String(), "u", "u"}
		}
		out = append(out, subCase{Name: fmt.Sprintf("random%03d", i), Text: strings.Join(lines, "\n") + "\n", Steps: steps})
	}
	return out
}

// TestSubstituteVim replays subCases through kjx and compares lines,
// cursor, undo sequence numbers and the last message with what the real
// Vim did (testdata/substitute_golden.json; -update records it again).
func TestSubstituteVim(t *testing.T) {
	if *update {
		updateSubGolden(t)
	}
	data, err := os.ReadFile(subGoldenPath)
	if err != nil {
		t.Fatalf("read golden (run go test -run TestSubstituteVim -update with vim installed): %v", err)
	}
	var g struct {
		Cases []subCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Cases) != len(subCases)+randomSubs {
		t.Errorf("golden has %d cases, want %d: run -update", len(g.Cases), len(subCases)+randomSubs)
	}
	for _, c := range g.Cases {
		got := kjxSubSteps(t, c.Text, c.Steps)
		rx, known := knownSubDiff[c.Name]
		strict := diffSubSteps(c.Steps, c.Want, got, 0)
		switch {
		case strict == "" && known:
			t.Errorf("%s passes now: remove it from knownSubDiff", c.Name)
		case strict != "" && !known:
			t.Errorf("%s (text %q, steps %q):\n%s", c.Name, c.Text, c.Steps, strict)
		case strict != "":
			if d := diffSubSteps(c.Steps, c.Want, got, rx); d != "" {
				t.Errorf("%s (text %q, steps %q), beyond its known difference:\n%s", c.Name, c.Text, c.Steps, d)
			}
		}
	}
}

// relax is what a comparison with Vim leaves out for a known difference.
type relax uint8

const (
	// relaxUndoMsg: the count in the message of u and CTRL-R ("N changes",
	// "N fewer lines"). Vim counts the lines its undo entries saved: it
	// saves a line even when a replacement leaves it as it was, and saves
	// joined and split lines entry by entry; kjx's undo tree records no
	// change for identical text and one change per stretch of lines.
	relaxUndoMsg relax = 1 << iota
	// relaxEOLCursor: Vim leaves the cursor on the line break after a
	// :s///c stopped at a match there (past the last character, until the
	// next command moves it); kjx keeps a Normal-mode cursor on the last
	// character.
	relaxEOLCursor
)

// knownSubDiff lists scenarios where kjx knowingly differs from Vim, with
// what the comparison leaves out; everything else is still compared.
var knownSubDiff = map[string]relax{
	"random034": relaxUndoMsg, "random038": relaxUndoMsg, "random045": relaxUndoMsg,
	"random050": relaxUndoMsg, "random058": relaxUndoMsg, "random063": relaxUndoMsg,
	"random107": relaxUndoMsg, "random116": relaxUndoMsg, "random124": relaxUndoMsg,
	"random126": relaxUndoMsg, "random150": relaxUndoMsg, "random176": relaxUndoMsg,
	"random214": relaxUndoMsg, "random240": relaxUndoMsg, "random254": relaxUndoMsg,
	"random263": relaxUndoMsg, "random294": relaxUndoMsg, "random297": relaxUndoMsg,
	"random341": relaxUndoMsg, "random348": relaxUndoMsg, "random427": relaxUndoMsg,
	"random460": relaxUndoMsg, "random321": relaxUndoMsg,
	"random017": relaxEOLCursor, "random049": relaxEOLCursor, "random093": relaxEOLCursor,
	"random118": relaxEOLCursor, "random189": relaxEOLCursor, "random211": relaxEOLCursor,
	"random219": relaxEOLCursor, "random261": relaxEOLCursor, "random265": relaxEOLCursor,
	"random368": relaxEOLCursor, "random369": relaxEOLCursor, "random392": relaxEOLCursor,
	"random405": relaxEOLCursor, "random408": relaxEOLCursor, "random429": relaxEOLCursor,
	"random476": relaxEOLCursor, "random478": relaxEOLCursor, "random486": relaxEOLCursor,
	"random497": relaxEOLCursor,
}

// clampEOL moves a cursor [line, col] (1-based) past the end of its line
// onto the last character, as kjx's Normal mode keeps it.
func clampEOL(cur [2]int, lines []string) [2]int {
	if cur[0] >= 1 && cur[0] <= len(lines) {
		if n := len(lines[cur[0]-1]); cur[1] > n {
			cur[1] = max(n, 1)
		}
	}
	return cur
}

// kjxSubSteps replays steps in kjx as typed keys.
func kjxSubSteps(t testing.TB, text string, steps []string) []subStep {
	t.Helper()
	e := newTestEditor(text)
	var res []subStep
	for _, s := range steps {
		e.TakeMessages()
		feedSteps(t, e, s)
		st := e.state()
		for i, l := range st.Lines {
			st.Lines[i] = strings.ReplaceAll(l, "\x00", "\n") // Vim's getline shows a NUL as NL
		}
		msg := ""
		if ms := e.TakeMessages(); len(ms) > 0 {
			msg = ms[len(ms)-1].Text
		}
		res = append(res, subStep{Lines: st.Lines, Cursor: st.Cursor, SeqCur: st.SeqCur, SeqLast: st.SeqLast, Msg: msg})
	}
	return res
}

// diffSubSteps describes the first difference between two step lists,
// leaving out what rx says.
func diffSubSteps(steps []string, want, got []subStep, rx relax) string {
	for i := range want {
		if i >= len(got) {
			return fmt.Sprintf("step %d %q: missing", i+1, steps[i])
		}
		w, g := want[i], got[i]
		if rx&relaxEOLCursor != 0 {
			w.Cursor = clampEOL(w.Cursor, w.Lines)
		}
		if rx&relaxUndoMsg != 0 && (steps[i] == "u" || steps[i] == "<C-R>") {
			w.Msg = g.Msg
		}
		switch {
		case strings.Join(w.Lines, "\n") != strings.Join(g.Lines, "\n"):
			return fmt.Sprintf("step %d %q: lines\n  want %q\n  got  %q", i+1, steps[i], w.Lines, g.Lines)
		case w.Cursor != g.Cursor:
			return fmt.Sprintf("step %d %q: cursor want %v got %v (lines %q)", i+1, steps[i], w.Cursor, g.Cursor, w.Lines)
		case w.SeqCur != g.SeqCur || w.SeqLast != g.SeqLast:
			return fmt.Sprintf("step %d %q: seq want %d/%d got %d/%d", i+1, steps[i], w.SeqCur, w.SeqLast, g.SeqCur, g.SeqLast)
		case w.Msg != g.Msg:
			return fmt.Sprintf("step %d %q: message want %q got %q", i+1, steps[i], w.Msg, g.Msg)
		}
	}
	return ""
}

// updateSubGolden records subCases from the real Vim.
func updateSubGolden(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Fatal("-update needs vim on PATH")
	}
	cases := append(append([]subCase(nil), subCases...), randomSubCases(1, randomSubs)...)
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i := range cases {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			cases[i].Want, errs[i] = runVimSub(t, cases[i].Text, cases[i].Steps)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("%s: %v", cases[i].Name, err)
		}
	}
	out, _ := exec.Command("vim", "--version").Output()
	g := map[string]any{
		"comment": "Recorded from the real Vim by go test -run TestSubstituteVim -update (substitute_vim_test.go); never edit by hand.",
		"vim":     strings.SplitN(string(out), "\n", 2)[0],
		"cases":   cases,
	}
	data, err := json.MarshalIndent(g, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(subGoldenPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runVimSub replays steps in a real Vim. It is runVim's recipe, with two
// differences: ":visual" first leaves the Ex mode of -Es, so that :s///c
// asks with Vim's normal prompt (Ex mode reads whole answer lines), and
// the last message of each step is recorded.
func runVimSub(t testing.TB, text string, steps []string) ([]subStep, error) {
	r := vimRecipe{prelude: "visual\n", perStep: "messages clear\n",
		fields: "'msg': get(split(execute('messages'), \"\\n\"), -1, ''), "}
	return runVimSteps[subStep](t, r, text, steps)
}
