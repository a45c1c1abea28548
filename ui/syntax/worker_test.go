package syntax

import (
	"context"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

func TestWorker(t *testing.T) {
	ready := make(chan struct{}, 100)
	w := NewWorker(func() {
		select {
		case ready <- struct{}{}:
		default:
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	text := buffer.FromString("package p\n\nvar x = 1\n")
	wait := func(what string, ok func(*Result) bool) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case <-ready:
				if ok(w.Latest(1, "go")) {
					return
				}
			case <-deadline:
				t.Fatalf("%s: no result", what)
			}
		}
	}
	w.Want(Request{Buffer: 1, FileType: "go", Text: text})
	wait("first", func(r *Result) bool { return r != nil && r.Valid == len(r.Lines) && r.Text.Len() == text.Len() })
	text2 := text.Insert(text.Len(), "var y = 2\n")
	w.Want(Request{Buffer: 1, FileType: "go", Text: text2})
	wait("edit", func(r *Result) bool { return r != nil && r.Text.Len() == text2.Len() && r.Lines[3].Spans != nil })
	if w.Latest(2, "go") != nil || w.Latest(1, "python") != nil {
		t.Error("a result answers for another buffer or file type")
	}
	// A file type without a lexer publishes nothing to draw.
	w.Want(Request{Buffer: 3, FileType: "text", Text: text})
	<-ready
	cancel()
	<-done
}
