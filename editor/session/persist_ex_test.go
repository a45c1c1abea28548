package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestWundoRundo checks :wundo and :rundo against Vim's behaviour and
// messages (Vim 9.0, checked by hand: :wundo is silent, refuses a file
// that is not an undo file without !, writes nothing without history;
// :rundo says "Finished reading undo file F", E822/E823/E825, and "File
// contents changed, cannot use undo info" for another text).
func TestWundoRundo(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	u := filepath.Join(p.root, "u1")
	notUndo := filepath.Join(p.root, "notundo")
	if err := os.WriteFile(notUndo, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e1, _ := p.open()
	do(t, e1, ":wundo "+u)
	if _, err := os.Stat(u); err == nil {
		t.Fatal(":wundo wrote a file without history")
	}
	do(t, e1, "Ab<Esc>", "Ac<Esc>", ":w", ":wundo "+u, ":wundo "+notUndo)
	if got := msgTexts(e1.Editor().TakeMessages()); !hasMsg(got, "Will not overwrite, this is not an undo file: "+notUndo) {
		t.Errorf(":wundo over a text file: %q", got)
	}
	if b, _ := os.ReadFile(notUndo); string(b) != "hello\n" {
		t.Errorf("the text file was overwritten: %q", b)
	}
	if fi, err := os.Stat(u); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf(":wundo: %v", err)
	}
	do(t, e1, ":wundo! "+notUndo)
	if b, _ := os.ReadFile(notUndo); !strings.HasPrefix(string(b), "KJXUNDO") {
		t.Error(":wundo! did not overwrite")
	}

	// A second file with the same text takes the history.
	other := filepath.Join(p.root, "g.txt")
	if err := os.WriteFile(other, []byte("abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e2 := p.session()
	e2.Editor().ExecEx("set noundofile") // no automatic history: :rundo only
	if err := e2.Editor().Open(other); err != nil {
		t.Fatal(err)
	}
	e2.Editor().TakeMessages()
	do(t, e2, ":rundo "+u)
	if got := msgTexts(e2.Editor().TakeMessages()); len(got) != 1 || got[0] != "Finished reading undo file "+u {
		t.Errorf(":rundo: %q", got)
	}
	do(t, e2, "u")
	if textOf(e2.Editor()) != "ab" || e2.Editor().Buffer().History().SeqLast() != 2 {
		t.Errorf("u after :rundo: %q, seq_last %d", textOf(e2.Editor()), e2.Editor().Buffer().History().SeqLast())
	}

	cases := []struct{ text, file, want string }{
		{"abcd\n", u, "File contents changed, cannot use undo info"},
		{"abc\n", filepath.Join(p.root, "missing"), "E822: Cannot open undo file for reading: " + filepath.Join(p.root, "missing")},
		{"abc\n", other, "E823: Not an undo file: " + other},
	}
	for _, c := range cases {
		if err := os.WriteFile(other, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		e3 := p.session()
		e3.Editor().ExecEx("set noundofile")
		if err := e3.Editor().Open(other); err != nil {
			t.Fatal(err)
		}
		e3.Editor().TakeMessages()
		do(t, e3, ":rundo "+c.file)
		if got := msgTexts(e3.Editor().TakeMessages()); len(got) != 1 || got[0] != c.want {
			t.Errorf(":rundo %s on %q: %q, want %q", filepath.Base(c.file), c.text, got, c.want)
		}
		if e3.Editor().Buffer().History().Len() != 0 {
			t.Errorf(":rundo %s changed the history", filepath.Base(c.file))
		}
	}

	data, _ := os.ReadFile(u)
	data[len(data)-20] ^= 1
	bad := filepath.Join(p.root, "bad")
	if err := os.WriteFile(bad, data, 0o600); err != nil {
		t.Fatal(err)
	}
	e2.Editor().TakeMessages()
	do(t, e2, ":rundo "+bad)
	if got := msgTexts(e2.Editor().TakeMessages()); len(got) != 1 || !strings.HasPrefix(got[0], "E825: Corrupted undo file (") ||
		!strings.HasSuffix(got[0], "): "+bad) {
		t.Errorf(":rundo of a damaged file: %q", got)
	}
}

// TestUndostats lists the undo directory.
func TestUndostats(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e, _ := p.open()
	do(t, e, ":undostats")
	out := e.Editor().TakeOutput()
	if len(out) != 2 || out[0] != "Undo directory: "+p.dir+" ('undofile' on)" || out[1] != "0 undo files, 0 B" {
		t.Errorf("empty directory: %q", out)
	}
	do(t, e, "Ab<Esc>", ":w", ":sleep 1", ":undostats")
	out = e.Editor().TakeOutput()
	fi, err := os.Stat(p.undoFile())
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 4 || out[1] != "1 undo file, "+humanSize(fi.Size()) || out[2] != "Largest:" ||
		!strings.HasSuffix(out[3], "  "+p.file) {
		t.Errorf(":undostats: %q", out)
	}
	// The file goes: its history is an orphan, kept; one unused for
	// persist_days is listed as what the next start deletes.
	if err := os.Remove(p.file); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Duration(p.conf.PersistDays+1) * 24 * time.Hour)
	if err := os.Chtimes(p.undoFile(), old, old); err != nil {
		t.Fatal(err)
	}
	do(t, e, ":undostats")
	out = e.Editor().TakeOutput()
	want := []string{"Orphaned (their file is gone): 1", "  " + p.file, "Unused for 90 days, deleted at the next start: 1", "  " + p.file}
	if len(out) != 8 || !slices.Equal(out[4:], want) {
		t.Errorf(":undostats with an orphan: %q, want it to end with %q", out, want)
	}
}

func TestHumanSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB",
		10 << 20: "10.0 MiB", 3 << 30: "3.0 GiB"} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestUndostatsPruneAndUndopurge: :undostats prune lists what the next
// start deletes and deletes nothing; :undopurge refuses an open file's
// history, deletes a closed one's on purpose, and :undopurge orphans
// deletes the histories whose file is gone.
func TestUndostatsPruneAndUndopurge(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	e, _ := p.open()
	do(t, e, ":undostats prune")
	if out := e.Editor().TakeOutput(); len(out) != 1 || !strings.HasPrefix(out[0], "No history unused for 90 days") {
		t.Errorf(":undostats prune, nothing old: %q", out)
	}
	do(t, e, "Ab<Esc>", ":w", ":sleep 1")
	old := time.Now().Add(-time.Duration(p.conf.PersistDays+1) * 24 * time.Hour)
	if err := os.Chtimes(p.undoFile(), old, old); err != nil {
		t.Fatal(err)
	}
	do(t, e, ":undostats prune")
	want := []string{"Unused for 90 days, deleted at the next start (nothing is deleted now): 1", "  " + p.file}
	if out := e.Editor().TakeOutput(); !slices.Equal(out, want) {
		t.Errorf(":undostats prune: %q, want %q", out, want)
	}
	if _, err := os.Stat(p.undoFile()); err != nil {
		t.Fatalf("the dry run deleted the undo file: %v", err)
	}
	e.Editor().ExecEx("undopurge " + p.file)
	if msgs := e.Editor().TakeMessages(); len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1].Text, "is open") {
		t.Errorf(":undopurge of an open file: %v", msgs)
	}
	e.Editor().ExecEx("bdelete")
	e.Editor().TakeMessages()
	do(t, e, ":undopurge "+p.file)
	if out := e.Editor().TakeOutput(); len(out) != 2 || out[0] != "1 history deleted" {
		t.Errorf(":undopurge FILE: %q", out)
	}
	if _, err := os.Stat(p.undoFile()); !os.IsNotExist(err) {
		t.Errorf("the undo file is still there: %v", err)
	}
	e.Editor().ExecEx("undopurge " + p.file)
	if msgs := e.Editor().TakeMessages(); len(msgs) == 0 || !strings.Contains(msgs[len(msgs)-1].Text, "no history of") {
		t.Errorf(":undopurge of a file without history: %v", msgs)
	}
	do(t, e, ":undopurge orphans")
	if out := e.Editor().TakeOutput(); len(out) != 1 || out[0] != "0 histories deleted" {
		t.Errorf(":undopurge orphans with none: %q", out)
	}
}
