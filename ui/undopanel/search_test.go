package undopanel

import (
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

func enter() keys.Key { return keys.Special(keys.Enter) }

// searchPanel is branchy() synced, with rows 6 (current) selected.
func searchPanel(t *testing.T) (*Panel, *memTree) {
	t.Helper()
	tr := branchy()
	p := &Panel{}
	p.Sync(tr)
	p.Rows(10, nil)
	return p, tr
}

func TestSearchTypingAndEnter(t *testing.T) {
	p, tr := searchPanel(t)
	for _, k := range append(typed("/fox"), keys.Special(keys.Backspace), keys.Char('o')) {
		p.Key(tr, k)
	}
	if !p.Search.Typing || string(p.Search.Input) != "foo" || p.Help {
		t.Fatalf("typing: %+v", p.Search)
	}
	a := p.Key(tr, enter())
	if a.Kind != ActSearch || a.Pattern != "foo" || a.Up || a.Seq != 6 {
		t.Fatalf("Enter: %+v", a)
	}
	gen := p.Search.Gen()
	p.Found(gen, 3)
	p.Found(gen, 1)
	if p.Sel != 3 {
		t.Errorf("the first row found is selected: %d, want 3", p.Sel)
	}
	p.Found(gen-1, 5) // an older search's row is dropped
	p.Done(gen, "")
	if p.Search.Count() != 2 || p.IsMatch(5) || p.Search.Running {
		t.Fatalf("matches %d, row 5 %v, running %v", p.Search.Count(), p.IsMatch(5), p.Search.Running)
	}
	// n goes down (/), wrapping; N up.
	for _, step := range []struct {
		key  rune
		want int
	}{{'n', 1}, {'n', 3}, {'N', 1}, {'N', 3}} {
		p.Key(tr, keys.Char(step.key))
		if p.Sel != step.want {
			t.Fatalf("%c: selection %d, want %d", step.key, p.Sel, step.want)
		}
	}
	if p.MatchIndex(3) != 1 || p.MatchIndex(1) != 2 || p.MatchIndex(2) != 0 {
		t.Errorf("match indexes %d %d %d, want 1 2 0", p.MatchIndex(3), p.MatchIndex(1), p.MatchIndex(2))
	}
}

func TestSearchQuestionMarkIsHelpAndSearchUp(t *testing.T) {
	p, tr := searchPanel(t)
	p.Key(tr, keys.Char('?'))
	if !p.Help || !p.Search.Typing || !p.Search.Up {
		t.Fatalf("? shows the help and starts an upward search: help %v %+v", p.Help, p.Search)
	}
	p.Key(tr, keys.Char('?'))
	if p.Help || p.Search.Typing {
		t.Fatalf("?? closes both: help %v typing %v", p.Help, p.Search.Typing)
	}
	p.Key(tr, keys.Char('?'))
	p.Key(tr, keys.Special(keys.Esc))
	if p.Help || p.Search.Typing {
		t.Fatalf("? Esc closes both")
	}
	p.Key(tr, keys.Char('?'))
	if a := p.Key(tr, enter()); a.Kind == ActSearch || p.Search.Err != "" || p.Help {
		t.Fatalf("? Enter without a pattern only closes the help: %+v, err %q", a, p.Search.Err)
	}
	p.Key(tr, keys.Char('?'))
	p.Key(tr, keys.Char('x'))
	if p.Help {
		t.Fatalf("typing a pattern hides the help")
	}
	if a := p.Key(tr, enter()); a.Kind != ActSearch || !a.Up || a.Pattern != "x" {
		t.Fatalf("?x Enter: %+v", a)
	}
}

func TestSearchNotFoundAndEmptyPattern(t *testing.T) {
	p, tr := searchPanel(t)
	p.Key(tr, keys.Char('n'))
	if p.Search.Err != "E35: No previous regular expression" {
		t.Fatalf("n before any search: %q", p.Search.Err)
	}
	p.Key(tr, keys.Char('/'))
	p.Key(tr, keys.Char('z'))
	p.Key(tr, enter())
	p.Done(p.Search.Gen(), "")
	p.Key(tr, keys.Char('n'))
	if p.Search.Err != "E486: Pattern not found: z" || p.Sel != 6 {
		t.Fatalf("n without matches: %q, selection %d", p.Search.Err, p.Sel)
	}
	// / Enter repeats the last pattern, in the new direction.
	p.Key(tr, keys.Char('?'))
	p.Key(tr, keys.Char('y'))
	p.Key(tr, keys.Special(keys.Backspace))
	if a := p.Key(tr, enter()); a.Kind != ActSearch || a.Pattern != "z" || !a.Up {
		t.Fatalf("? Enter after a search: %+v", a)
	}
}

func TestSearchMatchesDroppedOnRebuild(t *testing.T) {
	p, tr := searchPanel(t)
	p.Key(tr, keys.Char('/'))
	p.Key(tr, keys.Char('a'))
	p.Key(tr, enter())
	gen := p.Search.Gen()
	p.Found(gen, 2)
	pruned := newMemTree() // another history: the layout is rebuilt
	pruned.add(0)
	p.Sync(pruned)
	if p.IsMatch(2) || p.Search.Count() != 0 || p.Search.Gen() == gen {
		t.Fatalf("matches kept across a rebuild")
	}
	p.Found(gen, 1)
	if p.IsMatch(1) {
		t.Fatalf("a row of the old search was recorded after the rebuild")
	}
}
