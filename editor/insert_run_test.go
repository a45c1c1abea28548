package editor

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// insertRunWorld is what an Insert-mode session can differ in: the text it
// starts on, the options that change <BS> and <CR>, and the keys.
type insertRunWorld struct {
	text string
	opts []string // :set arguments
	keys string   // Vim notation, Normal mode first
}

// randomInsertRunWorld builds sessions that mix runs of characters and
// of <BS> with everything that ends or interrupts a run: line starts,
// 'backspace' limits, 'softtabstop', <CR>, CTRL-W, arrows, counts, ., u.
func randomInsertRunWorld(rng *rand.Rand) insertRunWorld {
	lines := []string{"", "abc def", "\tindented", "    four", "héllo wörld", "x", "a\u0301e\u0301 zz"}
	var text []string
	for range 1 + rng.IntN(5) {
		text = append(text, lines[rng.IntN(len(lines))])
	}
	opts := []string{
		[]string{"backspace=", "backspace=indent,eol,start", "backspace=eol", "backspace=start", "backspace=2"}[rng.IntN(5)],
		[]string{"softtabstop=0", "softtabstop=4", "softtabstop=-1"}[rng.IntN(3)],
		[]string{"autoindent", "noautoindent"}[rng.IntN(2)],
		[]string{"expandtab", "noexpandtab"}[rng.IntN(2)],
	}
	starts := []string{"i", "a", "A", "I", "o", "O", "3i", "2a", "cw", "R", "gi", "S", "2o", "<C-v>jI", "<C-v>j$A", "<C-v>jc", "v2lc", "<C-v>jjA", "C", "s", "ce", "<C-v>j$c"}
	pieces := []string{"ab", "x", "  ", "é", "wörd", "<BS>", "<BS><BS>", "<BS><BS><BS><BS><BS>", "<BS><BS><BS><BS><BS><BS><BS><BS><BS><BS><BS><BS>",
		"<CR>", "<C-w>", "<C-u>", "<Left>", "<Right>", "<Tab>", "<Del>", "<C-v>u", "<C-r>.", "<C-a>", "<C-o>x", "<C-t>", "<C-d>", "<Up>", "<Down>", "<End>", "<Home>", "<C-o>u", "<C-o>p"}
	after := []string{"", ".", "u", "<C-r>", "j.", "k", "3.", "uu", "g-", "g+", "$", "0", "w"}
	var b strings.Builder
	fmt.Fprintf(&b, "%dG", 1+rng.IntN(len(text)))
	for range 1 + rng.IntN(3) {
		b.WriteString([]string{"", "w", "$", "0", "l"}[rng.IntN(5)])
		b.WriteString(starts[rng.IntN(len(starts))])
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		b.WriteString("<Esc>")
		b.WriteString(after[rng.IntN(len(after))])
	}
	return insertRunWorld{text: strings.Join(text, "\n") + "\n", opts: opts, keys: b.String()}
}

// insertRunState is everything a run must leave as the keys one by one
// leave it.
type insertRunState struct {
	Step     vimStep
	Modified bool
	Dot      string // the ". register
	Undo     []string
}

func runInsertWorld(t *testing.T, w insertRunWorld, runs bool, typed bool) insertRunState {
	t.Helper()
	e := newTestEditor(w.text)
	e.noInsertRuns = !runs
	for _, o := range w.opts {
		if !e.ExecEx("set " + o) {
			t.Fatalf("set %s failed", o)
		}
	}
	keys, err := ParseKeys(w.keys)
	if err != nil {
		t.Fatalf("ParseKeys(%q): %v", w.keys, err)
	}
	if typed {
		e.Feed(keys, true)
		e.EndStep()
	} else {
		e.runNormal(keys)
	}
	dot, _ := e.getReg('.')
	st := insertRunState{Step: e.state(), Modified: e.buf().tree.Modified(), Dot: dot.text}
	// The undo states the session made: every state's text, walked with g-.
	for range 8 {
		e.Feed([]Key{K(KeyEsc)}, false)
		keys, _ := ParseKeys("g-")
		e.runNormal(keys)
		st.Undo = append(st.Undo, fmt.Sprintf("%d %v %q", e.buf().tree.SeqCur(), e.win.cur, textOf(e)))
	}
	return st
}

// TestInsertRunsAsKeys checks that running a run of Insert-mode keys at
// once (insert_run.go) leaves exactly what the keys one by one leave: the
// text, the cursor, the undo states and their cursors, 'modified', the ".
// register and what . repeats, from :normal and from typed keys.
func TestInsertRunsAsKeys(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	rng := rand.New(rand.NewPCG(17, 4))
	for i := range n {
		w := randomInsertRunWorld(rng)
		typed := i%2 == 0
		want := runInsertWorld(t, w, false, typed)
		got := runInsertWorld(t, w, true, typed)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("case %d (typed %v): text %q, :set %v, keys %s\nkey by key: %+v\nin runs:    %+v", i, typed, w.text, w.opts, w.keys, want, got)
		}
	}
}

// BenchmarkTypedPatch10MB is one patch of a typed replay (kjxbench 1c/1d)
// in a 10 MB buffer: ":normal! {byte}goa", 40 characters, 20 <BS>, <CR>,
// 10 characters, <Esc>, one undo block each, with the Insert-mode runs
// and key by key. ns/key is per key of the :normal! argument.
func BenchmarkTypedPatch10MB(b *testing.B) {
	for _, runs := range []bool{true, false} {
		name := "runs"
		if !runs {
			name = "keys"
		}
		b.Run(name, func(b *testing.B) {
			e := benchEditor(b, 10<<20)
			e.noInsertRuns = !runs
			size := e.text().Len()
			typed := strings.Repeat("abcd ", 8) + strings.Repeat("\x08", 20) + "\r" + "0123456789" + "\x1b"
			keys := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				line := fmt.Sprintf("normal! %dgoa%s", 1+(i*7919)%(size/2), typed)
				keys += len(line) - len("normal! ")
				e.ExecEx(line)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(keys), "ns/key")
		})
	}
}

// BenchmarkTypedReplayLines is the typed replay as 1d runs it, line by
// line: mostly one-key patches (half of rustcode's :normal! lines are
// "{byte}goaX<Esc>"), a <BS> patch, a two-key patch joined to the one
// before, and the sleep between transactions, in a 100 KB buffer. The
// time is per script line.
func BenchmarkTypedReplayLines(b *testing.B) {
	e := benchEditor(b, 100<<10)
	size := e.text().Len()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		off := 1 + (i*7919)%(size-2)
		var line string
		switch i % 4 {
		case 0:
			line = fmt.Sprintf("normal! %dgoaX\x1b", off)
		case 1:
			line = "sleep 1"
		case 2:
			line = fmt.Sprintf("normal! %dgoi\x08\x1b", off)
		default:
			line = fmt.Sprintf("undojoin|normal! %dgoaab\x1b", off)
		}
		e.ExecEx(line)
	}
}

// BenchmarkBackspaceAcrossLines deletes 60 000 characters of a 100 KB
// buffer with one <BS> each, in one :normal! line, as the long deletes of
// rustcode's typed replay do: a run per line and a joining <BS> at each
// line start. The time is per <BS>.
func BenchmarkBackspaceAcrossLines(b *testing.B) {
	const n = 60000
	line := "normal! Ga" + strings.Repeat("\x08", n) + "\x1b"
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		e := benchEditor(b, 100<<10)
		b.StartTimer()
		e.ExecEx(line)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/BS")
}
