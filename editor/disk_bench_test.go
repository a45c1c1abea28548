package editor

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
)

// tenKLines is a 10 000-line Go-like file; version v changes 10 lines
// spread through it (v 0: none).
func tenKLines(v int) string {
	var b strings.Builder
	for i := range 10_000 {
		if v > 0 && i%1000 == 500 {
			fmt.Fprintf(&b, "\tx%d := compute(%d) // version %d\n", i, i, v)
			continue
		}
		fmt.Fprintf(&b, "\tvalue%05d := strings.Repeat(\"ab\", %d) // line %d\n", i, i%17, i)
	}
	return b.String()
}

// reloadBench opens a 10 000-line file and returns the editor and the two
// versions, read, that a reload alternates between.
func reloadBench(tb testing.TB) (*Editor, [2]fileio.Loaded, string) {
	tb.Helper()
	dir := tb.TempDir()
	var ls [2]fileio.Loaded
	for v := range 2 {
		p := filepath.Join(dir, fmt.Sprintf("v%d.go", v))
		if err := os.WriteFile(p, []byte(tenKLines(v)), 0o644); err != nil {
			tb.Fatal(err)
		}
		l, err := fileio.Load(p)
		if err != nil {
			tb.Fatal(err)
		}
		ls[v] = l
	}
	path := filepath.Join(dir, "f.go")
	if err := os.WriteFile(path, []byte(tenKLines(0)), 0o644); err != nil {
		tb.Fatal(err)
	}
	e := New(Config{Clean: true})
	if err := e.Open(path); err != nil {
		tb.Fatal(err)
	}
	e.TakeMessages()
	return e, ls, dir
}

// BenchmarkReloadExternal is the editor's side of a reload after an
// outside change: a 10 000-line file with 10 changed lines, diffed and
// recorded as one undo node (the file already read).
func BenchmarkReloadExternal(b *testing.B) {
	e, ls, _ := reloadBench(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var rep diskReport
		e.reloadExternal(e.buf(), ls[(i+1)%2], &rep)
		if len(rep.infos) != 1 {
			b.Fatalf("no reload: %+v", rep)
		}
	}
}

// BenchmarkReloadExternalCheck is the whole check: the outside program
// replaces the file (a hard link renamed over it, a few µs), then the
// editor stats, reads, diffs and records it.
func BenchmarkReloadExternalCheck(b *testing.B) {
	e, _, dir := reloadBench(b)
	path := e.buf().name
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tmp := filepath.Join(dir, "tmp")
		if err := os.Link(filepath.Join(dir, fmt.Sprintf("v%d.go", (i+1)%2)), tmp); err != nil {
			b.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			b.Fatal(err)
		}
		before := e.buf().tree.SeqLast()
		e.checkFiles(false)
		if e.buf().tree.SeqLast() != before+1 {
			b.Fatalf("no reload in round %d: %q", i, diskTexts(e.TakeMessages()))
		}
		e.TakeMessages()
	}
}

// TestReloadExternalBudget: a 10 000-line file with 10 changed lines
// reloads into a node holding only those lines, in well under the 10 ms
// budget (checked loosely, 50 ms for the median of five, and not under
// the race detector).
func TestReloadExternalBudget(t *testing.T) {
	e, ls, _ := reloadBench(t)
	var times []time.Duration
	for i := range 5 {
		var rep diskReport
		start := time.Now()
		e.reloadExternal(e.buf(), ls[(i+1)%2], &rep)
		times = append(times, time.Since(start))
		n, _ := e.buf().tree.Snapshot().Node(e.buf().tree.SeqLast())
		if n.Source != undo.SourceExternal || len(n.Changes) != 10 {
			t.Fatalf("round %d: node %d from %v with %d changes", i, n.Seq, n.Source, len(n.Changes))
		}
		// Ten lines out and ten in, about 50 bytes each.
		if size := n.Added + n.Deleted; size > 20*60 {
			t.Fatalf("round %d: the node holds %d bytes for 10 changed lines", i, size)
		}
		if e.buf().Text().String() != ls[(i+1)%2].Text.String() {
			t.Fatalf("round %d: the buffer is not the file", i)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if !testkit.RaceEnabled && !testing.Short() && times[2] > 50*time.Millisecond {
		t.Fatalf("reload median %v, want well under 10 ms (times %v)", times[2], times)
	}
}
