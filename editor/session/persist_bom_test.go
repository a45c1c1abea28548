package session

import (
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/undofile"
)

// TestPersistBOMLegacyHash: a history saved by a kjx whose hash left the
// byte order mark out still loads as current on its BOM file (no graft,
// no set-aside), and the next write records the hash of the bytes on
// disk, BOM included.
func TestPersistBOMLegacyHash(t *testing.T) {
	p := newPersistEnv(t, "\xef\xbb\xbfa b\n")
	s, _ := p.open()
	do(t, s, "Ac<Esc>", "u")
	text := s.Editor().Buffer().Text()
	c, _ := undofile.Canonical(p.file)
	snap := s.Editor().Buffer().History().Snapshot()
	legacy := EncodedState(text, true, 0, false)
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := undofile.WriteFile(p.undoFile(), undofile.Job{Path: c, Image: snap.Export, SavedSeq: 0, Disk: legacy, Text: &text},
		undofile.WriteOptions{Force: true}); err != nil {
		t.Fatal(err)
	}
	s.persist.bufs = nil // as if it had been killed: nothing more written
	r, msgs := p.open()
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], `"`) { // the file-info line only
		t.Fatalf("opening a BOM file with a history hashed without its BOM: %q", msgs)
	}
	if tr := r.Editor().Buffer().History(); tr.Len() != 1 || tr.Current() != 0 {
		t.Fatalf("history: %d nodes, current %d; want the saved one, current", tr.Len(), tr.Current())
	}
	do(t, r, ":w!") // 'bomb' kept: the new hash covers the BOM
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	l, err := undofile.Read(p.dir, c, undofile.HashBytes([]byte("\xef\xbb\xbfa b\n")), undofile.Limits{})
	if err != nil || l.Changed {
		t.Fatalf("after a write the undo file's hash is not the bytes on disk: %v changed=%v", err, l.Changed)
	}
}
