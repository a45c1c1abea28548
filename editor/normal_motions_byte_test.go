package editor

import (
	"strings"
	"testing"
)

// TestGotoByte checks [count]go against results recorded from Vim 9.0 on
// "abc\ndef\nghi\n" with the cursor first on line 3 (G).
func TestGotoByte(t *testing.T) {
	tests := []struct {
		keys  string
		line  int // 1-based, as Vim's getpos
		col   int
		lines string
	}{
		{"go", 1, 1, "abc|def|ghi"},
		{"5go", 2, 1, "abc|def|ghi"},
		{"4go", 1, 3, "abc|def|ghi"},   // the newline of line 1
		{"100go", 3, 3, "abc|def|ghi"}, // past the end
		{"d6go", 2, 1, "abc|d|ghi"},    // exclusive, ends in column 1
	}
	for _, tc := range tests {
		e := newTestEditor("abc\ndef\nghi\n")
		e.Feed(MustParseKeys("G"+tc.keys), true)
		got := strings.Join(splitLines(e.text().String()), "|")
		if e.win.cur.Line+1 != tc.line || e.win.cur.Col+1 != tc.col || got != tc.lines {
			t.Errorf("%s: cursor %d,%d text %q; Vim: %d,%d %q", tc.keys,
				e.win.cur.Line+1, e.win.cur.Col+1, got, tc.line, tc.col, tc.lines)
		}
	}
	// go is a jump: '' returns to where it started.
	e := newTestEditor("abc\ndef\nghi\n")
	e.Feed(MustParseKeys("G5go''"), true)
	if e.win.cur.Line != 2 {
		t.Errorf("'' after go: line %d, want 3", e.win.cur.Line+1)
	}
}

// TestNormalRawControlBytes checks :normal reads control characters as the
// keys they are typed as; the expected texts were recorded from Vim 9.0
// (exe "normal! …" with the same bytes).
func TestNormalRawControlBytes(t *testing.T) {
	tests := []struct {
		arg, want string
	}{
		{"ihello\rworld\x1b", "hello\nworld"},
		{"ihello\rworld\x1bx", "hello\nworl"},
		{"iab\x08c\td\x1b", "ac\td"},
		{"iab\x7fc\x1b", "ab\x7fc"},
		{"iabc\x1bhi\x7f\x1b", "a\x7fbc"},
		{"ione two\x17x\x1b", "one x"},
		{"iabc\x1bhhx", "bc"},
	}
	for _, tc := range tests {
		e := newTestEditor("")
		e.ExecEx("normal! " + tc.arg)
		if got := e.text().String(); got != tc.want {
			t.Errorf("normal! %q: %q, Vim %q", tc.arg, got, tc.want)
		}
	}
}

// TestRawKeys pins the byte → key mapping :normal uses.
func TestRawKeys(t *testing.T) {
	got := FormatKeys(rawKeys("a\r\x1b\x08\t\x17é"))
	if want := "a<CR><Esc><BS><Tab><C-W>é"; !strings.EqualFold(got, want) {
		t.Errorf("rawKeys: %s, want %s", got, want)
	}
}
