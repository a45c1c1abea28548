package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/keys"
)

// searchSession is an editor with a history of named, pasted and typed
// states: "fox" is typed at 1, deleted at 3, typed again at 5.
func searchSession(t *testing.T) (*keyedEditor, *Frame) {
	t.Helper()
	s := newSession()
	for _, k := range []string{"ithe quick brown fox<Esc>", "ojumps<Esc>", "ggwwwD", "Alazy dog<Esc>", "Ofox again<Esc>", ":checkpoint done<CR>"} {
		s.keys(t, k)
		s.clock.Sleep(time.Minute)
	}
	s.ed.Paste("pasted")
	fb := frameBuilder{now: func() time.Time { return editorEpoch.Add(time.Hour) }}
	v := s.ed.TakeView()
	return s, fb.build(&v)
}

// drawUntil draws f until ok holds, for at most five seconds (the
// panel's search runs on its own goroutine).
func drawUntil(t *testing.T, r *Renderer, m *MemSurface, f *Frame, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r.Draw(m, f)
		if ok() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s:\n%s", what, m.Text())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func typeInto(r *Renderer, s string) {
	for _, c := range s {
		r.Panel.Key(keys.Char(c))
	}
}

func TestPanelSearch(t *testing.T) {
	_, f := searchSession(t)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Panel.Opts.Diff = DiffOff
	m := NewMemSurface(80, 16)
	checkSurface(t, m)
	r.Draw(m, f)
	typeInto(r, "/fox")
	r.Draw(m, f)
	golden(t, "screen_panel_search_typing", m.Dump(true))
	if x, y := m.Cursor(); y != 0 || x != 4 {
		t.Errorf("cursor at %d,%d, want on the search line after the pattern", x, y)
	}
	r.Panel.Key(keys.Special(keys.Enter))
	sr := &r.Panel.model.Search
	drawUntil(t, r, m, f, "the search to end", func() bool { return !sr.Running })
	// From the newest state (6, the paste) down: 5 added "fox" again,
	// 3 deleted it, 1 typed it; the checkpoint label and the sources do
	// not hold it.
	if got := r.Panel.model.Sel; got != 5 {
		t.Fatalf("/fox selected #%d, want #5", got)
	}
	golden(t, "screen_panel_search_found", m.Dump(true))
	for _, want := range []int{3, 1, 5} {
		r.Panel.Key(keys.Char('n'))
		if got := r.Panel.model.Sel; got != want {
			t.Fatalf("n selected #%d, want #%d", got, want)
		}
	}
	r.Panel.Key(keys.Char('N'))
	if got := r.Panel.model.Sel; got != 1 {
		t.Fatalf("N selected #%d, want #1", got)
	}
	r.Draw(m, f)
	if !strings.Contains(m.Row(0), "/fox 3/3") {
		t.Errorf("title %q, want the match count", m.Row(0))
	}
	// Labels and sources match too.
	typeInto(r, "?done")
	r.Panel.Key(keys.Special(keys.Enter))
	drawUntil(t, r, m, f, "?done", func() bool { return !sr.Running })
	if got := r.Panel.model.Sel; got != 5 {
		t.Errorf("?done selected #%d, want the checkpoint #5", got)
	}
	typeInto(r, "/paste")
	r.Panel.Key(keys.Special(keys.Enter))
	drawUntil(t, r, m, f, "/paste", func() bool { return !sr.Running })
	if got := r.Panel.model.Sel; got != 6 {
		t.Errorf("/paste selected #%d, want the pasted #6", got)
	}
	// A bad pattern says why.
	typeInto(r, `/a\(`)
	r.Panel.Key(keys.Special(keys.Enter))
	drawUntil(t, r, m, f, "the error", func() bool { return !sr.Running })
	if !strings.Contains(m.Row(0), "E54") {
		t.Errorf("title %q, want E54", m.Row(0))
	}
}
