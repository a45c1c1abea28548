package editor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/diskwatch"
)

// fakeWatcher stands for diskwatch.Watcher: the test sends the batches.
type fakeWatcher struct {
	mu     sync.Mutex
	paths  map[string]int // Add minus Remove per path
	ch     chan []diskwatch.Event
	closed bool
}

func newFakeWatcher() *fakeWatcher {
	return &fakeWatcher{paths: map[string]int{}, ch: make(chan []diskwatch.Event)}
}

func (f *fakeWatcher) Add(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paths[path]++
	return nil
}

func (f *fakeWatcher) Remove(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paths[path]--
	return nil
}

func (f *fakeWatcher) Events() <-chan []diskwatch.Event { return f.ch }

func (f *fakeWatcher) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	return nil
}

func (f *fakeWatcher) tracked(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.paths[path]
}

// runHarness runs an editor's Run loop on its own goroutine; the test
// talks to it only through Input and the published Views.
type runHarness struct {
	t      *testing.T
	in     chan Input
	views  chan View
	cancel context.CancelFunc
	done   chan struct{}
	seen   []string // every message published so far
	texts  []string // every text published so far
}

func startRun(t *testing.T, e *Editor) *runHarness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	h := &runHarness{t: t, in: make(chan Input, 16), views: make(chan View, 4096), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(h.done)
		e.Run(ctx, h.in, func(v View) { h.views <- v })
	}()
	t.Cleanup(h.stop)
	return h
}

func (h *runHarness) stop() {
	h.cancel()
	<-h.done
}

// waitView waits (at most 10 s, for a loaded machine) for a published
// View that satisfies ok, and returns it.
func (h *runHarness) waitView(what string, ok func(View) bool) View {
	h.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case v := <-h.views:
			for _, m := range v.Messages {
				h.seen = append(h.seen, m.Text)
			}
			h.texts = append(h.texts, v.Text.String())
			if ok(v) {
				return v
			}
		case <-timeout:
			h.t.Fatalf("no view with %s; messages %q", what, h.seen)
		}
	}
}

func (h *runHarness) sawMsg(part string) bool {
	return slices.ContainsFunc(h.seen, func(m string) bool { return strings.Contains(m, part) })
}

func textIs(s string) func(View) bool { return func(v View) bool { return v.Text.String() == s } }

func TestDiskWatchRunReloads(t *testing.T) {
	d := newDiskEnv(t, "f.go", "one\ntwo\n")
	fw := newFakeWatcher()
	d.e.useWatcher(fw)
	if fw.tracked(d.path) != 1 {
		t.Fatalf("the open file is not watched: %v", fw.paths)
	}
	h := startRun(t, d.e)
	h.waitView("the first view", textIs("one\ntwo"))
	d.outside("one\n2\n")
	fw.ch <- []diskwatch.Event{{Path: filepath.Join(d.dir, "unrelated.go"), Kind: diskwatch.Changed}}
	fw.ch <- []diskwatch.Event{{Path: d.path, Kind: diskwatch.Changed}}
	v := h.waitView("the reloaded text", textIs("one\n2"))
	if v.Status.Modified || !h.sawMsg("changed on disk: reloaded (u to undo)") {
		t.Fatalf("modified %v, messages %q", v.Status.Modified, h.seen)
	}
	h.in <- Input{Keys: mustKeys(t, "u")}
	v = h.waitView("the text from before", textIs("one\ntwo"))
	if !v.Status.Modified {
		t.Fatal("u after an outside change: not modified")
	}
	h.stop()
	if fw.closed {
		t.Fatal("Run closed a watcher it did not start")
	}
	d.shown = append(d.shown, h.texts...)
	d.check()
}

func TestDiskWatchRunConflictAndDeferral(t *testing.T) {
	d := newDiskEnv(t, "f.go", "a\nb\n")
	fw := newFakeWatcher()
	d.e.useWatcher(fw)
	h := startRun(t, d.e)
	// In Insert mode the reload waits; <Esc> makes the buffer modified,
	// so what comes is the warning, the buffer untouched.
	h.in <- Input{Keys: mustKeys(t, "ix")}
	h.waitView("Insert mode", func(v View) bool { return v.Mode == ModeInsert })
	d.outside("a\nb\nc\n")
	fw.ch <- []diskwatch.Event{{Path: d.path, Kind: diskwatch.Changed}}
	h.in <- Input{Keys: mustKeys(t, "<Esc>")}
	v := h.waitView("the conflict", func(v View) bool { return v.Status.Disk == DiskChanged })
	if v.Text.String() != "xa\nb" || !h.sawMsg("W12: Warning: File") {
		t.Fatalf("text %q, messages %q", v.Text.String(), h.seen)
	}
	h.in <- Input{Ex: "e!"}
	h.waitView(":e!", textIs("a\nb\nc"))
	h.in <- Input{Keys: mustKeys(t, "u")}
	h.waitView("u after :e!", textIs("xa\nb"))
	h.stop()
	d.shown = append(d.shown, h.texts...)
	d.check()
}

func TestDiskWatchRegistration(t *testing.T) {
	d := newDiskEnv(t, "f.go", "f\n")
	other := filepath.Join(d.dir, "g.go")
	if err := os.WriteFile(other, []byte("g\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fw := newFakeWatcher()
	d.e.useWatcher(fw)
	d.ex("e " + other)
	if fw.tracked(other) != 1 || fw.tracked(d.path) != 1 {
		t.Fatalf("after :e: %v", fw.paths)
	}
	d.ex("bd")
	if fw.tracked(other) != 0 || fw.tracked(d.path) != 1 {
		t.Fatalf("after :bd: %v", fw.paths)
	}
	d.ex("e " + other)
	if fw.tracked(other) != 1 {
		t.Fatalf("after :e again: %v", fw.paths)
	}
	// :w NAME names an unnamed buffer: its new file is watched.
	d.ex("enew")
	named := filepath.Join(d.dir, "named.go")
	d.ex("w " + named)
	if fw.tracked(named) != 1 {
		t.Fatalf("after :w NAME: %v", fw.paths)
	}
	if err := d.e.StopWatchingFiles(); err != nil || !fw.closed {
		t.Fatalf("StopWatchingFiles: %v, closed %v", err, fw.closed)
	}
}

// TestDiskWatchRealWatcherFakeClock runs the real watcher (fsnotify) under
// a fake clock: the debounce only ends when the test moves the clock, so
// the test decides when a batch may come and needs no sleeps to be right;
// it only waits, boundedly, for the OS to deliver the events.
func TestDiskWatchRealWatcherFakeClock(t *testing.T) {
	d := newDiskEnv(t, "f.go", "v0\n")
	vc := clock.NewVirtual(time.Unix(1_700_000_000, 0))
	if err := d.e.WatchFiles(vc, time.Second); err != nil {
		t.Skipf("no file watching here: %v", err)
	}
	h := startRun(t, d.e)
	h.waitView("the first view", textIs("v0"))
	// A burst of rewrites: one reload at the end, of the last version.
	for i := 1; i <= 20; i++ {
		d.outside(fmt.Sprintf("v%d\n%s", i, strings.Repeat("x\n", i)))
	}
	want := strings.TrimSuffix(string(d.want), "\n")
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				vc.Advance(time.Second)
			}
		}
	}()
	h.waitView("the last version", textIs(want))
	close(stop)
	h.stop()
	_ = d.e.StopWatchingFiles()
	d.shown = append(d.shown, h.texts...)
	d.check()
	if n := d.e.buf().tree.SeqLast(); n < 1 || n > 20 {
		t.Fatalf("%d nodes for one burst", n)
	}
}

// TestDiskWatchRunStartsLazily: Run watches nothing (no watcher at all)
// until a file is opened, then watches it with the real watcher and
// clock, and stops the watcher when it returns.
func TestDiskWatchRunStartsLazily(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := New(Config{Clean: true})
	h := startRun(t, e)
	v := h.waitView("the first view", func(View) bool { return true })
	if len(v.Messages) > 0 {
		t.Fatalf("messages before any file: %q", diskTexts(v.Messages))
	}
	h.in <- Input{Ex: "e " + path}
	h.waitView("the file", textIs("one"))
	// The watch is in place once the file is open; a change must come
	// through whatever the machine's speed.
	if err := os.WriteFile(path, []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.waitView("the reload", textIs("two"))
	h.stop()
	if e.disk.w != nil || e.disk.owned || e.disk.auto {
		t.Fatalf("Run left its watcher behind: %+v", e.disk)
	}
	if !h.sawMsg("changed on disk: reloaded") {
		t.Fatalf("messages %q", h.seen)
	}
}

// TestDiskSameStatRewrite: a rewrite of the same size within one tick of
// the file system's clock leaves the Stat as it was; a watcher event for a
// recently modified file makes the editor compare the contents, and :w
// still refuses to overwrite what it found.
func TestDiskSameStatRewrite(t *testing.T) {
	for _, modified := range []bool{false, true} {
		t.Run(fmt.Sprint("modified=", modified), func(t *testing.T) {
			d := newDiskEnv(t, "f.go", "aaaa\n")
			fw := newFakeWatcher()
			d.e.useWatcher(fw)
			if modified {
				d.keys("x")
			}
			before, err := os.Stat(d.path)
			if err != nil {
				t.Fatal(err)
			}
			d.outside("bbbb\n")
			if err := os.Chtimes(d.path, before.ModTime(), before.ModTime()); err != nil {
				t.Fatal(err)
			}
			if msgs := d.step(); len(msgs) != 0 {
				t.Fatalf("a stat check saw the same-Stat rewrite: %q", msgs)
			}
			d.e.onDiskEvents([]diskwatch.Event{{Path: d.path, Kind: diskwatch.Changed}}, true)
			msgs := diskTexts(d.e.TakeMessages())
			d.note()
			if !modified {
				wantMsg(t, msgs, "changed on disk: reloaded")
				if d.text() != "bbbb" {
					t.Fatalf("text %q", d.text())
				}
				d.check()
				return
			}
			wantMsg(t, msgs, "W12")
			wantMsg(t, d.ex("w"), "not written")
			d.check()
		})
	}
}
