package editor

import (
	"strconv"
	"testing"
	"time"
)

// checkInvariants fails when the editor state is inconsistent.
func checkInvariants(t *testing.T, e *Editor, input string) {
	t.Helper()
	r := e.text()
	c := e.win.cur
	if c.Line < 0 || c.Line >= lineCount(r) {
		t.Fatalf("%q: cursor line %d outside 0..%d", input, c.Line, lineCount(r)-1)
	}
	l := lineText(r, c.Line)
	if c.Col < 0 || c.Col > len(l) {
		t.Fatalf("%q: cursor column %d outside line %q", input, c.Col, l)
	}
	if e.mode == ModeNormal && len(l) > 0 && c.Col >= len(l) {
		t.Fatalf("%q: Normal-mode cursor past the end of %q", input, l)
	}
	if int(e.mode) >= len(modeNames) {
		t.Fatalf("%q: invalid mode %d", input, e.mode)
	}
	// After CTRL-O, Insert mode waits (insert state kept) in another mode.
	if inserting := e.mode == ModeInsert || e.mode == ModeReplace; inserting != (e.ins != nil) && (inserting || !e.ins.oneCmd) {
		t.Fatalf("%q: mode %v with insert state %v", input, e.mode, e.ins != nil)
	}
	if (e.mode == ModeCmdline) != (e.cmdline != nil) {
		t.Fatalf("%q: mode %v with command line %v", input, e.mode, e.cmdline != nil)
	}
	if t := e.buf().tree.Text(); !t.Equal(r) {
		panic("text and tree disagree")
	}
}

// hugeCount reports a count of 1000 or more in key notation, written out
// ("7777777p") or as the product Vim makes of the counts around a
// register name ("100\"a10\"b10A" inserts 10000 times): millions of
// copies, as in Vim, are slow work rather than a bug, and trip the
// fuzzer's hang detector or exhaust its memory. Any run of four digits
// counts, wherever it is. (A counted insert of plain text is one edit;
// TestCountedInsertHugeCount keeps "7777777A0" fast.)
func hugeCount(notation string) bool {
	product := 1
	for i := 0; i < len(notation); {
		switch c := notation[i]; {
		case c >= '0' && c <= '9':
			j := i
			for j < len(notation) && notation[j] >= '0' && notation[j] <= '9' {
				j++
			}
			if j-i >= 4 {
				return true
			}
			n, _ := strconv.Atoi(notation[i:j])
			if product *= max(n, 1); product >= 1000 {
				return true
			}
			i = j
		case c == '"' && i+1 < len(notation):
			i += 2 // a register name between counts: 2"a3p is 6p
		default:
			product = 1
			i++
		}
	}
	return false
}

// FuzzKeys feeds random key notation to the core: it must never panic and
// must keep its invariants after every batch.
func FuzzKeys(f *testing.F) {
	for _, s := range []string{
		"ihello<Esc>", "dwu<C-r>", "3x.u", "qaddq@a@@", "vjd", "<C-v>jIx<Esc>",
		":s/a/b/g<CR>", ":g/./d<CR>u", "ddpP", "yyp3.", "Rab<BS><Esc>", "cwx<Esc>",
		"/foo<CR>n", ":normal! 2x<CR>", "gg=G", "vipJ", ":1,$m0<CR>", "O<Tab>x<C-w><Esc>",
		"5<C-a>", "qqdd@qq@q", "ma'a`a", "g-g+g-", ":undo 0<CR>", ":earlier 1f<CR>",
	} {
		f.Add(s, "one two three\n\tfour (five) [six]\n\nseven 7 0x1f\n")
	}
	// A batch that ends in the one command of CTRL-O, past a line end and
	// within one. (f.Chdir below hides testdata/fuzz from the fuzzer:
	// failing inputs are kept here.)
	f.Add("A<C-o>", "0")
	f.Add("li<C-o>", "ab")
	f.Add("@#", "0") // a register read without an alternate file crashed
	// A :w in the input writes into the temporary directory. The fuzzer
	// then also writes a failing input there, where it is lost with the
	// directory: the log line below keeps the input in the test output.
	f.Chdir(f.TempDir())
	f.Fuzz(func(t *testing.T, notation, text string) {
		keys, err := ParseKeys(notation)
		if err != nil || len(keys) > 200 || len(text) > 2000 || hugeCount(notation) {
			return
		}
		t.Logf("reproduce with f.Add(%q, %q)", notation, text)
		e := newTestEditor(text)
		// A macro that runs itself and never fails ("qqdd@qq@q") runs
		// until interrupted, as in Vim.
		stop := time.AfterFunc(2*time.Second, e.Interrupt)
		defer stop.Stop()
		e.buf().name = "fuzz.txt"
		for i := 0; i < len(keys); i += 7 {
			e.Feed(keys[i:min(i+7, len(keys))], true)
			if e.quit {
				return
			}
			checkInvariants(t, e, notation)
		}
		e.EndStep()
		checkInvariants(t, e, notation)
		_ = e.TakeView()
	})
}

// TestHugeCount: FuzzKeys skips the counts Vim multiplies into millions,
// and only those.
func TestHugeCount(t *testing.T) {
	for notation, want := range map[string]bool{
		"7777777p": true, "1000x": true, `100"010"010A"`: true, `99"a99p`: true, "x1234": true,
		"999p": false, `3"a3p`: false, ":s/12/34/<CR>": false, "0": false, `20"a0p`: false,
	} {
		if got := hugeCount(notation); got != want {
			t.Errorf("hugeCount(%q) = %v, want %v", notation, got, want)
		}
	}
}
