package editor

import (
	"os"
	"strings"
	"testing"
)

// TestPrepareWriteNotEdited: a rewind's write (PrepareWrite) refuses a
// buffer renamed by :file onto an existing file, as :w does (E13), and
// writes one renamed onto a free name.
func TestPrepareWriteNotEdited(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := writeFiles(dir, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"}); err != nil {
		t.Fatal(err)
	}
	e := New(Config{Clean: true})
	if err := e.Open("a.txt"); err != nil {
		t.Fatal(err)
	}
	e.ExecEx("file b.txt")
	if _, err := e.PrepareWrite(e.Buffer()); err == nil || !strings.Contains(err.Error(), "E13") {
		t.Fatalf("PrepareWrite over an existing file after :file = %v, want E13", err)
	}
	e.ExecEx("file c.txt")
	j, err := e.PrepareWrite(e.Buffer())
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Run(); err != nil {
		t.Fatal(err)
	}
	if err := e.FinishWrite(j); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile("c.txt"); string(got) != "one\n" {
		t.Errorf("c.txt = %q", got)
	}
	if got, _ := os.ReadFile("b.txt"); string(got) != "bee\n" {
		t.Errorf("b.txt = %q, want it untouched", got)
	}
	if e.Buffer().notEdited {
		t.Error("still [Not edited] after the write")
	}
}
