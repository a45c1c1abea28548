package session

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor"
)

// BenchmarkSignalFlush50x10k is what a SIGHUP, SIGTERM or SIGQUIT costs
// before kjx exits (cmd/kjx/signals.go): FlushUndoFiles with 50 open
// buffers, each with a 10 000-node history, of which 1 or all 50 changed
// since their last write (one more change each per iteration, made
// outside the timer). The budget is 200 ms (issue #12;
// docs/performance.md).
func BenchmarkSignalFlush50x10k(b *testing.B) {
	for _, changed := range []int{1, 50} {
		b.Run(fmt.Sprintf("changed=%d", changed), func(b *testing.B) { benchSignalFlush(b, changed) })
	}
}

func benchSignalFlush(b *testing.B, changed int) {
	const buffers, nodes = 50, 10_000
	p := newPersistEnv(b, "")
	p.conf.MaxEntries = 2 * nodes
	s := p.session()
	e := s.Editor()
	e.ExecEx(fmt.Sprintf("set undolevels=%d", 2*nodes))
	keys, _ := editor.ParseKeys(strings.Repeat("Ax<Esc>", nodes))
	one, _ := editor.ParseKeys("Ay<Esc>")
	for i := range buffers {
		f := filepath.Join(p.root, fmt.Sprintf("f%02d.txt", i))
		if err := os.WriteFile(f, []byte(strings.Repeat("some text of the file\n", 200)), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := e.Open(f); err != nil {
			b.Fatal(err)
		}
		e.Feed(keys, true)
		e.EndStep()
		if n := e.Buffer().History().Len(); n < nodes {
			b.Fatalf("buffer %d has %d nodes, want %d", i, n, nodes)
		}
		if err := s.FlushUndoFiles(); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		for _, buf := range e.Buffers()[:changed] {
			_ = e.Open(buf.Name())
			e.Feed(one, true)
			e.EndStep()
		}
		b.StartTimer()
		if err := s.FlushUndoFiles(); err != nil {
			b.Fatal(err)
		}
	}
}
