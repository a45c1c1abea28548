package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// TestPersistWriteFailure: an undo directory that cannot be created (a
// file is in the way) gives one warning; editing and :w go on.
func TestPersistWriteFailure(t *testing.T) {
	p := newPersistEnv(t, "a\n")
	blocker := filepath.Join(p.root, "blocker")
	if err := os.WriteFile(blocker, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	p.dir = filepath.Join(blocker, "undo")
	e, _ := p.open()
	do(t, e, "Ab<Esc>", ":w", ":sleep 1")
	msgs := msgTexts(e.Editor().TakeMessages())
	n := 0
	for _, m := range msgs {
		if strings.HasPrefix(m, "W: undo file not written: ") && strings.HasSuffix(m, "; editing continues") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("messages %q: want one write warning", msgs)
	}
	do(t, e, "Ac<Esc>", ":w", ":sleep 1")
	for _, m := range msgTexts(e.Editor().TakeMessages()) {
		if strings.HasPrefix(m, "W: undo file") {
			t.Errorf("the warning was repeated: %q", m)
		}
	}
	if got, _ := os.ReadFile(p.file); string(got) != "abc\n" {
		t.Errorf("the text file after a failed undo write: %q", got)
	}
	if e.Close() == nil {
		t.Error("Close reported no failure")
	}
}

// TestPersistDiskFullMessage: the writer's disk-full error becomes the
// message line's warning, word for word.
func TestPersistDiskFullMessage(t *testing.T) {
	for _, c := range []struct{ detail, want string }{
		{"disk full (write: no space left on device)", "W: undo file not written: disk full; editing continues"},
		{"read-only file system (rename)", "W: undo file not written: read-only file system; editing continues"},
	} {
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Editor: editor.Config{Clean: true}})
		err := &undofile.Error{Name: "/u/%f", Op: undofile.OpWrite, Kind: undofile.KindNoSpace, Detail: c.detail}
		if !e.undoResult(undofile.Result{Path: "/f", Err: err}) {
			t.Fatal("no message for a failed write")
		}
		if got := msgTexts(e.Editor().TakeMessages()); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: %q, want %q", c.detail, got, c.want)
		}
	}
}

// TestPersistDiskFull fills a small tmpfs (root only; skipped elsewhere):
// the write that does not fit is a warning, the previous undo file stays
// as it was, and editing continues.
func TestPersistDiskFull(t *testing.T) {
	if testing.Short() || os.Geteuid() != 0 {
		t.Skip("needs root to mount a small tmpfs")
	}
	p := newPersistEnv(t, "a\n")
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", p.dir, "tmpfs", 0, "size=128k,mode=0700"); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(p.dir, syscall.MNT_DETACH) })
	filler := make([]byte, 96<<10)
	if err := os.WriteFile(filepath.Join(p.dir, "filler"), filler, 0o600); err != nil {
		t.Fatal(err)
	}
	e, _ := p.open()
	do(t, e, "Ab<Esc>", ":w", ":sleep 1")
	if m := msgTexts(e.Editor().TakeMessages()); len(m) != 1 {
		t.Fatalf("first write: %q", m)
	}
	old, err := os.ReadFile(p.undoFile())
	if err != nil {
		t.Fatalf("first undo file: %v", err)
	}
	big := make([]byte, 48<<10)
	_, _ = rand.Read(big)
	bigFile := filepath.Join(p.root, "big.txt")
	if err := os.WriteFile(bigFile, []byte(base64.StdEncoding.EncodeToString(big)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, e, ":r "+bigFile, ":w", ":sleep 1")
	const want = "W: undo file not written: disk full; editing continues"
	if m := msgTexts(e.Editor().TakeMessages()); !hasMsg(m, want) {
		t.Fatalf("messages %q, want %q", m, want)
	}
	if now, err := os.ReadFile(p.undoFile()); err != nil || string(now) != string(old) {
		t.Errorf("the previous undo file changed: %v", err)
	}
	do(t, e, "u")
	if textOf(e.Editor()) != "ab" {
		t.Errorf("editing after a full disk: %q", textOf(e.Editor()))
	}
}

// TestHashEncodedIsTheFile: the hash of what fileio read, encoded back,
// is the hash of the file's bytes, for any bytes (line endings of both
// kinds and mixed, lone CRs, no final newline, NULs, invalid UTF-8), so a
// history written after :w is found again on open.
func TestHashEncodedIsTheFile(t *testing.T) {
	dir := t.TempDir()
	rng := mrand.New(mrand.NewPCG(1, 2))
	alphabet := []string{"a", "é", "\n", "\r\n", "\r", "\x00", "\xff", " ", "\t"}
	n := 600
	if testing.Short() || testkit.RaceEnabled {
		n = 150
	}
	for i := range n {
		var sb strings.Builder
		for range rng.IntN(40) {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		if i%3 == 0 { // make some files DOS
			sb.Reset()
			for range rng.IntN(5) {
				sb.WriteString("x\r\n")
			}
		}
		data := sb.String()
		name := filepath.Join(dir, fmt.Sprintf("f%d", i))
		if err := os.WriteFile(name, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		l, err := fileio.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		got := EncodedState(l.Text, l.EOL, l.Format, l.BOM)
		want := undofile.FileState{Hash: sha256.Sum256([]byte(data)), Size: int64(len(data))}
		if got != want {
			t.Fatalf("%q: hash of the re-encoded text differs (size %d, want %d)", data, got.Size, want.Size)
		}
	}
}

// TestPersistPrune: at start-up, histories older than persist_days go;
// those of absent files stay (a branch switch, a move, an unmounted disk:
// the file may come back), whether or not their directory exists.
func TestPersistPrune(t *testing.T) {
	p := newPersistEnv(t, "")
	live := filepath.Join(p.root, "live.txt")
	deleted := filepath.Join(p.root, "deleted.txt")
	old := filepath.Join(p.root, "old.txt")
	away := filepath.Join(p.root, "gone-dir", "f.txt")
	for _, f := range []string{live, old} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	name := map[string]string{}
	for _, f := range []string{live, deleted, old, away} {
		name[f] = writeTestUndoFile(t, p.dir, f)
	}
	ago := time.Now().Add(-100 * 24 * time.Hour)
	if err := os.Chtimes(name[old], ago, ago); err != nil {
		t.Fatal(err)
	}
	e := p.session()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	for f, keep := range map[string]bool{live: true, deleted: true, old: false, away: true} {
		_, err := os.Stat(name[f])
		if kept := err == nil; kept != keep {
			t.Errorf("%s: kept %v, want %v", filepath.Base(f), kept, keep)
		}
	}
}

// writeTestUndoFile writes a one-change history for text file path into
// dir and returns the undo file's name.
func writeTestUndoFile(t *testing.T, dir, path string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	tr := undo.New(buffer.FromString("x"), undo.Options{})
	tr.Save(undo.Pos{}, undo.SourceTyped)
	if err := tr.Apply(buffer.Change{Off: 1, New: "y"}); err != nil {
		t.Fatal(err)
	}
	tr.Sync()
	snap := tr.Snapshot()
	text := tr.Text()
	name := filepath.Join(dir, undofile.PlainName(path))
	job := undofile.Job{Path: path, Image: snap.Export, SavedSeq: 1, Text: &text}
	if _, err := undofile.WriteFile(name, job, undofile.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return name
}
