package undopanel

import (
	"testing"
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

func keys(s string) []Key {
	var out []Key
	for _, r := range s {
		out = append(out, Key{Code: KeyRune, Rune: r})
	}
	return out
}

func TestPanelKeys(t *testing.T) {
	tests := []struct {
		name   string
		keys   []Key
		sel    int
		action ActionKind
		check  func(*Panel) bool
	}{
		{"starts on current", nil, 6, ActNone, nil},
		{"j moves down one row", keys("j"), 5, ActRedraw, nil},
		{"k moves up", keys("k"), 7, ActRedraw, nil},
		{"j skips connectors", keys("jjj"), 3, ActRedraw, nil},
		{"down arrow", []Key{{Code: KeyDown}}, 5, ActRedraw, nil},
		{"J is chronological", keys("J"), 5, ActRedraw, nil},
		{"K is chronological", keys("JJK"), 5, ActRedraw, nil},
		{"J stops at the root", keys("GJ"), 0, ActRedraw, nil},
		{"G goes to the root", keys("G"), 0, ActRedraw, nil},
		{"gg goes to the newest", keys("Ggg"), 7, ActRedraw, nil},
		{"g then other key", keys("gj"), 5, ActRedraw, nil},
		{"h goes to the older sibling", keys("h"), 3, ActRedraw, nil},
		{"l at the newest sibling climbs to a fork", keys("l"), 7, ActRedraw, nil},
		{"l from 3 goes to 5", keys("Gkkkl"), 5, ActRedraw, nil},
		{"[ previous fork", keys("["), 2, ActRedraw, nil},
		{"[[ root fork", keys("[["), 0, ActRedraw, nil},
		{"] next fork", keys("G]"), 2, ActRedraw, nil},
		{"{ previous saved", keys("{"), 3, ActRedraw, nil},
		{"} next saved", keys("G}"), 3, ActRedraw, nil},
		{"}} next saved", keys("G}}"), 6, ActRedraw, nil},
		{"Enter restores the selection", append(keys("j"), Key{Code: KeyEnter}), 5, ActRestore, nil},
		{"q closes", keys("q"), 6, ActClose, nil},
		{"Esc closes", []Key{{Code: KeyEsc}}, 6, ActClose, nil},
		{"Backspace goes back", []Key{{Code: KeyBackspace}}, 6, ActRestoreBack, nil},
		{"CTRL-H goes back", []Key{{Code: KeyRune, Rune: 'h', Ctrl: true}}, 6, ActRestoreBack, nil},
		{"Tab gives focus back", []Key{{Code: KeyTab}}, 6, ActFocusText, nil},
		{"CTRL-W w gives focus back", []Key{{Code: KeyRune, Rune: 'w', Ctrl: true}, {Code: KeyRune, Rune: 'w'}}, 6, ActFocusText, nil},
		{"CTRL-W CTRL-W gives focus back", []Key{{Code: KeyRune, Rune: 'w', Ctrl: true}, {Code: KeyRune, Rune: 'w', Ctrl: true}}, 6, ActFocusText, nil},
		{"CTRL-W p gives focus back", []Key{{Code: KeyRune, Rune: 'w', Ctrl: true}, {Code: KeyRune, Rune: 'p'}}, 6, ActFocusText, nil},
		{"CTRL-W then j is cancelled", []Key{{Code: KeyRune, Rune: 'w', Ctrl: true}, {Code: KeyRune, Rune: 'j'}}, 6, ActNone, nil},
		{"z folds", keys("z"), 6, ActRedraw, func(p *Panel) bool { return p.Folded }},
		{"zz unfolds", keys("zz"), 6, ActRedraw, func(p *Panel) bool { return !p.Folded }},
		{"? help", keys("?"), 6, ActRedraw, func(p *Panel) bool { return p.Help }},
		{"p cycles preview", keys("pp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewFull }},
		{"ppp wraps", keys("ppp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffCurrent }},
		{"t absolute time", keys("t"), 6, ActRedraw, func(p *Panel) bool { return p.Absolute }},
		{"ctrl-e scrolls the diff", []Key{{Code: KeyRune, Rune: 'e', Ctrl: true}, {Code: KeyRune, Rune: 'e', Ctrl: true}},
			6, ActRedraw, func(p *Panel) bool { return p.DiffTop == 2 }},
		{"moving resets the diff scroll", []Key{{Code: KeyRune, Rune: 'e', Ctrl: true}, {Code: KeyRune, Rune: 'j'}},
			5, ActRedraw, func(p *Panel) bool { return p.DiffTop == 0 }},
		{"unknown key", keys("x"), 6, ActNone, nil},
		{"m marks the selection and compares with it", keys("jjjm"), 3, ActRedraw,
			func(p *Panel) bool { return p.Mark == 3 && p.Preview == PreviewDiffMark }},
		{"m on the mark removes it", keys("jmm"), 5, ActRedraw,
			func(p *Panel) bool { return p.Mark == -1 && p.Preview == PreviewDiffCurrent }},
		{"m elsewhere moves the mark", keys("jmjm"), 4, ActRedraw, func(p *Panel) bool { return p.Mark == 4 }},
		{"p cycles through the mark", keys("mp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffCurrent }},
		{"pppp with a mark comes back to it", keys("mpppp"), 6, ActRedraw, func(p *Panel) bool { return p.Preview == PreviewDiffMark }},
		{"no mark, no mark preview", keys("ppp"), 6, ActRedraw, func(p *Panel) bool { return p.Mark == -1 && p.Preview == PreviewDiffCurrent }},
		{"j in folded view selects a run's top", keys("zjj"), 4, ActRedraw, nil},
		{"j in folded view skips a run", keys("zjjj"), 2, ActRedraw, nil},
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
	p.Key(tr, Key{Code: KeyRune, Rune: 'j'})
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
		p.Key(tr, Key{Code: KeyRune, Rune: k})
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
