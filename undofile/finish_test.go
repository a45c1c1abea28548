package undofile

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undo"
)

// blockWriter makes w's goroutine busy with a job for path that stays in
// progress until until() holds (or 5 s pass, reported as stuck). It
// returns once the job is in progress.
func blockWriter(w *Writer, path string, until func() bool) (stuck *atomic.Bool) {
	stuck = new(atomic.Bool)
	started := make(chan struct{})
	j := job(path, chainImage(2, "blocker"))
	j.Image = func() undo.Image {
		close(started)
		for deadline := time.Now().Add(5 * time.Second); !until(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				stuck.Store(true)
				break
			}
		}
		return chainImage(2, "blocker")
	}
	w.Schedule(j)
	<-started
	return stuck
}

// TestFinishWritesWaitingJobs: with the writer stuck in a write, Finish
// writes every waiting job itself, while the stuck write is still in
// progress (the stuck write waits for them: were they left to the writer,
// it would time out), and returns every result.
func TestFinishWritesWaitingJobs(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter(WriterOptions{Dir: dir})
	const n = 70 // more than one batch
	stuck := blockWriter(w, "/blocker", func() bool { return countHistories(dir) >= n })
	for i := range n {
		w.Schedule(job(fmt.Sprintf("/f%02d", i), chainImage(3, "v"+fmt.Sprint(i))))
	}
	rs := w.Finish()
	if stuck.Load() {
		t.Fatal("the waiting jobs were not written while the writer was busy")
	}
	if len(rs) != n+1 {
		t.Fatalf("%d results, want %d", len(rs), n+1)
	}
	if rs[0].Path != "/blocker" {
		t.Errorf("first result %s, want the write in progress", rs[0].Path)
	}
	for i := range n {
		p := fmt.Sprintf("/f%02d", i)
		l, err := Read(dir, p, stateOf(p), Limits{})
		if err != nil || newestLabel(l.File) != "v"+fmt.Sprint(i) {
			t.Fatalf("%s after Finish: %v", p, err)
		}
	}
	for _, r := range rs {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Path, r.Err)
		}
	}
	assertNoTemps(t, dir)
}

// countHistories counts the undo files in dir.
func countHistories(dir string) int {
	ents, _ := os.ReadDir(dir)
	n := 0
	for _, e := range ents {
		if e.Name()[0] == '%' {
			n++
		}
	}
	return n
}

// TestFinishSamePathAfterInFlight: a waiting job for the path being
// written is written after that write, so the newer history wins.
func TestFinishSamePathAfterInFlight(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter(WriterOptions{Dir: dir})
	start := time.Now()
	blockWriter(w, testPath, func() bool { return time.Since(start) > 50*time.Millisecond })
	newer := job(testPath, chainImage(4, "newer"))
	w.Schedule(newer)
	rs := w.Finish()
	if len(rs) != 2 || rs[1].Err != nil || rs[1].Nodes != 4 {
		t.Fatalf("results %+v", rs)
	}
	l, err := Read(dir, testPath, stateOf(testPath), Limits{})
	if err != nil || newestLabel(l.File) != "newer" {
		t.Fatalf("after Finish the undo file holds %q (%v), want the newer history", newestLabel(l.File), err)
	}
}

// TestFinishKeepsEveryFailure: every failed write is returned, even more
// than the Results channel holds; the writer is then closed.
func TestFinishKeepsEveryFailure(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter(WriterOptions{Dir: dir, ResultBuffer: 4, Fault: func(step string) error {
		if step == "rename" {
			return &os.PathError{Op: step, Path: "x", Err: syscall.EACCES}
		}
		return nil
	}})
	const n = 80
	start := time.Now()
	blockWriter(w, "/blocker", func() bool { return time.Since(start) > 20*time.Millisecond })
	for i := range n {
		w.Schedule(job(fmt.Sprintf("/f%02d", i), chainImage(2, "")))
	}
	rs := w.Finish()
	if len(rs) != n+1 {
		t.Fatalf("%d results, want %d", len(rs), n+1)
	}
	seen := map[string]bool{}
	for _, r := range rs {
		if r.Err == nil || KindOf(r.Err) != KindIO {
			t.Fatalf("%s: %v, want a permission error", r.Path, r.Err)
		}
		seen[r.Path] = true
	}
	if len(seen) != n+1 {
		t.Errorf("%d distinct paths in the results, want %d", len(seen), n+1)
	}
	assertNoTemps(t, dir)
	if w.Schedule(job("/late", chainImage(1, ""))) {
		t.Error("Schedule accepted a job after Finish")
	}
	if err := w.Flush(context.Background()); err != ErrClosed {
		t.Errorf("Flush after Finish: %v", err)
	}
	if rs := w.Finish(); rs != nil {
		t.Errorf("a second Finish returned %d results", len(rs))
	}
	w.Close() // does nothing, returns
}

// TestFinishIdleWriter: Finish on a writer with nothing to do returns no
// result; after Close it returns nil at once.
func TestFinishIdleWriter(t *testing.T) {
	w := NewWriter(WriterOptions{Dir: t.TempDir()})
	if rs := w.Finish(); len(rs) != 0 {
		t.Errorf("idle Finish: %+v", rs)
	}
	w = NewWriter(WriterOptions{Dir: t.TempDir()})
	w.Close()
	if rs := w.Finish(); rs != nil {
		t.Errorf("Finish after Close: %+v", rs)
	}
}
