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

// BenchmarkJumpPushFull is a jump with the jumplist full, as in a
// script of {N}go commands: the oldest entry goes at every jump.
func BenchmarkJumpPushFull(b *testing.B) {
	buf := &Buffer{}
	var j jumpList
	for i := range jumpListSize {
		j.push(buf, Pos{Line: i})
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		j.push(buf, Pos{Line: i})
	}
}
