package editor

import (
	"os"
	"strings"
	"testing"
)

// newArgsEditor starts an editor on a.txt b.txt c.txt in a temporary
// directory.
func newArgsEditor(t *testing.T) *Editor {
	t.Helper()
	t.Chdir(t.TempDir())
	for name, text := range map[string]string{"a.txt": "a1\n", "b.txt": "b1\n", "c.txt": "c1\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := New(Config{Clean: true})
	if err := e.SetArgs([]string{"a.txt", "b.txt", "c.txt"}); err != nil {
		t.Fatal(err)
	}
	return e
}

// lsLines is what :ls shows.
func lsLines(e *Editor) []string {
	var out []string
	for _, r := range e.bufferList(false) {
		out = append(out, e.bufferListLine(r))
	}
	return out
}

// TestBufferListOfArguments: every argument file has Vim's number from
// the start, on line 0 until it is loaded, and :bnext loads it.
func TestBufferListOfArguments(t *testing.T) {
	e := newArgsEditor(t)
	want := []string{
		`  1 %a   "a.txt"                        line 1`,
		`  2      "b.txt"                        line 0`,
		`  3      "c.txt"                        line 0`,
	}
	if got := lsLines(e); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf(":ls\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	e.ExecEx("bnext")
	if e.Buffer().Name() != "b.txt" || e.Buffer().id != 2 || textOf(e) != "b1" {
		t.Fatalf(":bnext went to %q (buffer %d, %q), want b.txt, 2", e.Buffer().Name(), e.Buffer().id, textOf(e))
	}
	feedSteps(t, e, "<C-o>")
	if e.Buffer().Name() != "a.txt" {
		t.Fatalf("CTRL-O after :bnext is in %q, want a.txt", e.Buffer().Name())
	}
}

// TestBdeleteBangDiscards: :bdelete! lets a buffer's changes go as Vim
// does, so :qa quits, and they stay one undo away when it comes back.
func TestBdeleteBangDiscards(t *testing.T) {
	e := newArgsEditor(t)
	feedSteps(t, e, "x")
	if !e.ExecEx("bdelete!") {
		t.Fatalf(":bdelete! failed: %v", e.TakeMessages())
	}
	if e.Buffer().Name() != "b.txt" {
		t.Fatalf(":bdelete! went to %q, want b.txt (Vim's next buffer)", e.Buffer().Name())
	}
	if !e.ExecEx("qa") || !e.Quit() {
		t.Fatalf(":qa after :bdelete! did not quit: %v", e.TakeMessages())
	}
	e = newArgsEditor(t)
	feedSteps(t, e, "x")
	e.ExecEx("bdelete!")
	e.ExecEx("e a.txt")
	if textOf(e) != "a1" {
		t.Fatalf("a.txt after :bdelete! is %q, want the file's a1", textOf(e))
	}
	feedSteps(t, e, "u")
	if textOf(e) != "1" {
		t.Fatalf("u after :bdelete! gives %q, want the discarded change 1", textOf(e))
	}
}

// TestAlternateAfterSaveas: after :saveas the old name is the alternate
// file, and :e # reads it (it used to open an empty buffer).
func TestAlternateAfterSaveas(t *testing.T) {
	e := newArgsEditor(t)
	e.ExecEx("saveas new.txt")
	if !e.ExecEx("e #") {
		t.Fatalf(":e # failed: %v", e.TakeMessages())
	}
	if e.Buffer().Name() != "a.txt" || textOf(e) != "a1" {
		t.Fatalf(":e # after :saveas: %q holding %q, want a.txt holding a1", e.Buffer().Name(), textOf(e))
	}
}

// TestRefusedEditSetsAlternate: a refused :e other makes other the
// alternate file (Vim's setaltfname), so :e! # edits it.
func TestRefusedEditSetsAlternate(t *testing.T) {
	e := newArgsEditor(t)
	feedSteps(t, e, "x")
	if e.ExecEx("e c.txt") {
		t.Fatal(":e c.txt with a modified buffer was not refused")
	}
	e.ExecEx("e! #")
	if e.Buffer().Name() != "c.txt" {
		t.Fatalf(":e! # went to %q, want c.txt", e.Buffer().Name())
	}
}
