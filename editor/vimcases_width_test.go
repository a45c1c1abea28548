package editor

import (
	"math/rand/v2"
	"testing"
)

// formatText holds format characters that Vim 9.0 and kjx both show as
// <hhhh> (6 cells: U+202E, U+200B, U+2060, U+FEFF, U+2066, U+2069)
// between plain text and tabs, so that every column a motion computes is
// one the screen shows.
const formatText = "a\u202ebc\u202edef\n" +
	"abcdefghijklmnopqrst\n" +
	"x\u200by\u2060z\ufeffw\n" +
	"\u2066abc\u2069 tail\tx\n" +
	"0123456789abcdefghijklmnopqrstuvwxyz\n"

// formatSteps move across the format characters with the motions that
// keep a display column: j and k, |, $, and blockwise Visual.
var formatSteps = []string{
	"jll", "k", "j", "jjj", "k", "kk", "8|", "j", "k", "15|", "jk", "j$", "k", "jj", "gg9|jj", "k", "4|jj",
	"gg0<C-v>jjjlld", "u", "gg5|<C-v>3jd", "u", "gg9|<C-v>jjjy", "jjp", "u", "gg4|<C-v>jjy", "4G$hp", "u",
	"gg3|<C-v>jjIX<Esc>", "u", "gg<C-v>jj$AY<Esc>", "u", "3G22|<C-v>kk3hd", "u", "3G19|<C-v>kk4ly", "u",
}

// wideText mixes tabs, wide characters and format characters, for
// blockwise operators whose block edges fall inside a character: Vim
// splits a tab into spaces, and yanks, puts and inserts around any other
// character by its columns.
const wideText = "abcdefgh\nab漢字cdef\nabcdefgh\n漢字漢字\na\tb\tc\n\t\tx\nq\u202ew\u200bz\n"

// wideSteps yank, put, insert, append, change and delete blocks over
// wideText, each undone.
var wideSteps = []string{
	"gg3|<C-v>jjjy", "jjp", "u", "gg4|<C-v>3jd", "u", "gg4|<C-v>jjIX<Esc>", "u", "gg3|<C-v>3jlc<Esc>", "u",
	"gg4|<C-v>3j$AY<Esc>", "u", "gg2|<C-v>jly", "5G4|p", "u", "6G3|P", "u", "5G11|p", "u",
	"5G3|<C-v>jjly", "gg$p", "u", "gg5|<C-v>6jy", "G$p", "u", "5G5|<C-v>jjIZ<Esc>", "u",
	"7G4|<C-v>2l", "y", "3G$p", "u", "7G5|<C-v>kkkd", "u", "7G2|<C-v>4kAw<Esc>", "u",
}

// TestFormatCharColumns pins, without Vim, the columns Vim 9.0 gives on
// a line with U+202E: it is drawn <202e> over columns 2-7, so k from
// column 8 of a plain line lands on the 'b' after it and k from column 4
// on the U+202E itself.
func TestFormatCharColumns(t *testing.T) {
	e := newTestEditor("a\u202ebc\nabcdefghijkl\n")
	feedSteps(t, e, "j7lk")
	if got := e.state().Cursor; got != [2]int{1, 5} {
		t.Errorf("k from column 8: cursor %v, Vim [1 5]", got)
	}
	feedSteps(t, e, "j0llk")
	if got := e.state().Cursor; got != [2]int{1, 2} {
		t.Errorf("k from column 4: cursor %v, Vim [1 2]", got)
	}
	feedSteps(t, e, "5|")
	if got := e.state().Cursor; got != [2]int{1, 2} {
		t.Errorf("5|: cursor %v, Vim [1 2]", got)
	}
	feedSteps(t, e, "8|")
	if got := e.state().Cursor; got != [2]int{1, 5} {
		t.Errorf("8|: cursor %v, Vim [1 5]", got)
	}
}

// TestVimFormatCharColumns runs formatSteps in the real Vim and in kjx and
// compares text and cursor after every step.
func TestVimFormatCharColumns(t *testing.T) {
	needVim(t)
	if testing.Short() {
		t.Skip("starts vim; skipped with -short")
	}
	want, err := runVim(t, formatText, formatSteps)
	if err != nil {
		t.Fatal(err)
	}
	got := kjxSteps(t, formatText, formatSteps)
	if d := diffSteps(formatSteps, want, got); d != "" {
		t.Error(d)
	}
	want, err = runVim(t, wideText, wideSteps)
	if err != nil {
		t.Fatal(err)
	}
	got = kjxSteps(t, wideText, wideSteps)
	if d := diffSteps(wideSteps, want, got); d != "" {
		t.Error(d)
	}
}

// widthMoves are the commands the random scenarios over formatText and
// wideText are made of: the motions that keep a display column, and
// blockwise Visual operators whose edges fall anywhere. Left out, as
// known differences that have nothing to do with widths: $ typed before
// <C-v> (Vim then extends the block to every line's end) and > on a
// block whose left edge is inside a wide character, and u after a
// characterwise p (the cursor goes to the change, Vim's to where it was).
var widthMoves = []string{
	"j", "k", "h", "l", "0", "w", "b", "3|", "7|", "9|", "15|", "2j", "2k", "G", "gg",
	"<C-v>jjd", "<C-v>kly", "<C-v>2jlc<Esc>", "<C-v>jIX<Esc>", "<C-v>j$AY<Esc>", "p", "P", "x",
}

// TestVimFormatCharRandom replays random scenarios of widthMoves in Vim
// and kjx and compares text and cursor after every step.
func TestVimFormatCharRandom(t *testing.T) {
	needVim(t)
	if testing.Short() {
		t.Skip("starts vim; skipped with -short")
	}
	rng := rand.New(rand.NewPCG(18, 2))
	for i := range 80 {
		text := formatText
		if i%2 == 1 {
			text = wideText
		}
		steps := make([]string, 12)
		steps[0] = "yl" // a register for p and P
		for j := 1; j < len(steps); j++ {
			steps[j] = widthMoves[rng.IntN(len(widthMoves))]
		}
		// getcurpos() settles curswant after each step, as the redraw
		// between two typed commands does in an interactive Vim (vim -Es
		// does not redraw).
		want, err := runVimSteps[vimStep](t, vimRecipe{fields: "'want': getcurpos()[4], "}, text, steps)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffSteps(steps, want, kjxSteps(t, text, steps)); d != "" {
			t.Errorf("scenario %d (text %q, steps %q):\n%s", i, text, steps, d)
		}
	}
}
