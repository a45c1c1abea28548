package session

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/diskwatch"
)

// The configuration file's watch: the session's file watcher
// (editor/diskwatch, which debounces a burst of events into one batch;
// its own tests cover the debounce) and config.Reloader (which keeps the
// previous good settings; tested in package config).

// fakeConfigWatch is a session whose configuration file is watched by a
// fake watcher, running under Run.
func fakeConfigWatch(t *testing.T, text string) (*Session, *fakeWatcher, *runHarness, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	current, errs := config.Load(path, noEnv)
	if errs != nil {
		t.Fatal(errs)
	}
	s := New(Config{Clock: clock.NewVirtual(testEpoch), Env: noEnv,
		Editor: editor.Config{Clean: true, Options: OptionsFromConfig(current, editor.DefaultOptions())}})
	fw := newFakeWatcher()
	if err := s.watchConfigWith(fw, path, current); err != nil {
		t.Fatal(err)
	}
	if fw.tracked(path) != 1 {
		t.Fatalf("the configuration file is not watched: %v", fw.paths)
	}
	t.Cleanup(func() { _ = s.Close() }) // after Run stopped (cleanups run last first)
	h := startRun(t, s)
	h.waitView("the first view", func(editor.View) bool { return true })
	return s, fw, h, path
}

// TestConfigWatchOneReloadPerBatch: the saves of a burst arrive as one
// batch and make one reload, of the last version.
func TestConfigWatchOneReloadPerBatch(t *testing.T) {
	_, fw, h, path := fakeConfigWatch(t, "[editor]\ntabstop = 4\n")
	for _, ts := range []string{"2", "3"} {
		if err := os.WriteFile(path, []byte("[editor]\ntabstop = "+ts+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	fw.ch <- []diskwatch.Event{{Path: path, Kind: diskwatch.Changed}}
	v := h.waitView("tabstop 3", func(v editor.View) bool { return v.Options.TabStop == 3 })
	fw.ch <- []diskwatch.Event{{Path: path, Kind: diskwatch.Changed}} // the same bytes again: nothing
	h.in <- Input{Ex: "set ts=5"}                                     // a marker: every batch before it was handled
	h.waitView(":set ts=5", func(v editor.View) bool { return v.Options.TabStop == 5 })
	n := 0
	for _, m := range h.seen {
		if m == `"`+path+`" reloaded: tabstop=3` {
			n++
		}
	}
	if n != 1 || h.sawMsg("tabstop=2") || v.Options.TabStop != 3 {
		t.Fatalf("want one reload to tabstop 3; messages %q", h.seen)
	}
}

// TestConfigWatchErrors: an error of the watch itself is a warning about
// the file, and the settings stay.
func TestConfigWatchErrors(t *testing.T) {
	_, fw, h, path := fakeConfigWatch(t, "[panel]\nwidth = 50\n[editor]\ntabstop = 4\n")
	fw.errs <- errors.New("boom")
	v := h.waitView("the warning", func(editor.View) bool { return h.sawMsg(path + ": watching for changes: boom") })
	if v.Options.TabStop != 4 {
		t.Errorf("a watcher error changed the options: tabstop %d", v.Options.TabStop)
	}
}

// TestConfigWatchCloseStops: Close ends the watch.
func TestConfigWatchCloseStops(t *testing.T) {
	s, fw, h, _ := fakeConfigWatch(t, "")
	h.stop()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if !fw.closed || s.configEvents() != nil {
		t.Fatalf("after Close: watcher closed %v, still receiving %v", fw.closed, s.configEvents() != nil)
	}
}

// TestConfigWatchRealFile drives the real file watcher: a write through a
// symbolic link (only the target's directory sees it), and an atomic save
// that renames a new file over the link, as editors do.
func TestConfigWatchRealFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "real.toml")
	if err := os.WriteFile(target, []byte("[panel]\nwidth = 30\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	current, _ := config.Load(link, noEnv)
	s := New(Config{Editor: editor.Config{Clean: true}, Env: noEnv})
	if err := s.WatchConfig(link, current, 10*time.Millisecond); err != nil {
		t.Skipf("cannot watch here: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	widths := make(chan int, 64)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.RunWith(ctx, make(chan Input), func(editor.View) {}, RunHooks{Config: func(c UIConfig) { widths <- c.PanelWidth }})
	}()
	t.Cleanup(func() { cancel(); <-done })
	waitWidth := func(step string, want int) {
		t.Helper()
		timeout := time.After(20 * time.Second)
		for {
			select {
			case w := <-widths:
				if w == want {
					return
				}
			case <-timeout:
				t.Fatalf("%s: no configuration with width %d", step, want)
			}
		}
	}
	waitWidth("at start", 30)
	if err := os.WriteFile(target, []byte("[panel]\nwidth = 31\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	waitWidth("write to the link target", 31)
	tmp := filepath.Join(dir, ".config.toml.tmp")
	if err := os.WriteFile(tmp, []byte("[panel]\nwidth = 32\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
	waitWidth("atomic rename", 32)
}

// TestConfigWatchMissingDirectory: a configuration file in a directory
// that does not exist cannot be watched, and says so with fs.ErrNotExist
// (which the wiring ignores: there is nothing to watch).
func TestConfigWatchMissingDirectory(t *testing.T) {
	s := New(Config{Editor: editor.Config{Clean: true}})
	err := s.WatchConfig(filepath.Join(t.TempDir(), "no", "config.toml"), config.Default(noEnv), time.Millisecond)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WatchConfig in a missing directory: %v, want fs.ErrNotExist", err)
	}
	if s.configEvents() != nil {
		t.Error("a failed WatchConfig left a watch behind")
	}
}
