package editor

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// The core's side of watching files: the session's watcher registers files
// through the FileWatch port and reports batches through FilesChanged
// (the watcher and Run's loop are tested in editor/session).

// acceptWatch is a FileWatch that accepts every file and reports nothing
// by itself: the test calls FilesChanged.
type acceptWatch struct{}

func (acceptWatch) Watch(string) error { return nil }
func (acceptWatch) Unwatch(string)     {}

// TestDiskSameStatRewrite: a rewrite of the same size within one tick of
// the file system's clock leaves the Stat as it was; a watcher event for a
// recently modified file makes the editor compare the contents, and :w
// still refuses to overwrite what it found.
func TestDiskSameStatRewrite(t *testing.T) {
	for _, modified := range []bool{false, true} {
		t.Run(fmt.Sprint("modified=", modified), func(t *testing.T) {
			d := newDiskEnv(t, "f.go", "aaaa\n")
			d.e.watch = acceptWatch{}
			d.e.WatchOpenFiles()
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
			d.e.FilesChanged([]string{d.path}, before.ModTime().Add(time.Second))
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
