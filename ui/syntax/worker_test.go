package syntax

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
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

// TestWorkerSurvivesAPanickingLexer: a lexer that panics stops colouring
// its buffer with an error, and the worker goes on.
func TestWorkerSurvivesAPanickingLexer(t *testing.T) {
	lexers.Register(chroma.MustNewLexer(&chroma.Config{Name: "kjx-panic-test"}, func() chroma.Rules {
		return chroma.Rules{"root": {{Pattern: `boom`, Type: chroma.Text, Mutator: chroma.MutatorFunc(func(*chroma.LexerState) error {
			return errors.New("kaboom")
		})}, {Pattern: `(?s).`, Type: chroma.Text}}}
	}))
	ready := make(chan struct{}, 100)
	w := NewWorker(func() {
		select {
		case ready <- struct{}{}:
		default:
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx)
	w.Want(Request{Buffer: 1, FileType: "kjx-panic-test", Text: buffer.FromString("a boom b\n")})
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-ready:
		case <-deadline:
			t.Fatal("no result")
		}
		if r := w.Latest(1, "kjx-panic-test"); r != nil && r.Err != nil {
			if !strings.Contains(r.Err.Error(), "kaboom") {
				t.Errorf("error %v", r.Err)
			}
			break
		}
	}
	// The worker still serves other buffers.
	w.Want(Request{Buffer: 2, FileType: "go", Text: buffer.FromString("package p\n")})
	for w.Latest(2, "go") == nil {
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatal("the worker stopped after a panic")
		}
	}
}
