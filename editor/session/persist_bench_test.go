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
