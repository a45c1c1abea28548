package main

import "testing"

// TestTypedPatch checks the typed shape of single patches: the cursor goes
// after the deleted text ("i" on a character, "a" at an end of line), one
// <BS> per deleted byte, newlines typed as <CR>, then <Esc>.
func TestTypedPatch(t *testing.T) {
	for _, c := range []struct {
		text     string
		off, del int
		ins      string
		line     string
		after    string
	}{
		{"abc\ndef", 1, 0, "X", "normal! 2goiX\x1b", "aXbc\ndef"},
		{"abc\ndef", 3, 0, "X", "normal! 4goaX\x1b", "abcX\ndef"},
		{"abc\ndef", 7, 0, "X\nY", "normal! 8goaX\rY\x1b", "abc\ndefX\nY"},
		{"abc\ndef", 1, 2, "", "normal! 4goa\x08\x08\x1b", "a\ndef"},
		{"abc\ndef", 2, 3, "Z", "normal! 6goi\x08\x08\x08Z\x1b", "abZef"},
		{"", 0, 0, "hi", "normal! 1goahi\x1b", "hi"},
		{"a\n\nb", 2, 0, "x", "normal! 3goax\x1b", "a\nx\nb"},
	} {
		m := newModel(c.text)
		line, err := typedPatch(m, c.off, c.del, c.ins)
		if err != nil || line != c.line || m.String() != c.after {
			t.Errorf("%q at %d -%d +%q: %q, %q, %v; want %q, %q", c.text, c.off, c.del, c.ins, line, m.String(), err, c.line, c.after)
		}
	}
	if _, err := typedPatch(newModel("abc"), 0, 0, "a\x01"); err == nil {
		t.Errorf("a control character was accepted")
	}
}
