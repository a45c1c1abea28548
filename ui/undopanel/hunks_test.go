package undopanel

import (
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

func TestHunkChooser(t *testing.T) {
	tr := branchy()
	var p Panel
	p.Sync(tr)
	p.Rows(10, nil)
	p.Key(tr, keys.Char('p')) // diff vs parent: the chooser shows the diff vs current, then gives it back
	p.Key(tr, keys.Char('j'))
	p.Key(tr, keys.Char('r'))
	if !p.Chooser.Active || p.Preview != PreviewDiffCurrent || p.Sel != 5 {
		t.Fatalf("r: %+v preview %v sel %d", p.Chooser, p.Preview, p.Sel)
	}
	if a := p.Key(tr, keys.Special(keys.Enter)); a.Kind != ActNone {
		t.Fatalf("Enter before the diff is known: %+v", a)
	}
	p.SetHunks(3)
	for _, st := range []struct {
		k    keys.Key
		want int
	}{{keys.Char('n'), 1}, {keys.Char('n'), 2}, {keys.Char('n'), 0}, {keys.Char('N'), 2}, {keys.Char('k'), 1}, {keys.Special(keys.Down), 2}} {
		p.Key(tr, st.k)
		if p.Chooser.Index != st.want || p.Sel != 5 {
			t.Fatalf("%v: hunk %d sel %d, want hunk %d on 5", st.k, p.Chooser.Index, p.Sel, st.want)
		}
	}
	a := p.Key(tr, keys.Special(keys.Enter))
	if a.Kind != ActRevertHunk || a.Seq != 5 || a.Hunk != 2 {
		t.Fatalf("Enter: %+v", a)
	}
	if p.Chooser.Active || p.Preview != PreviewDiffParent {
		t.Fatalf("after Enter: %+v, preview %v", p.Chooser, p.Preview)
	}
	p.Key(tr, keys.Char('r'))
	p.SetHunks(0)
	if a := p.Key(tr, keys.Special(keys.Enter)); a.Kind != ActNone || !p.Chooser.Active {
		t.Fatalf("Enter without hunks: %+v", a)
	}
	p.Key(tr, keys.Special(keys.Esc))
	if p.Chooser.Active {
		t.Fatal("Esc did not leave the chooser")
	}
	if a := p.Key(tr, keys.Char('u')); a.Kind != ActUndo {
		t.Fatalf("u: %+v", a)
	}
}

func TestLivePreviewKeys(t *testing.T) {
	tr := branchy()
	start := func() *Panel {
		p := &Panel{}
		p.Sync(tr)
		p.Rows(10, nil)
		p.Key(tr, keys.Char('P'))
		p.Key(tr, keys.Char('j'))
		p.Key(tr, keys.Char('j'))
		if !p.Live || p.Sel != 4 {
			t.Fatalf("P j j: live %v sel %d", p.Live, p.Sel)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		k    keys.Key
		act  ActionKind
		sel  int
	}{
		{"Esc ends it and selects the state before", keys.Special(keys.Esc), ActRedraw, 6},
		{"q ends it too", keys.Char('q'), ActRedraw, 6},
		{"P toggles it off", keys.Char('P'), ActRedraw, 6},
		{"Enter keeps the state previewed", keys.Special(keys.Enter), ActRestore, 4},
		{"Tab ends it and leaves", keys.Special(keys.Tab), ActFocusText, 6},
		{"u ends it and undoes", keys.Char('u'), ActUndo, 6},
	} {
		p := start()
		a := p.Key(tr, tc.k)
		if p.Live || a.Kind != tc.act || p.Sel != tc.sel {
			t.Errorf("%s: live %v action %v sel %d; want off, %v, %d", tc.name, p.Live, a.Kind, p.Sel, tc.act, tc.sel)
		}
	}
}

func TestLayoutDistance(t *testing.T) {
	tr := branchy() // 0-1-2-3-4, 2-5-6, 0-7
	var l Layout
	l.Sync(tr)
	for _, tc := range []struct{ a, b, want int }{{4, 4, 0}, {4, 3, 1}, {4, 6, 4}, {6, 7, 5}, {0, 6, 4}} {
		if d, ok := l.Distance(tc.a, tc.b, 10); !ok || d != tc.want {
			t.Errorf("Distance(%d, %d) = %d %v, want %d", tc.a, tc.b, d, ok, tc.want)
		}
	}
	if _, ok := l.Distance(4, 6, 3); ok {
		t.Error("a distance over the limit was reported")
	}
}
