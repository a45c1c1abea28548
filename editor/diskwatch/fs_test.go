package diskwatch

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// These tests run the watcher over the real filesystem and fsnotify, but
// with a fake clock: time stands still while files change, so a burst
// coalesces however slowly the machine runs it, and the test decides when
// the debounce interval has passed. To know that the watcher has taken
// in every event of the changes it made, a test writes a sentinel file
// (untracked) after them and waits until the watcher has seen it: the
// OS queues events in order.

// fsWatcher is a watcher over fsnotify with a fake clock.
type fsWatcher struct {
	*Watcher
	clock *fakeClock
	seen  chan string // sentinel files the watcher has taken in
	dir   string
	n     int // sentinels written
}

func newFSWatcher(t *testing.T) *fsWatcher {
	t.Helper()
	src, err := newFSSource()
	if err != nil {
		t.Fatal(err)
	}
	fw := &fsWatcher{clock: newFakeClock(), seen: make(chan string, 100), dir: t.TempDir()}
	observe := func(ev fsnotify.Event) {
		if strings.HasPrefix(filepath.Base(ev.Name), "sentinel-") {
			select {
			case fw.seen <- filepath.Base(ev.Name):
			default:
			}
		}
	}
	fw.Watcher = start(fw.clock, debounce, src, statFile, observe)
	t.Cleanup(func() {
		if err := fw.Close(); err != nil {
			t.Error(err)
		}
	})
	return fw
}

func (fw *fsWatcher) path(name string) string { return filepath.Join(fw.dir, name) }

func (fw *fsWatcher) write(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(fw.path(name), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sync waits until the watcher has taken in every event so far.
func (fw *fsWatcher) sync(t *testing.T) {
	t.Helper()
	fw.n++
	name := fmt.Sprintf("sentinel-%d", fw.n)
	fw.write(t, name, "")
	for {
		select {
		case got := <-fw.seen:
			if got == name {
				return
			}
		case <-timeAfterLimit():
			t.Fatalf("the watcher never saw %s", name)
		}
	}
}

// batch lets the debounce interval pass and returns the batch, checking
// that nothing else is pending.
func (fw *fsWatcher) batch(t *testing.T) []Event {
	t.Helper()
	fw.sync(t)
	fw.clock.Advance(debounce)
	b := receive(t, fw.Watcher)
	fw.checkQuiet(t)
	return b
}

// checkQuiet checks that no event is pending after all seen so far.
func (fw *fsWatcher) checkQuiet(t *testing.T) {
	t.Helper()
	fw.sync(t)
	fw.withCore(func(c *core) {
		if len(c.pending) != 0 {
			t.Errorf("pending after the batch: %v", c.pending)
		}
	})
}

func TestFSAtomicSaveAndRewrites(t *testing.T) {
	fw := newFSWatcher(t)
	fw.write(t, "f.txt", "one\n")
	fw.write(t, "other.txt", "x\n")
	if err := fw.Add(fw.path("f.txt")); err != nil {
		t.Fatal(err)
	}
	want := []Event{{fw.path("f.txt"), Changed}}

	t.Run("rename over", func(t *testing.T) {
		fw.write(t, ".f.txt.tmp", "two\n")
		if err := os.Rename(fw.path(".f.txt.tmp"), fw.path("f.txt")); err != nil {
			t.Fatal(err)
		}
		if got := fw.batch(t); !slices.Equal(got, want) {
			t.Errorf("batch %v, want %v", got, want)
		}
	})
	t.Run("delete and recreate", func(t *testing.T) {
		if err := os.Remove(fw.path("f.txt")); err != nil {
			t.Fatal(err)
		}
		fw.write(t, "f.txt", "three\n")
		if got := fw.batch(t); !slices.Equal(got, want) {
			t.Errorf("batch %v, want %v", got, want)
		}
	})
	t.Run("100 rewrites in a burst", func(t *testing.T) {
		for i := 0; i < 100; i++ {
			fw.write(t, "f.txt", fmt.Sprintf("version %d\n", i))
			fw.write(t, "other.txt", fmt.Sprintf("noise %d\n", i))
		}
		if got := fw.batch(t); !slices.Equal(got, want) {
			t.Errorf("batch %v, want %v", got, want)
		}
	})
	t.Run("chmod only", func(t *testing.T) {
		if err := os.Chmod(fw.path("f.txt"), 0o600); err != nil {
			t.Fatal(err)
		}
		fw.checkQuiet(t)
	})
	t.Run("rename away", func(t *testing.T) {
		if err := os.Rename(fw.path("f.txt"), fw.path("f.txt.bak")); err != nil {
			t.Fatal(err)
		}
		if got, want := fw.batch(t), []Event{{fw.path("f.txt"), Removed}}; !slices.Equal(got, want) {
			t.Errorf("batch %v, want %v", got, want)
		}
	})
	t.Run("created again", func(t *testing.T) {
		fw.write(t, "f.txt", "back\n")
		if got, want := fw.batch(t), []Event{{fw.path("f.txt"), Created}}; !slices.Equal(got, want) {
			t.Errorf("batch %v, want %v", got, want)
		}
	})
	t.Run("removed from the watch", func(t *testing.T) {
		if err := fw.Remove(fw.path("f.txt")); err != nil {
			t.Fatal(err)
		}
		fw.write(t, "f.txt", "unwatched\n")
		fw.withCore(func(c *core) {
			if len(c.dirs) != 0 {
				t.Errorf("directories still watched: %v", c.dirs)
			}
		})
	})
}

func TestFSSymlink(t *testing.T) {
	fw := newFSWatcher(t)
	targetDir := t.TempDir()
	target := filepath.Join(targetDir, "real.conf")
	if err := os.WriteFile(target, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := fw.path("link.conf")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
	if err := fw.Add(link); err != nil {
		t.Fatal(err)
	}
	want := []Event{{link, Changed}}
	// Another program saves the target atomically in its own directory.
	if err := os.WriteFile(target+".tmp", []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(target+".tmp", target); err != nil {
		t.Fatal(err)
	}
	// The target's directory is not the sentinel's: sync once more there.
	waitFor(t, fw, func(c *core) bool { return c.pending[link] })
	if got := fw.batch(t); !slices.Equal(got, want) {
		t.Errorf("target saved: batch %v, want %v", got, want)
	}
	// sed -i replaces the link itself with a regular file.
	fw.write(t, "link.conf.tmp", "c\n")
	if err := os.Rename(fw.path("link.conf.tmp"), link); err != nil {
		t.Fatal(err)
	}
	if got := fw.batch(t); !slices.Equal(got, want) {
		t.Errorf("link replaced: batch %v, want %v", got, want)
	}
}

// waitFor waits until cond holds of the watcher's core, for events from
// a directory where the test writes no sentinel.
func waitFor(t *testing.T, fw *fsWatcher, cond func(c *core) bool) {
	t.Helper()
	deadline := timeAfterLimit()
	for {
		ok := false
		fw.withCore(func(c *core) { ok = cond(c) })
		if ok {
			return
		}
		select {
		case <-deadline:
			t.Fatal("the watcher never saw the change")
		default:
			fw.sync(t) // gives the watcher's goroutine time, without sleeping blind
		}
	}
}

func TestFSRealClock(t *testing.T) {
	w, err := New(nil, debounce/5)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	}()
	dir := t.TempDir()
	f := filepath.Join(dir, "new.txt")
	if err := w.Add(f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := receive(t, w), []Event{{f, Created}}; !slices.Equal(got, want) {
		t.Errorf("batch %v, want %v", got, want)
	}
}

// timeAfterLimit returns a channel that fires after waitLimit.
func timeAfterLimit() <-chan time.Time { return time.After(waitLimit) }
