package undofile

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// chainImage is a linear history of n nodes whose newest node is labelled
// label, so tests can tell versions apart.
func chainImage(n int, label string) undo.Image {
	img := typicalImage(rand.New(rand.NewPCG(uint64(n), 1)), n)
	if n > 0 {
		img.Nodes[n-1].Label = label
	}
	return img
}

func newestLabel(f *File) string {
	if len(f.Image.Nodes) == 0 {
		return ""
	}
	return f.Image.Nodes[len(f.Image.Nodes)-1].Label
}

func job(path string, img undo.Image) Job {
	return Job{Path: path, Image: func() undo.Image { return img }, Disk: stateOf(path)}
}

// TestScheduleReplacesWaitingJob: while the writer is busy, newer jobs for
// the same path replace the waiting one; other paths keep their order.
func TestScheduleReplacesWaitingJob(t *testing.T) {
	dir := t.TempDir()
	w := NewWriter(WriterOptions{Dir: dir})
	defer w.Close()
	release := make(chan struct{})
	started := make(chan struct{})
	blocker := job("/blocker", chainImage(1, "b"))
	blocker.Image = func() undo.Image { close(started); <-release; return chainImage(1, "b") }
	w.Schedule(blocker)
	<-started
	for i := range 5 {
		w.Schedule(job("/a", chainImage(3, "a"+strconv.Itoa(i))))
		w.Schedule(job("/b", chainImage(3, "b"+strconv.Itoa(i))))
	}
	close(release)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	var order []string
	for len(order) < 3 {
		r := <-w.Results()
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		order = append(order, r.Path)
	}
	if strings.Join(order, " ") != "/blocker /a /b" {
		t.Fatalf("writes %v, want one per path in first-scheduled order", order)
	}
	select {
	case r := <-w.Results():
		t.Fatalf("extra write %+v: replaced jobs were written", r)
	default:
	}
	for _, p := range []string{"/a", "/b"} {
		l, err := Read(dir, p, stateOf(p), Limits{})
		if err != nil || newestLabel(l.File) != p[1:]+"4" {
			t.Fatalf("%s: %v, newest %q; want the last scheduled version", p, err, newestLabel(l.File))
		}
	}
}

func TestFlushAndClose(t *testing.T) {
	w := NewWriter(WriterOptions{Dir: t.TempDir()})
	release := make(chan struct{})
	started := make(chan struct{})
	blocker := job("/blocker", chainImage(1, "b"))
	blocker.Image = func() undo.Image { close(started); <-release; return chainImage(1, "b") }
	w.Schedule(blocker)
	<-started
	w.Schedule(job("/waiting", chainImage(2, "w")))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := w.Flush(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Flush with a stuck write: %v", err)
	}
	flushed := make(chan error, 1)
	go func() { flushed <- w.Flush(context.Background()) }()
	time.Sleep(10 * time.Millisecond)
	closed := make(chan struct{})
	go func() { w.Close(); close(closed) }()
	select {
	case err := <-flushed:
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("Flush across Close: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Flush not released by Close")
	}
	close(release) // Close waits for the write in progress
	<-closed
	if r := <-w.Results(); r.Path != "/blocker" || r.Err != nil {
		t.Fatalf("the write in progress should finish: %+v", r)
	}
	select {
	case r := <-w.Results():
		t.Fatalf("abandoned job was written: %+v", r)
	default:
	}
	if w.Schedule(job("/late", chainImage(1, ""))) {
		t.Fatal("Schedule after Close accepted")
	}
	if err := w.Flush(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("Flush after Close: %v", err)
	}
	w.Close() // idempotent
}

func TestResultsDropOldest(t *testing.T) {
	w := NewWriter(WriterOptions{Dir: t.TempDir(), ResultBuffer: 2})
	defer w.Close()
	for i := range 5 {
		w.Schedule(job("/p"+strconv.Itoa(i), chainImage(1, "")))
		w.Flush(context.Background())
	}
	a, b := <-w.Results(), <-w.Results()
	if a.Path != "/p3" || b.Path != "/p4" {
		t.Fatalf("kept %s, %s; want the newest two", a.Path, b.Path)
	}
}

// TestDiskFullKeepsPreviousFile injects ENOSPC at each step of a write:
// the result is a KindNoSpace warning, the previous undo file is intact,
// and no temporary file is left.
func TestDiskFullKeepsPreviousFile(t *testing.T) {
	for _, step := range []string{"write", "fsync", "rename"} {
		dir := t.TempDir()
		name := writeHistory(t, dir, testPath, 4)
		before, _ := os.ReadFile(name)
		w := newWriter(WriterOptions{Dir: dir}, fsOps{fail: func(s string) error {
			if s == step {
				return &os.PathError{Op: s, Path: "x", Err: syscall.ENOSPC}
			}
			return nil
		}})
		w.Schedule(job(testPath, chainImage(50, "new")))
		w.Flush(context.Background())
		r := <-w.Results()
		w.Close()
		if KindOf(r.Err) != KindNoSpace || !strings.Contains(r.Err.Error(), "disk full") ||
			!strings.HasPrefix(r.Err.Error(), "undo file "+name+": not written: ") {
			t.Fatalf("%s: result %v", step, r.Err)
		}
		after, _ := os.ReadFile(name)
		if string(after) != string(before) {
			t.Fatalf("%s: previous undo file changed", step)
		}
		assertNoTemps(t, dir)
	}
}

// TestDiskFullReal fills a real small tmpfs when the test may mount one.
func TestDiskFullReal(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v %s", err, out)
	}
	defer exec.Command("umount", mnt).Run()
	dir := filepath.Join(mnt, "undo")
	name := writeHistory(t, dir, testPath, 10)
	before, _ := os.ReadFile(name)
	r, _ := writeWith(dir, job(testPath, randomTextImage(400<<10)))
	if KindOf(r.Err) != KindNoSpace {
		t.Fatalf("write to a full tmpfs: %v", r.Err)
	}
	if after, _ := os.ReadFile(name); string(after) != string(before) {
		t.Fatal("previous undo file changed")
	}
	assertNoTemps(t, dir)
	// Read-only: remount and write again.
	if err := exec.Command("mount", "-o", "remount,ro", mnt).Run(); err != nil {
		t.Skip("remount ro:", err)
	}
	r, _ = writeWith(dir, job(testPath, chainImage(3, "")))
	if KindOf(r.Err) != KindNoSpace || !strings.Contains(r.Err.Error(), "read-only") {
		t.Fatalf("write to a read-only file system: %v", r.Err)
	}
}

// randomTextImage is a one-node history inserting size random bytes.
func randomTextImage(size int) undo.Image {
	rng := rand.New(rand.NewPCG(5, 5))
	b := make([]byte, size)
	for i := range b {
		b[i] = byte(rng.IntN(256))
	}
	return undo.Image{SeqLast: 1, SeqCur: 1, NewHead: 1, RootChildren: []int{1},
		Nodes: []undo.ImageNode{{Seq: 1, Changes: []buffer.Change{{New: string(b)}}}}}
}

func assertNoTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), tempPrefix) {
			t.Fatalf("temporary file %s left behind", e.Name())
		}
	}
}

func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip(err)
	}
	deadPid := dead.Process.Pid // has exited: its temps are stale
	names := map[string]bool{   // name → should survive
		tempPrefix + strconv.Itoa(deadPid) + "-00ff":      false,
		tempPrefix + "garbage":                            false,
		tempPrefix + strconv.Itoa(os.Getppid()) + "-abcd": true, // a live process, recent
		"%keep%me": true,
	}
	for n := range names {
		os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600)
	}
	old := tempPrefix + strconv.Itoa(os.Getppid()) + "-old"
	os.WriteFile(filepath.Join(dir, old), []byte("x"), 0o600)
	os.Chtimes(filepath.Join(dir, old), time.Now().Add(-2*staleAge), time.Now().Add(-2*staleAge))
	names[old] = false
	w := NewWriter(WriterOptions{Dir: dir})
	w.Flush(context.Background()) // the clean-up runs before the first job
	w.Close()
	for n, keep := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		if (err == nil) != keep {
			t.Errorf("%s: exists %v, want %v", n, err == nil, keep)
		}
	}
}

// TestPanickingCallbacks: a bug in the caller's Image or Trim function
// becomes a failed Result, not a dead writer.
func TestPanickingCallbacks(t *testing.T) {
	w := NewWriter(WriterOptions{Dir: t.TempDir(), Limits: Limits{MaxEntries: 1}})
	defer w.Close()
	w.Schedule(Job{Path: "/a", Image: func() undo.Image { panic("boom") }, Disk: stateOf("/a")})
	bad := job("/b", chainImage(5, ""))
	bad.Trim = func(undo.Image, int, int) (undo.Image, int, error) { panic("trim boom") }
	w.Schedule(bad)
	w.Schedule(job("/c", chainImage(1, "")))
	w.Flush(t.Context())
	for _, want := range []string{"producing the history panicked: boom", "trimming the history panicked: trim boom", ""} {
		r := <-w.Results()
		if (want == "") != (r.Err == nil) || (r.Err != nil && !strings.Contains(r.Err.Error(), want)) {
			t.Fatalf("%s: %v, want %q", r.Path, r.Err, want)
		}
	}
}
