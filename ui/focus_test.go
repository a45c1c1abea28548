package ui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

// TestFocusBothWays: Tab and CTRL-W w move the keyboard from the panel
// to the text and from the text to the panel; with the panel closed Tab
// is the editor's (CTRL-I).
func TestFocusBothWays(t *testing.T) {
	l, _ := testLoop()
	l.publish(editor.View{Mode: editor.ModeNormal})
	l.drawIfNew(true)
	tab := tcell.NewEventKey(tcell.KeyTab, 0, 0)
	ctrlW := tcell.NewEventKey(tcell.KeyCtrlW, 0, tcell.ModCtrl)
	w := tcell.NewEventKey(tcell.KeyRune, 'w', 0)
	drain := func() int {
		n := 0
		for len(l.in) > 0 {
			<-l.in
			n++
		}
		return n
	}
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
	drain() // the resize
	p := l.r.Panel
	steps := []struct {
		keys  []*tcell.EventKey
		focus bool
	}{
		{[]*tcell.EventKey{tab}, false},
		{[]*tcell.EventKey{tab}, true},
		{[]*tcell.EventKey{ctrlW, w}, false},
		{[]*tcell.EventKey{ctrlW, w}, true},
		{[]*tcell.EventKey{ctrlW, ctrlW}, false},
		{[]*tcell.EventKey{ctrlW, ctrlW}, true},
	}
	for i, st := range steps {
		for _, k := range st.keys {
			l.handle(k)
		}
		if p.Focus != st.focus || !p.Open {
			t.Fatalf("step %d: open %v focus %v, want open and focus %v", i, p.Open, p.Focus, st.focus)
		}
		if n := drain(); n != 0 {
			t.Fatalf("step %d: %d inputs reached the editor", i, n)
		}
	}
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0)) // close
	drain()
	l.handle(tab)
	in := <-l.in
	if len(in.Keys) != 1 || in.Keys[0] != editor.K(editor.KeyTab) {
		t.Fatalf("with the panel closed Tab sent %+v, want the editor's Tab", in)
	}
}

// TestPanelBackspaceGoesBack: the panel's Backspace asks the editor for
// g<BS> (Input.RestoreBack), whichever code the terminal sends.
func TestPanelBackspaceGoesBack(t *testing.T) {
	for _, k := range []tcell.Key{tcell.KeyBackspace2, tcell.KeyBackspace} {
		l, _ := testLoop()
		l.publish(editor.View{Mode: editor.ModeNormal})
		l.drawIfNew(true)
		l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
		l.drawIfNew(true)
		for len(l.in) > 0 {
			<-l.in
		}
		l.handle(tcell.NewEventKey(k, 0, 0))
		if len(l.in) != 1 {
			t.Fatalf("key %v: %d inputs, want one", k, len(l.in))
		}
		if in := <-l.in; !in.RestoreBack {
			t.Errorf("key %v sent %+v, want RestoreBack", k, in)
		}
	}
}

// TestBottomPaneShrinksTheTextWindow: with the preview under the text
// (panel.diff = "auto" on a wide screen) the editor is told a window of
// fewer rows, and of all of them again when the panel closes.
func TestBottomPaneShrinksTheTextWindow(t *testing.T) {
	m := NewMemSurface(130, 30)
	l := newLoop(nil, m, Options{Panel: PanelOptions{Diff: DiffAuto, Width: 36}})
	l.publish(editor.View{Mode: editor.ModeNormal})
	l.drawIfNew(true)
	last := func() session.Input {
		var in session.Input
		for len(l.in) > 0 {
			in = <-l.in
		}
		return in
	}
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
	bottom := l.r.Panel.bottomRows(130, 30)
	if in := last(); bottom == 0 || in.Height != 29-bottom || in.Width != 130-37 {
		t.Fatalf("panel open: %d bottom rows, editor told %dx%d", bottom, in.Width, in.Height)
	}
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
	if in := last(); in.Height != 29 || in.Width != 130 {
		t.Fatalf("panel closed: editor told %dx%d", in.Width, in.Height)
	}
}

// TestPanelFKeyForks: f in the panel sends the selected state as a fork
// (the root as editor.RestoreRoot).
func TestPanelFKeyForks(t *testing.T) {
	l, _ := testLoop()
	l.publish(editor.View{Mode: editor.ModeNormal})
	l.drawIfNew(true)
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
	l.drawIfNew(true)
	for len(l.in) > 0 {
		<-l.in
	}
	l.handle(tcell.NewEventKey(tcell.KeyRune, 'f', 0))
	if len(l.in) != 1 {
		t.Fatalf("f: %d inputs, want one", len(l.in))
	}
	want := forkInput(l.r.Panel.model.Sel).Fork
	if in := <-l.in; in.Fork == 0 || in.Fork != want {
		t.Errorf("f sent %+v, want Fork %d", in, want)
	}
	if l.r.Panel.Focus {
		t.Error("the panel kept the keyboard after f: the new buffer should have it")
	}
}
