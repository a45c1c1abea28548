package session

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// benchWorkspace is a workspace whose history knows known files, of
// which open are open in a session, each edited once.
func benchWorkspace(b *testing.B, known, open int) (*wsEnv, *Session, *wsState) {
	w := newWsEnv(&testing.T{})
	w.t = nil
	tmp := b.TempDir()
	w.root, w.undo, w.data = filepath.Join(tmp, "proj"), filepath.Join(tmp, "undo"), filepath.Join(tmp, "data")
	if err := os.MkdirAll(filepath.Join(w.root, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	s := w.sessionB(b)
	ws := s.workspace()
	if ws == nil {
		b.Fatal(s.ws.err)
	}
	files := make([]workspace.Entry, known)
	for i := range files {
		p := fmt.Sprintf("dir%d/file%04d.go", i%10, i)
		files[i] = workspace.Entry{Path: p, Seq: 1, Exists: true, Disk: undofile.HashBytes([]byte(p))}
	}
	if _, err := ws.log.Commit(workspace.Record{Time: time.Unix(1e9, 0), Label: "opened", Files: files}); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < open; i++ {
		name := filepath.Join(w.root, fmt.Sprintf("open%03d.txt", i))
		if err := os.WriteFile(name, []byte("line one\nline two\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		s.Editor().ExecEx("e " + name)
	}
	if err := ws.work.wait(); err != nil {
		b.Fatal(err)
	}
	return w, s, ws
}

// sessionB is session for a benchmark.
func (w *wsEnv) sessionB(b *testing.B) *Session {
	w.t = &testing.T{}
	s := w.session()
	b.Cleanup(func() { _ = s.Close() })
	return s
}

// editAll changes every open buffer once, through its undo tree (as a
// typed change would, without switching buffers).
func editAll(s *Session, i int) {
	for _, buf := range s.Editor().Buffers() {
		t := buf.History()
		t.Sync()
		if err := t.Apply(buffer.Change{Off: 0, New: fmt.Sprintf("x%d ", i)}); err != nil {
			panic(err)
		}
		t.Sync()
	}
}

// BenchmarkCheckpoint1000Files10Changed is the part of a checkpoint that
// runs on the session's goroutine: the history knows 1 000 files, 10
// are open and changed. Hashing, storing and appending run on the
// worker (waited for outside the timer).
func BenchmarkCheckpoint1000Files10Changed(b *testing.B) {
	_, s, ws := benchWorkspace(b, 1000, 10)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		editAll(s, i)
		if err := ws.work.wait(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		s.checkpoint(ws, labelWrite, false, nil)
	}
	b.StopTimer()
	if err := ws.work.wait(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCheckpoint1000Files10ChangedWorker is the whole checkpoint,
// the worker's hashing, storing and appending (with its fsync) included.
func BenchmarkCheckpoint1000Files10ChangedWorker(b *testing.B) {
	_, s, ws := benchWorkspace(b, 1000, 10)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		editAll(s, i)
		b.StartTimer()
		s.checkpoint(ws, labelWrite, false, nil)
		if err := ws.work.wait(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRewind100Files is :rewind! of 100 changed files, back and
// forth between two checkpoints: the plan, the conflict check, the
// "before rewind" checkpoint and 100 crash-safe writes.
func BenchmarkRewind100Files(b *testing.B) {
	_, s, ws := benchWorkspace(b, 0, 100)
	ed := s.Editor()
	ed.ExecEx("checkpoint one")
	editAll(s, 0)
	ed.ExecEx("wall")
	ed.ExecEx("checkpoint two")
	if err := ws.work.wait(); err != nil {
		b.Fatal(err)
	}
	ed.TakeMessages()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		target := []string{"one", "two"}[i%2]
		if _, _, err := s.rewind(target, false, true); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	for _, m := range ed.TakeMessages() {
		if m.Error {
			b.Fatal(m.Text)
		}
	}
}
