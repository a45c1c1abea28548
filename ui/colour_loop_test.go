package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// TestColourLoop drives the UI's colour plumbing without a terminal: a
// view of a Go text larger than syntax.MaxBytes goes to the worker, the
// frame gets its result, and the size limit is said once.
func TestColourLoop(t *testing.T) {
	l := newLoop(nil, NewMemSurface(80, 24), Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.col.worker.Run(ctx)
	text := buffer.FromString("package p\n\n" + strings.Repeat("var x = 1 // c\n", syntax.MaxBytes/15+100))
	opts := editor.DefaultOptions()
	opts.ColorScheme = "light"
	v := &editor.View{Text: text, FileType: "go", Options: opts, Buffers: []editor.BufferInfo{{ID: 7, Current: true}}}
	l.colourView(v)
	if l.r.Theme.Search != LightTheme().Search {
		t.Error("the view's colour scheme was not applied")
	}
	l.frame = &Frame{Text: TextView{Text: text, Top: -1, Opts: DefaultDisplayOptions()}}
	deadline := time.Now().Add(10 * time.Second)
	for l.frame.Text.Syntax == nil && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
		l.colourFrame()
	}
	if l.frame.Text.Syntax == nil || !l.frame.Text.Syntax.Limited {
		t.Fatal("no limited result reached the frame")
	}
	if len(l.frame.Messages) != 1 || !strings.Contains(l.frame.Messages[0].Text, "too long to colour") {
		t.Fatalf("messages %v", l.frame.Messages)
	}
	l.fb.clearMessages()
	l.fb.fill(l.frame)
	l.colourFrame()
	if len(l.frame.Messages) != 0 {
		t.Errorf("the limit was said twice: %v", l.frame.Messages)
	}
	// :syntax off: the frame draws no tokens.
	opts.Syntax = false
	l.colourView(&editor.View{Text: text, FileType: "go", Options: opts, Buffers: v.Buffers})
	l.colourFrame()
	if l.frame.Text.Syntax != nil {
		t.Error(":syntax off still colours")
	}
}
