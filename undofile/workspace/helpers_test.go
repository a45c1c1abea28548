package workspace

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undofile"
)

// t0 is the time of the first checkpoint in tests.
var t0 = time.Unix(1_700_000_000, 0)

const testRoot = "/work/proj"

// openTest opens the log of a fresh data directory.
func openTest(t testing.TB, opt Options) *Log {
	t.Helper()
	if opt.Dir == "" {
		opt.Dir = filepath.Join(t.TempDir(), "ws")
	}
	if opt.Root == "" {
		opt.Root = testRoot
	}
	l, err := Open(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// reopen opens l's log again, as another process would.
func reopen(t testing.TB, l *Log) *Log {
	t.Helper()
	l2, err := Open(l.opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l2.Close() })
	return l2
}

// file is an existing file's entry whose text is text.
func file(path string, seq int, text string) Entry {
	return Entry{Path: path, Seq: seq, Exists: true, Disk: undofile.HashBytes([]byte(text))}
}

// gone is the entry of a file that does not exist.
func gone(path string, seq int) Entry { return Entry{Path: path, Seq: seq} }

func commit(t testing.TB, l *Log, at time.Time, label string, named bool, files ...Entry) Committed {
	t.Helper()
	res, err := l.Commit(Record{Time: at, Label: label, Named: named, Files: files})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// shape describes a checkpoint's files as "path@seq" (or "path@seq-" for
// a missing file), in path order, for comparisons.
func shape(c Checkpoint) []string {
	var out []string
	for _, e := range c.Files {
		s := fmt.Sprintf("%s@%d", e.Path, e.Seq)
		if !e.Exists {
			s += "-"
		}
		out = append(out, s)
	}
	return out
}

func mustCheckpoint(t testing.TB, l *Log, n int) Checkpoint {
	t.Helper()
	c, ok := l.Checkpoint(n)
	if !ok {
		t.Fatalf("no checkpoint %d", n)
	}
	return c
}

func readLog(t testing.TB, l *Log) []byte {
	t.Helper()
	data, err := os.ReadFile(l.Name())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// ioWriter is io.Writer, named for the Content.Write literals.
type ioWriter = io.Writer
