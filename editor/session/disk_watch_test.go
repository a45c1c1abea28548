package session

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/diskwatch"
)

// The session's side of changes on disk: Run with a watcher (a fake one
// whose batches the test sends, or the real one), registration of the
// open files, and the lazily started watcher of Run. The core's decisions
// (reload, conflict, deferral) are tested in package editor.

func TestDiskWatchRunReloads(t *testing.T) {
	d := newDiskEnv(t, "f.go", "one\ntwo\n", clock.NewVirtual(testEpoch))
	fw := newFakeWatcher()
	d.s.useWatcher(fw)
	if fw.tracked(d.path) != 1 {
		t.Fatalf("the open file is not watched: %v", fw.paths)
	}
	h := startRun(t, d.s)
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
	d := newDiskEnv(t, "f.go", "a\nb\n", clock.NewVirtual(testEpoch))
	fw := newFakeWatcher()
	d.s.useWatcher(fw)
	h := startRun(t, d.s)
	// In Insert mode the reload waits; <Esc> makes the buffer modified,
	// so what comes is the warning, the buffer untouched.
	h.in <- Input{Keys: mustKeys(t, "ix")}
	h.waitView("Insert mode", func(v editor.View) bool { return v.Mode == editor.ModeInsert })
	d.outside("a\nb\nc\n")
	fw.ch <- []diskwatch.Event{{Path: d.path, Kind: diskwatch.Changed}}
	h.in <- Input{Keys: mustKeys(t, "<Esc>")}
	v := h.waitView("the conflict", func(v editor.View) bool { return v.Status.Disk == editor.DiskChanged })
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
	d := newDiskEnv(t, "f.go", "f\n", clock.NewVirtual(testEpoch))
	other := filepath.Join(d.dir, "g.go")
	if err := os.WriteFile(other, []byte("g\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fw := newFakeWatcher()
	d.s.useWatcher(fw)
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
	if err := d.s.StopWatchingFiles(); err != nil || !fw.closed {
		t.Fatalf("StopWatchingFiles: %v, closed %v", err, fw.closed)
	}
}

// TestDiskWatchRealWatcherFakeClock runs the real watcher (fsnotify) under
// a fake clock: the debounce only ends when the test moves the clock, so
// the test decides when a batch may come and needs no sleeps to be right;
// it only waits, boundedly, for the OS to deliver the events.
func TestDiskWatchRealWatcherFakeClock(t *testing.T) {
	vc := clock.NewVirtual(time.Unix(1_700_000_000, 0))
	d := newDiskEnv(t, "f.go", "v0\n", vc)
	if err := d.s.WatchFiles(time.Second); err != nil {
		t.Skipf("no file watching here: %v", err)
	}
	h := startRun(t, d.s)
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
	_ = d.s.StopWatchingFiles()
	d.shown = append(d.shown, h.texts...)
	d.check()
	if n := d.e.Buffer().History().SeqLast(); n < 1 || n > 20 {
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
	s := New(Config{Editor: editor.Config{Clean: true}})
	h := startRun(t, s)
	v := h.waitView("the first view", func(editor.View) bool { return true })
	if len(v.Messages) > 0 {
		t.Fatalf("messages before any file: %q", msgTexts(v.Messages))
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
	if s.disk.w != nil || s.disk.owned || s.disk.auto {
		t.Fatalf("Run left its watcher behind: %+v", s.disk)
	}
	if !h.sawMsg("changed on disk: reloaded") {
		t.Fatalf("messages %q", h.seen)
	}
}
