package editor

import "testing"

// TestMarksFollowMovedLines checks that :m carries the marks of the moved
// lines (Vim's do_move) and that a characterwise delete from column 0
// keeps the marks of its first line (op_delete joins the last line to
// it). The expected lines were checked with Vim 9.0 (vim -Es: line("'a")
// after the same commands).
func TestMarksFollowMovedLines(t *testing.T) {
	e := newTestEditor("a\nb\nc\nd\ne\n")
	feedSteps(t, e, ":2mark a<CR>")
	feedSteps(t, e, ":4mark b<CR>")
	markLines := func() (int, int) {
		b := e.buf()
		return b.marks['a'].Line + 1, b.marks['b'].Line + 1
	}
	feedSteps(t, e, ":2m4<CR>")
	if a, b := markLines(); a != 4 || b != 3 {
		t.Errorf(":2m4: 'a %d 'b %d, want 4 3 (Vim)", a, b)
	}
	feedSteps(t, e, ":1m$<CR>")
	if a, b := markLines(); a != 3 || b != 2 {
		t.Errorf(":1m$: 'a %d 'b %d, want 3 2 (Vim)", a, b)
	}

	e = newTestEditor("x\ny\n\nz\n")
	feedSteps(t, e, "ma")
	feedSteps(t, e, "v}d")
	if p, ok := e.buf().marks['a']; !ok || p.Line != 0 {
		t.Errorf("v}d from column 0: 'a %v (set %v), want line 1 (Vim)", p, ok)
	}
	if got := e.text().String(); got != "z" {
		t.Errorf("v}d: text %q, want %q", got, "z")
	}
}
