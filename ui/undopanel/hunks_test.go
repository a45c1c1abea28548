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
