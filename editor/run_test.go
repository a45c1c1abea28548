package editor

import (
	"context"
	"testing"
	"time"
)

// TestRunPublishes drives the UI loop: inputs in, views out, quit ends it.
func TestRunPublishes(t *testing.T) {
	e := newTestEditor("one two\n")
	in := make(chan Input, 4)
	views := make(chan View, 16)
	done := make(chan struct{})
	go func() {
		e.Run(context.Background(), in, func(v View) { views <- v })
		close(done)
	}()
	first := <-views
	if first.Text.String() != "one two" || first.Mode != ModeNormal {
		t.Fatalf("first view: %q %v", first.Text.String(), first.Mode)
	}
	in <- Input{Keys: MustParseKeys("x")}
	var v View
	for v = range views {
		if v.Text.String() == "ne two" {
			break
		}
	}
	if v.Status.SeqCur != 1 || !v.Status.Modified || v.Undo.SeqCur() != 1 {
		t.Errorf("after x: seq %d modified %v undo snapshot seq %d", v.Status.SeqCur, v.Status.Modified, v.Undo.SeqCur())
	}
	in <- Input{Paste: "AB"}
	in <- Input{Ex: "q!"}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after :q!")
	}
	if got := e.text().String(); got != "ABne two" {
		t.Errorf("after paste: %q", got)
	}
	// The paste was one undo step.
	if e.buf().tree.SeqCur() != 2 {
		t.Errorf("paste made seq %d, want 2", e.buf().tree.SeqCur())
	}
}

// TestRunContextCancel ends the loop from outside.
func TestRunContextCancel(t *testing.T) {
	e := newTestEditor("")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		e.Run(ctx, make(chan Input), func(View) {})
		close(done)
	}()
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run ignored the cancelled context")
	}
}
