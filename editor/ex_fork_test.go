package editor

import (
	"strings"
	"testing"
)

// TestFork: :fork N opens the text of state N as a new buffer FILE~N
// whose history starts there; the original buffer does not move.
func TestFork(t *testing.T) {
	for _, tc := range []struct {
		arg, name, text string
		err             string
	}{
		{"1", "[No Name]~1", "onex", ""},
		{"0", "[No Name]~0", "one", ""},
		{"", "[No Name]~2", "onexy", ""},
		{"mine", "[No Name]~1", "onex", ""},
		{"9", "", "", "E830: Undo number 9 not found"},
		{"nope", "", "", "E475"},
	} {
		e := newTestEditor("one\n")
		e.Feed(mustKeys(t, "Ax<Esc>"), true)
		e.ExecEx("checkpoint mine")
		e.Feed(mustKeys(t, "Ay<Esc>"), true)
		e.TakeMessages()
		orig := e.buf()
		ok := e.ExecEx("fork " + tc.arg)
		msgs := e.TakeMessages()
		if tc.err != "" {
			if ok || len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1].Text, tc.err) {
				t.Errorf(":fork %s: ok %v, messages %v, want %q", tc.arg, ok, msgs, tc.err)
			}
			continue
		}
		b := e.buf()
		if b == orig || b.name != tc.name || b.Text().String() != tc.text || b.tree.SeqLast() != 0 {
			t.Errorf(":fork %s: buffer %q text %q seqLast %d; want %q %q 0", tc.arg, b.name, b.Text().String(), b.tree.SeqLast(), tc.name, tc.text)
		}
		if orig.Text().String() != "onexy" || orig.tree.Current() != 2 {
			t.Errorf(":fork %s moved the original buffer: %q at %d", tc.arg, orig.Text().String(), orig.tree.Current())
		}
	}
}
