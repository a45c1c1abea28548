package editor

import (
	"fmt"
	"strings"
	"testing"
)

// TestLongNormalArgumentChunks: a :normal argument longer than argChunk is
// read into the queue a chunk at a time. What happens at and across the
// chunk boundaries (an error that drops the rest, a nested :normal, an
// incomplete command, . and ". after a long insert, multibyte text) must
// be what Vim does with the whole argument at once.
func TestLongNormalArgumentChunks(t *testing.T) {
	needVim(t)
	// text is n keys of typed text, a <CR> every 61 keys and some
	// multibyte characters, none of them a command in Insert mode.
	text := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			switch {
			case i%61 == 60:
				b.WriteByte('\r')
			case i%17 == 16:
				b.WriteString("é")
			default:
				b.WriteByte(byte('a' + i%26))
			}
		}
		return b.String()
	}
	// pad is text that makes what follows it start k keys after the
	// start of chunk c, when used keys of the argument come before it.
	pad := func(c, k, used int) string { return text(c*argChunk + k - used) }
	cases := map[string]string{
		"insert across chunks, then . and \".": "normal! i" + text(2*argChunk+100) + "\x1b\n" +
			"normal! G.\n" + "normal! gg\".p\n",
		// The error ends the first chunk: the rest is all unread.
		"error at a boundary drops the rest": "normal! i" + pad(1, -12, 1) + "\x1b:nosuchcmd\rAafter\x1b\n" +
			"normal! Gonext\x1b\n",
		"error across a boundary drops the rest": "normal! i" + pad(1, -2, 1) + "\x1b:nosuchcmd\rAafter\x1b\n" +
			"normal! Gonext\x1b\n",
		"failed motion at a boundary": "normal! i" + pad(1, -7, 1) + "\x1bgg100kihello\x1b\n" +
			"normal! Gonext\x1b\n",
		"nested normal across a boundary": "normal! i" + pad(1, -5, 1) + "\x1b:normal! Ainner\x1b\ro" + text(argChunk) + "\x1b\n",
		"incomplete command at the end":   "normal! i" + pad(1, -1, 1) + "\x1bd\n" + "normal! x\n",
		"count and operator split":        "normal! i" + pad(2, -2, 1) + "\x1bgg3dd\n",
	}
	for name, script := range cases {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			want, vimErr := vimText(t, "top\n", "", []byte(script), nil)
			e := newTestEditor("top\n")
			kjxRun(t, e, true, []byte(script))
			compareText(t, name, want, e.text().String())
			if got := e.lastError(); !strings.HasPrefix(got, strings.SplitN(vimErr, ":", 2)[0]) {
				t.Fatalf("%s: kjx's last error %q, vim's %q", name, got, vimErr)
			}
		})
	}
	if argChunk < 100 {
		t.Fatal(fmt.Sprint("argChunk too small for these cases: ", argChunk))
	}
}

// TestUntypedEscRunsCmdline: an <Esc> that was not typed (a macro,
// :normal) runs the command line, as in Vim (c_<Esc>), unless it is
// inserted literally (CTRL-V) or answers CTRL-R; a :normal that ends in
// Command-line mode abandons the line.
func TestUntypedEscRunsCmdline(t *testing.T) {
	needVim(t)
	regs := map[rune]string{'q': ":s/top/Z/\x1b", 's': "/op\x1bx", 'r': "top"}
	var prelude strings.Builder
	for r, keys := range regs {
		v := strings.NewReplacer("\x1b", `\<Esc>`).Replace(keys)
		fmt.Fprintf(&prelude, "let @%c = \"%s\"\n", r, v)
	}
	for _, script := range []string{
		"normal! :s/top/X/\x1b\n",
		"normal! /op\x1bx\n",
		"normal! :s/t\x16\x1bop/Y/\r\n",
		"normal! :s/\x12\x1btop/W/\r\n",
		"normal! :s/top/Q/\n",
		"normal! ix\x1b:\x1bx\n",
		"normal! @q\n",
		"normal! @s\n",
		"normal! :s/\x12r/V/\x1b\n",
	} {
		want, _ := vimText(t, "top\n", prelude.String(), []byte(script), nil)
		e := newTestEditor("top\n")
		for r, keys := range regs {
			e.regs.named[r] = register{text: FormatKeys(rawKeys(keys))}
		}
		kjxRun(t, e, true, []byte(script))
		compareText(t, fmt.Sprintf("%q", script), want, e.text().String())
	}
}
