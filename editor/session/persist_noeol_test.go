package session

import (
	"os"
	"testing"
)

// TestPersistNoEOLEmptyLastLine: a file without a final newline that gets
// an empty last line (printf 'a\nb' > f; Go<Esc>:w) is written as bytes
// that read back as one line fewer with a final newline. Its history
// must still load: the buffer is again the three lines without a final
// newline, every state is there, and writing it keeps the bytes.
func TestPersistNoEOLEmptyLastLine(t *testing.T) {
	p := newPersistEnv(t, "a\nb")
	e1, _ := p.open()
	do(t, e1, "Go<Esc>", ":w")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p.file); string(got) != "a\nb\n" {
		t.Fatalf("written %q", got)
	}
	e2, msgs := p.open()
	for _, m := range msgs {
		if len(m) > 10 && m[:10] == "undo file " {
			t.Fatalf("open said %q", m)
		}
	}
	ed := e2.Editor()
	if got := textOf(ed); got != "a\nb\n" || ed.Buffer().FileFlags().EOL || ed.Buffer().Modified() {
		t.Fatalf("reopened: %q eol %v modified %v; want the written lines, noeol, unmodified", got, ed.Buffer().FileFlags().EOL, ed.Buffer().Modified())
	}
	do(t, e2, ":undo 0")
	if got := textOf(ed); got != "a\nb" {
		t.Errorf(":undo 0: %q", got)
	}
	do(t, e2, ":undo 1", ":w")
	if got, _ := os.ReadFile(p.file); string(got) != "a\nb\n" {
		t.Errorf("written again: %q", got)
	}
}
