package session

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLoadHiddenInstallsHistory: a file loaded as a hidden buffer (the
// workspace rewind's way in) comes with the history of its undo file, and
// a write of it is recorded as any :w is; the current buffer does not move.
func TestLoadHiddenInstallsHistory(t *testing.T) {
	p := newPersistEnv(t, "one\n")
	s, _ := p.open()
	do(t, s, "Atwo<Esc>", "Athree<Esc>", ":w")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s2 := p.session()
	other := filepath.Join(p.root, "other.txt")
	if err := os.WriteFile(other, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := s2.Editor()
	if err := e.Open(other); err != nil {
		t.Fatal(err)
	}
	e.TakeMessages()
	b, err := e.LoadHidden(p.file)
	if err != nil {
		t.Fatal(err)
	}
	if e.Buffer().Name() != other || len(e.TakeMessages()) != 0 {
		t.Fatal("LoadHidden moved the current buffer or spoke")
	}
	if h := b.History(); h.SeqLast() != 2 || b.Text().String() != "onetwothree" {
		t.Fatalf("hidden buffer without its history: seq_last %d text %q", h.SeqLast(), b.Text().String())
	}
	if err := e.WriteBuffer(b, false); err != nil {
		t.Fatal(err)
	}
	if e.Buffer().Name() != other {
		t.Fatal("WriteBuffer moved the current buffer")
	}
}
