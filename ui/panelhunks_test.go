package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/diff"
)

// TestPanelRevertHunk: r on state 1 chooses among the two hunks of the
// diff from the current text to it, n moves to the second, Enter sends
// the editor that hunk alone, which applies it as a new state; the
// panel's u sends an undo, which takes it back.
func TestPanelRevertHunk(t *testing.T) {
	s := newSession()
	for _, k := range []string{"ia<CR>b<CR>c<CR>d<CR>e<CR>f<CR>g<CR>h<CR>i<CR>j<Esc>", "ggrA", "GrJ", "ggrX"} {
		s.keys(t, k)
		s.clock.Sleep(time.Minute)
	}
	fb := frameBuilder{now: func() time.Time { return editorEpoch.Add(time.Hour) }}
	v := s.ed.TakeView()
	f := fb.build(&v)
	r := NewRenderer()
	r.Panel = NewPanel(diff.NewWorker(nil, 0, func() {}))
	stop := runWorker(t, r.Panel.worker)
	defer stop()
	r.Panel.Open, r.Panel.Focus = true, true
	m := NewMemSurface(90, 30)
	checkSurface(t, m)
	r.Draw(m, f)
	for _, k := range "jjr" { // state 2: A at the top, j at the end
		r.Panel.Key(keys.Char(k))
	}
	drawUntil(t, r, m, f, "the hunks", func() bool { return r.Panel.model.Chooser.Count == 2 })
	r.Panel.Key(keys.Char('n'))
	drawUntil(t, r, m, f, "the second hunk", func() bool { return strings.Contains(m.Text(), "r: hunk 2/2") })
	golden(t, "screen_panel_hunk_chooser", m.Dump(true))
	a := r.Panel.Key(keys.Special(keys.Enter))
	in, ok := r.Panel.revertInput(a)
	if !ok {
		t.Fatalf("Enter gave %+v and no revert", a)
	}
	applyInput(t, s.sess, in)
	if got := s.ed.Buffer().Text().String(); got != "X\nb\nc\nd\ne\nf\ng\nh\ni\nj" {
		t.Fatalf("after the revert: %q", got)
	}
	applyInput(t, s.sess, session.Input{Undo: true})
	if got := s.ed.Buffer().Text().String(); got != "X\nb\nc\nd\ne\nf\ng\nh\ni\nJ" {
		t.Fatalf("u did not take it back: %q", got)
	}
}

// runWorker runs a diff worker until the returned stop is called.
func runWorker(t *testing.T, w *diff.Worker) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	return func() { cancel(); <-done }
}

// applyInput gives the editor one input through its Run loop, as the UI
// does, and returns when the view after it is published.
func applyInput(t *testing.T, sess *session.Session, in session.Input) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan session.Input, 1)
	views := make(chan struct{}, 4)
	done := make(chan struct{})
	go func() { sess.Run(ctx, ch, func(editor.View) { views <- struct{}{} }); close(done) }()
	<-views // the first view, before any input
	ch <- in
	select {
	case <-views:
	case <-time.After(5 * time.Second):
		t.Fatal("the editor published no view after the input")
	}
	cancel()
	<-done
}
