package session

import (
	"fmt"
	"github.com/kjx-editor/kjx/editor"
	"strings"
	"testing"
)

// BenchmarkScheduleUndoSave is the cost on the editor goroutine of handing
// a buffer's history to the undo-file writer (what :w and every timer
// write add): a tree snapshot and a queue entry. The writer encodes and
// writes on its own goroutine meanwhile.
func BenchmarkScheduleUndoSave(b *testing.B) {
	var text strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&text, "line %d of the file\n", i)
	}
	p := newPersistEnv(b, text.String())
	e, _ := p.open()
	for i := range 200 {
		keys, _ := editor.ParseKeys(fmt.Sprintf("%dGAx<Esc>", i*5%1000+1))
		e.Editor().Feed(keys, true)
	}
	buf := e.Editor().Buffer()
	pb := e.pbuf(buf)
	if !e.scheduleSave(buf, pb) {
		b.Fatal("nothing scheduled")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		e.scheduleSave(buf, pb)
	}
}

// BenchmarkAnnounceWrite is what the pending-write announcement adds to
// each :w (persist_pending.go): the undo file written synchronously, with
// its fsyncs, before the text file is replaced. The text is 1 MB; the
// history has 200 or 10 000 nodes.
func BenchmarkAnnounceWrite(b *testing.B) {
	for _, nodes := range []int{200, 10_000} {
		b.Run(fmt.Sprintf("nodes=%d", nodes), func(b *testing.B) {
			var text strings.Builder
			for i := 0; text.Len() < 1<<20; i++ {
				fmt.Fprintf(&text, "line %d of the file\n", i)
			}
			p := newPersistEnv(b, text.String())
			p.conf.MaxEntries = 2 * nodes
			e, _ := p.open()
			e.Editor().ExecEx(fmt.Sprintf("set undolevels=%d", 2*nodes))
			keys, _ := editor.ParseKeys(strings.Repeat("Ax<Esc>", nodes))
			e.Editor().Feed(keys, true)
			e.Editor().EndStep()
			buf := e.Editor().Buffer()
			b.ResetTimer()
			for b.Loop() {
				e.writing(buf, buf.Text(), true)
			}
			b.StopTimer()
			if err := e.FlushUndoFiles(); err != nil {
				b.Fatal(err)
			}
		})
	}
}
