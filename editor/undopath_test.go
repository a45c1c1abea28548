package editor

import (
	"fmt"
	"maps"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// TestUndoPath checks the model's path (the headers a movement undoes and
// redoes) on a tree with branches: 1 → 2 → 3, and 4 from 1 (after undoing
// 3 and 2), 5 from the root.
func TestUndoPath(t *testing.T) {
	e := newTestEditor("a\n")
	for _, k := range []string{"x", "ib<Esc>", "ic<Esc>", "u", "u", "id<Esc>", ":undo 0<CR>", "ie<Esc>"} {
		feedSteps(t, e, k)
	}
	s := e.buf().tree.Snapshot()
	tests := []struct {
		from, to int
		want     string
	}{
		{3, 3, "[]"},
		{3, 2, "[{3 true}]"},
		{2, 3, "[{3 false}]"},
		{3, 4, "[{3 true} {2 true} {4 false}]"},
		{4, 3, "[{4 true} {2 false} {3 false}]"},
		{5, 3, "[{5 true} {1 false} {2 false} {3 false}]"},
		{3, 0, "[{3 true} {2 true} {1 true}]"},
		{0, 4, "[{1 false} {4 false}]"},
		{3, 99, "[]"}, // not in the tree
	}
	for _, tc := range tests {
		got := fmt.Sprint(modelUndoPath(s, tc.from, tc.to))
		if got != tc.want {
			t.Errorf("undoPath(%d, %d) = %s, want %s", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestMarksAlongPathModel checks that the marks and the jumplist entries
// moved from the path the tree reports (undo.Tree.LastPath) are those of
// the model: the path found in the tree's snapshot, and each node's
// changes applied again to a copy of the text to learn their lines (how
// kjx did it before the tree reported them). Random histories with
// branches, random marks, random movements of every kind.
func TestMarksAlongPathModel(t *testing.T) {
	keys := []string{"x", "dd", "ox<CR>y<Esc>", "Oab<Esc>", "p", "P", "J", "iq<CR><Esc>", "A<CR>z<Esc>",
		"u", "u", "2u", "<C-R>", "gg", "G", "j", "k", "$", "3x", "yy", ":2,3d<CR>", ":s/a/b\\nc/<CR>"}
	moves := []string{"u", "3u", "<C-R>", "2<C-R>", "g-", "3g-", "g+", "2g+", ":undo 0<CR>", ":earlier 2f<CR>",
		":later 1f<CR>", ":undo 3<CR>", ":undo 7<CR>", ":earlier 4<CR>", ":later 2<CR>"}
	rng := rand.New(rand.NewSource(17))
	checkedMoves, checkedEntries := 0, 0
	for round := 0; round < 40; round++ {
		e := newTestEditor("one\ntwo\nthree\nfour\nfive\nsix\n")
		b := e.buf()
		for i := 0; i < 30; i++ {
			if rng.Intn(4) == 0 {
				feedSteps(t, e, "m"+string(rune('a'+rng.Intn(4))))
			}
			if rng.Intn(8) == 0 {
				feedSteps(t, e, ":w<CR>")
			}
			feedSteps(t, e, keys[rng.Intn(len(keys))])
		}
		for i := 0; i < 20; i++ {
			if rng.Intn(3) == 0 {
				feedSteps(t, e, "m"+string(rune('a'+rng.Intn(4))))
			}
			model := &Buffer{marks: maps.Clone(b.marks), us: cloneUndoState(b.us)}
			before := b.Text()
			from := b.tree.Current()
			mv := moves[rng.Intn(len(moves))]
			b.tree.TrackPath(true)
			got := &Buffer{marks: maps.Clone(b.marks), us: cloneUndoState(b.us)}
			res := applyMove(t, e, mv)
			if !res {
				continue
			}
			snap := b.tree.Snapshot()
			want := model.modelMarksAlongPath(snap, before, modelUndoPath(snap, from, snap.Current()), true)
			// The tree reports only the entries that change the line
			// count: the others move no mark.
			want = slices.DeleteFunc(want, func(en undo.LineEntry) bool { return en.OldSize == en.NewSize })
			got.marksAlongPath(b.tree.LastPath())
			var gotEnts []undo.LineEntry
			for _, st := range b.tree.LastPath() {
				gotEnts = append(gotEnts, st.Entries...)
			}
			if !reflect.DeepEqual(want, gotEnts) && (len(want) > 0 || len(gotEnts) > 0) {
				t.Fatalf("round %d move %d %q (%d→%d): entries %v, model %v", round, i, mv, from, snap.Current(), gotEnts, want)
			}
			checkedMoves++
			checkedEntries += len(want)
			if !reflect.DeepEqual(model.marks, got.marks) {
				t.Fatalf("round %d move %d %q: marks %v, model %v", round, i, mv, got.marks, model.marks)
			}
			if !reflect.DeepEqual(model.us.marksUndone, got.us.marksUndone) {
				t.Fatalf("round %d move %d %q: saved marks %v, model %v", round, i, mv, got.us.marksUndone, model.us.marksUndone)
			}
		}
	}
	if checkedMoves < 200 || checkedEntries < 1000 {
		t.Fatalf("only %d movements with %d entries checked", checkedMoves, checkedEntries)
	}
	t.Logf("%d movements, %d entries", checkedMoves, checkedEntries)
}

// applyMove runs movement mv in e's tree directly (the editor's own
// afterUndoMove is not run) and reports whether the tree moved.
func applyMove(t *testing.T, e *Editor, mv string) bool {
	t.Helper()
	b := e.buf()
	from := b.tree.Current()
	feedSteps(t, e, mv)
	return b.tree.Current() != from || len(b.tree.LastPath()) > 0
}

func cloneUndoState(u undoState) undoState {
	u.init()
	return undoState{
		marksBefore: maps.Clone(u.marksBefore),
		marksUndone: maps.Clone(u.marksUndone),
		emptyAt:     maps.Clone(u.emptyAt),
	}
}

// The model: how kjx moved the marks before the tree reported its path.

type modelStep struct {
	seq  int
	back bool
}

// modelUndoPath lists the headers a movement from state from to state to
// undoes (up to the common ancestor) and then redoes, in order; nil when
// the tree does not hold them.
func modelUndoPath(s undo.Snapshot, from, to int) []modelStep {
	var path, down []modelStep
	for steps := 0; from != to; steps++ {
		if steps > s.Len()+1 {
			return nil
		}
		x := max(from, to)
		n, ok := s.Node(x)
		if !ok || n.Parent >= x {
			return nil
		}
		if x == from {
			path = append(path, modelStep{seq: from, back: true})
			from = n.Parent
		} else {
			down = append(down, modelStep{seq: to})
			to = n.Parent
		}
	}
	for i := len(down) - 1; i >= 0; i-- {
		path = append(path, down[i])
	}
	return path
}

// modelMarksAlongPath moves b's marks through the headers of path,
// starting from the text before the movement, applying every node's
// changes to a copy of the text.
func (b *Buffer) modelMarksAlongPath(s undo.Snapshot, before buffer.Rope, path []modelStep, withJumps bool) []undo.LineEntry {
	var all []undo.LineEntry
	text := before
	for _, st := range path {
		var saved map[rune]Pos
		if st.back {
			saved = namedMarks(b)
		}
		n, ok := s.Node(st.seq)
		if !ok {
			return all
		}
		next, err := text.ApplyAll(modelNodeChanges(n, !st.back))
		if err != nil {
			return all
		}
		if len(b.marks) > 0 || withJumps {
			ents := modelUndoEntries(text, n, st.back)
			if len(ents) == 1 && ents[0].NewSize < 0 {
				ents[0].NewSize = lineCount(next)
			}
			for _, en := range ents {
				adjustMarksUndo(b, en)
			}
			all = append(all, ents...)
		}
		b.restoreHeaderMarks(undo.PathStep{Seq: st.seq, Back: st.back}, saved)
		text = next
	}
	return all
}

// modelUndoEntries lists the entries that undoing (back) or redoing node
// n applies to r.
func modelUndoEntries(r buffer.Rope, n undo.Node, back bool) []undo.LineEntry {
	if n.Source == undo.SourceReload {
		return []undo.LineEntry{{OldSize: lineCount(r), NewSize: -1}}
	}
	changes := n.Changes
	var out []undo.LineEntry
	for k := range changes {
		c := changes[k]
		if back {
			c = changes[len(changes)-1-k].Inverse()
		}
		out = append(out, modelEntryOfChange(r, c))
		next, err := r.Apply(c)
		if err != nil {
			return nil
		}
		r = next
	}
	return out
}

// modelEntryOfChange sees change c, applied to r, as Vim's entry.
func modelEntryOfChange(r buffer.Rope, c buffer.Change) undo.LineEntry {
	no, nn := strings.Count(c.Old, "\n"), strings.Count(c.New, "\n")
	l := r.LineOf(min(c.Off, r.Len()))
	if c.Old == "" && c.New == "" {
		return undo.LineEntry{Top: l, OldSize: 1, NewSize: 1}
	}
	endsNL := func(s string) bool { return s == "" || s[len(s)-1] == '\n' }
	startsNL := func(s string) bool { return s == "" || s[0] == '\n' }
	if endsNL(c.Old) && endsNL(c.New) && r.LineStart(l) == c.Off {
		return undo.LineEntry{Top: l, OldSize: no, NewSize: nn}
	}
	if startsNL(c.Old) && startsNL(c.New) && c.Off == modelLineEndOff(r, l) {
		end := c.Off + len(c.Old)
		if end == r.Len() || r.ByteAt(end) == '\n' {
			return undo.LineEntry{Top: l + 1, OldSize: no, NewSize: nn}
		}
	}
	return undo.LineEntry{Top: l, OldSize: no + 1, NewSize: nn + 1}
}

func modelLineEndOff(r buffer.Rope, l int) int {
	if l+1 < lineCount(r) {
		return r.LineStart(l+1) - 1
	}
	return r.Len()
}

// modelNodeChanges returns the changes that redo (forward) or undo node n.
func modelNodeChanges(n undo.Node, forward bool) []buffer.Change {
	if forward {
		return n.Changes
	}
	out := make([]buffer.Change, len(n.Changes))
	for k := range n.Changes {
		out[k] = n.Changes[len(n.Changes)-1-k].Inverse()
	}
	return out
}
