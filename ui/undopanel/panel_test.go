package undopanel

import (
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

// branchy builds: 0-1-2-3-4 (then undo to 2) 5-6 (undo to 0) 7, with
// saves at 3 and 6; current 6.
//
//	    o 7
//	  o | 6 S
//	  o | 5
//	o | | 4
//	o | | 3 s
//	}-' |
//	o   | 2
//	o   | 1
//	}---'
//	o 0
func branchy() *memTree {
	t := newMemTree()
	for i := 0; i < 4; i++ {
		t.add(t.cur)
	}
	t.add(2)
	t.add(5)
	t.add(0)
	t.nodes[3].SaveNr = 1
	t.nodes[6].SaveNr = 2
	t.saved, t.writes = 6, 2
	t.cur = 6
	return t
}

func typed(s string) []keys.Key {
	var out []keys.Key
	for _, r := range s {
		out = append(out, keys.Char(r))
	}
	return out
}

func TestPanelKeys(t *testing.T) {
	tests := []struct {
		name   string
		keys   []keys.Key
		sel    int
		action ActionKind
		check  func(*Panel) bool
	}{
		{"starts on current", nil, 6, ActNone, nil},
		{"j moves down one row", typed("j"), 5, ActRedraw, nil},
		{"k moves up", typed("k"), 7, ActRedraw, nil},
		{"j skips connectors", typed("jjj"), 3, ActRedraw, nil},
		{"down arrow", []keys.Key{keys.Special(keys.Down)}, 5, ActRedraw, nil},
		{"J is chronological", typed("J"), 5, ActRedraw, nil},
		{"K is chronological", typed("JJK"), 5, ActRedraw, nil},
		{"J stops at the root", typed("GJ"), 0, ActRedraw, nil},
		{"G goes to the root", typed("G"), 0, ActRedraw, nil},
		{"gg goes to the newest", typed("Ggg"), 7, ActRedraw, nil},
		{"g then other key", typed("gj"), 5, ActRedraw, nil},
		{"h goes to the older sibling", typed("h"), 3, ActRedraw, nil},
		{"l at the newest sibling climbs to a fork", typed("l"), 7, ActRedraw, nil},
		{"l from 3 goes to 5", typed("Gkkkl"), 5, ActRedraw, nil},
		{"[ previous fork", typed("["), 2, ActRedraw, nil},
		{"[[ root fork", typed("[["), 0, ActRedraw, nil},
		{"] next fork", typed("G]"), 2, ActRedraw, nil},
		{"{ previous saved", typed("{"), 3, ActRedraw, nil},
		{"} next saved", typed("G}"), 3, ActRedraw, nil},
		{"}} next saved", typed("G}}"), 6, ActRedraw, nil},
		{"Enter restores the selection", append(typed("j"), keys.Special(keys.Enter)), 5, ActRestore, nil},
		{"q closes", typed("q"), 6, ActClose, nil},
		{"Esc closes", []keys.Key{keys.Special(keys.Esc)}, 6, ActClose, nil},
		{"Backspace goes back", []keys.Key{keys.Special(keys.Backspace)}, 6, ActRestoreBack, nil},
		{"CTRL-H goes back", []keys.Key{keys.Ctrl('h')}, 6, ActRestoreBack, nil},
		{"Tab gives focus back", []keys.Key{keys.Special(keys.Tab)}, 6, ActFocusText, nil},
		{"CTRL-W w gives focus back", []keys.Key{keys.Ctrl('w'), keys.Char('w')}, 6, ActFocusText, nil},
		{"CTRL-W CTRL-W gives focus back", []keys.Key{keys.Ctrl('w'), keys.Ctrl('w')}, 6, ActFocusText, nil},
		{"CTRL-W p gives focus back", []keys.Key{keys.Ctrl('w'), keys.Char('p')}, 6, ActFocusText, nil},
		{"CTRL-W then j is cancelled", []keys.Key{keys.Ctrl('w'), keys.Char('j')}, 6, ActNone, nil},
		{"z folds", typed("z"), 6, ActRedraw, func(p *Panel) bool { return p.Folded }},
		{"zz unfolds", typed("zz"), 6, ActRedraw, func(p *Panel) bool { return !p.Folded }},
		{"? help", typed("?"), 6, ActRedraw, func(p *Panel) bool { return p.Help }},
		{"p cycles preview", typed("pp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewFull }},
		{"ppp wraps", typed("ppp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffCurrent }},
		{"t absolute time", typed("t"), 6, ActRedraw, func(p *Panel) bool { return p.Absolute }},
		{"ctrl-e scrolls the diff", []keys.Key{keys.Ctrl('e'), keys.Ctrl('e')},
			6, ActRedraw, func(p *Panel) bool { return p.DiffTop == 2 }},
		{"moving resets the diff scroll", []keys.Key{keys.Ctrl('e'), keys.Char('j')},
			5, ActRedraw, func(p *Panel) bool { return p.DiffTop == 0 }},
		{"unknown key", typed("x"), 6, ActNone, nil},
		{"m marks the selection and compares with it", typed("jjjm"), 3, ActRedraw,
			func(p *Panel) bool { return p.Mark == 3 && p.Preview == PreviewDiffMark }},
		{"m on the mark removes it", typed("jmm"), 5, ActRedraw,
			func(p *Panel) bool { return p.Mark == -1 && p.Preview == PreviewDiffCurrent }},
		{"m elsewhere moves the mark", typed("jmjm"), 4, ActRedraw, func(p *Panel) bool { return p.Mark == 4 }},
		{"p cycles through the mark", typed("mp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffCurrent }},
		{"pppp with a mark comes back to it", typed("mpppp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffMark }},
		{"no mark, no mark preview", typed("ppp"), 6, ActRedraw, func(p *Panel) bool { return p.Mark == -1 && p.Preview == PreviewDiffCurrent }},
		{"j in folded view selects a run's top", typed("zjj"), 4, ActRedraw, nil},
		{"j in folded view skips a run", typed("zjjj"), 2, ActRedraw, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := branchy()
			var p Panel
			p.Sync(tr)
			p.Rows(10, nil)
			var a Action
			for _, k := range tc.keys {
				a = p.Key(tr, k)
			}
			if p.Sel != tc.sel {
				t.Errorf("selection %d, want %d", p.Sel, tc.sel)
			}
			if a.Kind != tc.action {
				t.Errorf("last action %v, want %v", a.Kind, tc.action)
			}
			if a.Kind == ActRestore && a.Seq != tc.sel {
				t.Errorf("restore %d, want %d", a.Seq, tc.sel)
			}
			if tc.check != nil && !tc.check(&p) {
				t.Errorf("state check failed: %+v", p)
			}
		})
	}
}

func TestPanelSelectionFollowsCurrent(t *testing.T) {
	tr := branchy()
	var p Panel
	p.Sync(tr)
	tr.add(6) // typing: a new current state
	p.Sync(tr)
	if p.Sel != 8 {
		t.Errorf("selection %d after a new state, want 8 (it followed the current)", p.Sel)
	}
	p.Key(tr, keys.Char('j'))
	tr.cur = 2 // an undo elsewhere
	p.Sync(tr)
	if p.Sel != 7 {
		t.Errorf("selection %d, want 7 (it was moved off the current, so it stays)", p.Sel)
	}
}

func TestPanelRowsKeepSelectionVisible(t *testing.T) {
	tr := newMemTree()
	for i := 0; i < 200; i++ {
		tr.add(tr.cur)
	}
	var p Panel
	p.Sync(tr)
	const h = 10
	for _, k := range "jjjjjjjjjjjjjjjjjjjjjjjjjkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkGgg" {
		p.Key(tr, keys.Char(k))
		rows := p.Rows(h, nil)
		if len(rows) != h {
			t.Fatalf("%d rows, want %d", len(rows), h)
		}
		idx := -1
		for i, r := range rows {
			if r.IsNode() && tr.Node(r.Top).Seq == p.Sel {
				idx = i
			}
		}
		if idx < 0 {
			t.Fatalf("after %q the selection %d is not shown", k, p.Sel)
		}
		if idx < scrolloff && rows[0].Top != tr.Len()-1 || idx > h-1-scrolloff && rows[h-1].Top != 0 {
			t.Fatalf("after %q the selection is at row %d, inside the margin", k, idx)
		}
	}
}

// TestPanelIgnoresForeignKeys: keys the panel does not handle (Alt
// letters, <Insert>, <F1>) do nothing, not even end a pending g; special
// keys work whatever their modifiers.
func TestPanelIgnoresForeignKeys(t *testing.T) {
	tr := branchy()
	var p Panel
	p.Sync(tr)
	sel := p.Sel
	p.Key(tr, keys.Char('g'))
	for _, k := range []keys.Key{{Code: keys.Rune, Rune: 'j', Mod: keys.ModAlt}, keys.Special(keys.Insert), keys.Special(keys.F1)} {
		if Handles(k) {
			t.Errorf("Handles(%v)", k)
		}
		if a := p.Key(tr, k); a.Kind != ActNone || p.Sel != sel {
			t.Errorf("%v: action %v, selection %d", k, a, p.Sel)
		}
	}
	if p.Key(tr, keys.Char('g')); p.Sel != tr.Node(tr.Len()-1).Seq {
		t.Errorf("gg split by ignored keys: selection %d", p.Sel)
	}
	if a := p.Key(tr, keys.Key{Code: keys.Esc, Mod: keys.ModShift}); a.Kind != ActClose {
		t.Errorf("<S-Esc>: %v", a)
	}
}
