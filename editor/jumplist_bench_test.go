package editor

import "testing"

// BenchmarkJumpBackForth10MB alternates G, gg and CTRL-O in a 10 MB
// buffer: each jump appends an entry, each CTRL-O merges the list.
func BenchmarkJumpBackForth10MB(b *testing.B) {
	e := benchEditor(b, 10<<20)
	keys := MustParseKeys("Ggg<C-o><C-o><Tab>")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.HandleKey(keys[i%len(keys)])
	}
}

// BenchmarkUndoRedoWithMarks10MB is u and CTRL-R of a line deletion in a
// 10 MB buffer with marks set: each movement rebuilds the undo entries to
// move the marks and the jumplist (undomarks.go).
func BenchmarkUndoRedoWithMarks10MB(b *testing.B) {
	e := benchEditor(b, 10<<20)
	for _, k := range MustParseKeys("majjmbggGkkdd") {
		e.HandleKey(k)
	}
	keys := MustParseKeys("u<C-r>")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.HandleKey(keys[i%len(keys)])
	}
}
