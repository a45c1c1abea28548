package undofile

import (
	"context"
	"os"
	"strconv"
	"syscall"
	"testing"

	"github.com/kjx-editor/kjx/undo"
)

// batchRun blocks the writer on one job, queues n more (so they are
// written as one batch), releases it and returns the batch's results.
func batchRun(t *testing.T, w *Writer, n int, label string) []Result {
	t.Helper()
	release, started := make(chan struct{}), make(chan struct{})
	blocker := job("/blocker", chainImage(1, "b"))
	blocker.Image = func() undo.Image { close(started); <-release; return chainImage(1, "b") }
	w.Schedule(blocker)
	<-started
	for i := range n {
		w.Schedule(job("/p"+strconv.Itoa(i), chainImage(20, label)))
	}
	close(release)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var rs []Result
	for range n + 1 {
		rs = append(rs, <-w.Results())
	}
	return rs[1:]
}

// TestBatchWrite: jobs waiting together are written as one batch (one
// sync for all), each undo file complete; a failure at any step of the
// batch fails each job with the previous files intact and no temporary
// file left.
func TestBatchWrite(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter(WriterOptions{Dir: dir})
	for _, r := range batchRun(t, w, 5, "old") {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		l, err := Read(dir, r.Path, stateOf(r.Path), Limits{})
		if err != nil || newestLabel(l.File) != "old" {
			t.Fatalf("%s: %v", r.Path, err)
		}
	}
	w.Close()
	for _, step := range []string{"write", "fsync", "rename"} {
		w := newWriter(WriterOptions{Dir: dir}, fsOps{fail: func(s string) error {
			if s == step {
				return &os.PathError{Op: s, Path: "x", Err: syscall.ENOSPC}
			}
			return nil
		}})
		rs := batchRun(t, w, 5, "new")
		w.Close()
		for _, r := range rs {
			if KindOf(r.Err) != KindNoSpace {
				t.Fatalf("%s: %s: %v", step, r.Path, r.Err)
			}
			l, err := Read(dir, r.Path, stateOf(r.Path), Limits{})
			if err != nil || newestLabel(l.File) != "old" {
				t.Fatalf("%s: %s: previous undo file changed: %v", step, r.Path, err)
			}
		}
		assertNoTemps(t, dir)
	}
}
