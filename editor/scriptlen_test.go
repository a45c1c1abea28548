package editor

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// Scripts of any length (issue #17): E169 counts the nesting of command
// lines, as Vim's do_cmdline does, never how many keys or lines ran.
// Each test runs the same input through real Vim and compares the text.

// needVim skips a test without vim on PATH.
func needVim(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not installed")
	}
}

// needLong skips the multi-million-key runs under -short and -race.
func needLong(t *testing.T) {
	t.Helper()
	if testing.Short() || testkit.RaceEnabled {
		t.Skip("a long script: not with -short or -race (make long runs it)")
	}
}

// vimText runs prelude (Vim script lines) and then script (a file sourced
// as kjx --headless -S runs it) in Vim on text, with files written beside
// it, and returns the buffer's text (lines joined by "\n") and v:errmsg.
func vimText(t *testing.T, text, prelude string, script []byte, files map[string][]byte) (string, string) {
	t.Helper()
	return startVim(t, text, prelude, script, files)()
}

// startVim starts vimText's Vim and returns what waits for its result, so
// that a long test runs kjx on the same input meanwhile.
func startVim(t *testing.T, text, prelude string, script []byte, files map[string][]byte) func() (string, string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("buf.txt", []byte(text))
	write("script.vim", script)
	for name, data := range files {
		write(name, data)
	}
	// Each file is its own -S, so that the script's lines nest as deep as
	// under kjx --headless -S (E169 counts the levels).
	write("prelude.vim", []byte(vimSettings+"\ncall cursor(1, 1)\n"+prelude+"\n"))
	write("end.vim", []byte("call writefile(getline(1, '$'), 'out.txt', 'b')\ncall writefile([v:errmsg], 'err.txt')\nqa!\n"))
	cmd := exec.Command("vim", "--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es",
		"-S", "prelude.vim", "-S", "script.vim", "-S", "end.vim", "buf.txt")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatalf("vim: %v", err)
	}
	return func() (string, string) {
		t.Helper()
		if err := waitVimBounded(cmd, vimTimeout); err != nil {
			t.Fatal(err)
		}
		out, err := os.ReadFile(filepath.Join(dir, "out.txt"))
		if err != nil {
			t.Fatalf("vim wrote no text: %v", err)
		}
		msg, _ := os.ReadFile(filepath.Join(dir, "err.txt"))
		return strings.TrimSuffix(string(out), "\n"), strings.TrimSpace(string(msg))
	}
}

// kjxRun runs a -s key script (source false) or a -S Ex script
// (source true) in a test editor, as the headless runner does.
func kjxRun(t *testing.T, e *Editor, source bool, data []byte) {
	t.Helper()
	if !source {
		e.FeedScript(string(data))
		e.EndStep()
		return
	}
	if err := e.Source(bytes.NewReader(data), "script"); err != nil {
		t.Fatal(err)
	}
}

// lastError is the last error message e showed, or "".
func (e *Editor) lastError() string {
	for i := len(e.history) - 1; i >= 0; i-- {
		if strings.HasPrefix(e.history[i], "E") {
			return e.history[i]
		}
	}
	return ""
}

// compareText fails with the first differing line of two texts.
func compareText(t *testing.T, what, want, got string) {
	t.Helper()
	if want == got {
		return
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < min(len(wl), len(gl)); i++ {
		if wl[i] != gl[i] {
			t.Fatalf("%s: line %d differs (vim %d lines, kjx %d)\nvim %q\nkjx %q", what, i+1, len(wl), len(gl), wl[i], gl[i])
		}
	}
	t.Fatalf("%s: vim has %d lines, kjx %d", what, len(wl), len(gl))
}

// vimFeedFile runs keys.txt in Vim as kjx runs a -s script.
const vimFeedFile = "call feedkeys(join(readfile('keys.txt', 'b'), \"\\n\"), 'xt')\n"

// scriptUnits are the Normal-mode commands the long key scripts repeat,
// none of which can fail (a failing command flushes a script's keys).
var scriptUnits = []string{"Aab\x1b", "oline\x1b", "0x", "yyp", "A z\x1b", "I-\x1b", "."}

// TestLongKeyScript5M runs a -s script of 5 million keys: kjx stopped
// after about a million keys not typed by a person with E169 and lost the
// rest.
func TestLongKeyScript5M(t *testing.T) {
	needVim(t)
	needLong(t)
	rng := rand.New(rand.NewPCG(17, 5))
	var b strings.Builder
	for b.Len() < 5_000_000 {
		b.WriteString(scriptUnits[rng.IntN(len(scriptUnits))])
		if rng.IntN(500) == 0 {
			b.WriteString("gg") // keep the cursor away from one end
		}
	}
	keys := b.String()
	vim := startVim(t, "start\n", "", []byte(vimFeedFile), map[string][]byte{"keys.txt": []byte(keys)})
	e := newTestEditor("start\n")
	kjxRun(t, e, false, []byte(keys))
	want, _ := vim()
	if msg := e.lastError(); msg != "" {
		t.Fatalf("kjx: %s", msg)
	}
	compareText(t, "5 M keys", want, e.text().String())
}

// TestLongSourceNormal200k sources a script of 200 000 ":normal!" lines
// (1.4 million keys not typed by a person).
func TestLongSourceNormal200k(t *testing.T) {
	needVim(t)
	needLong(t)
	rng := rand.New(rand.NewPCG(17, 200))
	var b strings.Builder
	for i := 0; i < 200_000; i++ {
		u := scriptUnits[rng.IntN(len(scriptUnits))]
		if u == "." {
			u = "A."
		}
		fmt.Fprintf(&b, "normal! %s\n", u)
		if i%1000 == 999 {
			b.WriteString("normal! gg\n")
		}
	}
	script := []byte(b.String())
	vim := startVim(t, "start\n", "", script, nil)
	e := newTestEditor("start\n")
	kjxRun(t, e, true, script)
	want, _ := vim()
	if msg := e.lastError(); msg != "" {
		t.Fatalf("kjx: %s", msg)
	}
	compareText(t, "200 k :normal! lines", want, e.text().String())
}

// TestLongMacro10000 runs 10000@q over a 10 000-line file, q appending
// 120 characters and moving down: 1.2 million keys from one macro.
func TestLongMacro10000(t *testing.T) {
	needVim(t)
	needLong(t)
	var text strings.Builder
	for i := range 10_000 {
		fmt.Fprintf(&text, "line %d\n", i)
	}
	tail := strings.Repeat("0123456789", 12)
	reg := "A" + tail + "\x1bj"
	vim := startVim(t, text.String(), `let @q = "A`+tail+`\<Esc>j"`, []byte("normal! 10000@q\n"), nil)
	e := newTestEditor(text.String())
	e.regs.named['q'] = register{text: FormatKeys(rawKeys(reg))}
	kjxRun(t, e, true, []byte("normal! 10000@q\n"))
	want, _ := vim()
	compareText(t, "10000@q", want, e.text().String())
	if !strings.HasSuffix(lineText(e.text(), 9999), tail) {
		t.Fatalf("the last line did not get the macro's text: %q", lineText(e.text(), 9999))
	}
}

// TestRecursiveMacroE169 is a macro that runs itself through :normal: each
// level nests one command line deeper, and Vim stops it with E169 when
// 200 are active, after the same number of levels (counted by the x each
// level inserts; a sourced script's lines already run two deep).
func TestRecursiveMacroE169(t *testing.T) {
	needVim(t)
	const reg = "ix\x1b:normal! @q\r"
	for _, script := range []string{"normal! @q\n", "normal! 3@q\n"} {
		want, vimErr := vimText(t, "a\n", `let @q = "ix\<Esc>:normal! @q\r"`, []byte(script), nil)
		e := newTestEditor("a\n")
		e.regs.named['q'] = register{text: FormatKeys(rawKeys(reg))}
		kjxRun(t, e, true, []byte(script))
		compareText(t, script, want, e.text().String())
		if got := e.lastError(); got != vimErr || !strings.HasPrefix(vimErr, "E169") {
			t.Fatalf("%q: kjx's last error %q, vim's %q", script, got, vimErr)
		}
	}
}

// TestNormalErrorFlushesOuterKeys: an error inside a :normal that a macro
// ran drops the rest of that macro too, at every level (checked against
// Vim: "normal! 3@q" stops after the first copy).
func TestNormalErrorFlushesOuterKeys(t *testing.T) {
	needVim(t)
	regs := map[rune]string{
		'q': "ix\x1b:normal! @r\r", 'r': "iy\x1b:nosuchcmd\r",
		's': "ix\x1b:normal! @t\r", 't': "iy\x1b:normal! @u\r", 'u': "iz\x1b0k",
	}
	var prelude strings.Builder
	for r, keys := range regs {
		v := strings.NewReplacer("\x1b", `\<Esc>`, "\r", `\r`).Replace(keys)
		fmt.Fprintf(&prelude, "let @%c = \"%s\"\n", r, v)
	}
	for _, script := range []string{"normal! 3@q\n", "normal! 3@s\n"} {
		want, _ := vimText(t, "a\n", prelude.String(), []byte(script), nil)
		e := newTestEditor("a\n")
		for r, keys := range regs {
			e.regs.named[r] = register{text: FormatKeys(rawKeys(keys))}
		}
		kjxRun(t, e, true, []byte(script))
		compareText(t, script, want, e.text().String())
	}
}

// TestInterruptStopsRecursiveMacro: a macro that runs itself and never
// fails ("dd@q": dd on an empty buffer does not fail) runs until CTRL-C
// in Vim, which no key count stops; Interrupt is that CTRL-C. It drops
// every key queued, as Vim flushes the typeahead: "@q@q@q" queues more
// than it runs, and a typed-ahead "@q" would start it again (found by
// FuzzKeys: kjx dropped one key and ran on).
func TestInterruptStopsRecursiveMacro(t *testing.T) {
	for _, tc := range []struct{ macro, keys string }{
		{"dd@q", "@q@q"}, {"@q@q@q", "@q@q"}, {"dd@q", "@p@p"}, // "p is :normal @q
	} {
		macro := tc.macro
		e := newTestEditor("one\ntwo\nthree\n")
		e.regs.named['q'] = register{text: macro}
		e.regs.named['p'] = register{text: ":normal @q\r"}
		stop := time.AfterFunc(100*time.Millisecond, e.Interrupt)
		feedSteps(t, e, tc.keys)
		stop.Stop()
		if got := e.text().String(); macro == "dd@q" && got != "" {
			t.Fatalf("%s: text %q, want the empty buffer", macro, got)
		}
		checkInterruptedAndGoesOn(t, e, macro)
	}
}

// checkInterruptedAndGoesOn checks the message of an interrupt and that
// the editor takes keys after it.
func checkInterruptedAndGoesOn(t *testing.T, e *Editor, macro string) {
	t.Helper()
	var seen bool
	for _, m := range e.TakeMessages() {
		seen = seen || m.Text == "Interrupted"
	}
	if !seen {
		t.Fatalf("%s: no Interrupted message", macro)
	}
	e.Feed(MustParseKeys("ggdGix<Esc>"), true) // the editor goes on
	if got := e.text().String(); got != "x" {
		t.Fatalf("%s: after the interrupt: text %q", macro, got)
	}
}

// TestIdleCtrlCDoesNotStopNextMacro: the UI announces every CTRL-C with
// Interrupt; one typed while nothing runs is done with when its key
// arrives, so the next macro runs (kjx answered it with "Interrupted").
func TestIdleCtrlCDoesNotStopNextMacro(t *testing.T) {
	e := newTestEditor("abc\n")
	e.regs.named['q'] = register{text: "x"}
	e.Interrupt()
	e.Feed(MustParseKeys("<C-c>@q"), true)
	if got, msgs := e.text().String(), e.TakeMessages(); got != "bc" || len(msgs) > 0 {
		t.Errorf("text %q, messages %v; want bc and none", got, msgs)
	}
}
