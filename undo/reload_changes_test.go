package undo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// reloadTree is a tree whose text is text, with a fixed clock and one typed
// change already made and written, so that the reload is not the first node.
func reloadTree(t *testing.T, text string) *Tree {
	t.Helper()
	tr := New(buffer.FromString("x"+text), Options{Now: func() time.Time { return time.Unix(1_700_000_000, 0) }, Location: time.UTC})
	tr.Save(Pos{}, SourceTyped)
	if err := tr.Apply(buffer.Change{Off: 0, Old: "x"}); err != nil {
		t.Fatal(err)
	}
	tr.Sync()
	tr.MarkSaved()
	return tr
}

// lineEdits makes random line-level changes to old, as a line diff would:
// replaced, inserted and deleted lines, in ascending order with offsets in
// the text as the earlier changes left it. It returns them and the new text.
func lineEdits(rng *rand.Rand, old string) ([]buffer.Change, string) {
	lines := strings.Split(old, "\n")
	var cs []buffer.Change
	off := 0 // offset of line i in the text as changed so far
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		last := i == len(lines)-1
		switch rng.IntN(8) {
		case 0: // replace the line's content
			nl := fmt.Sprintf("new %d", rng.IntN(1000))
			cs = append(cs, buffer.Change{Off: off, Old: l, New: nl})
			l = nl
		case 1: // insert a line before it
			ins := fmt.Sprintf("ins %d\n", rng.IntN(1000))
			cs = append(cs, buffer.Change{Off: off, New: ins})
			off += len(ins)
		case 2: // delete it with its newline
			if !last {
				cs = append(cs, buffer.Change{Off: off, Old: l + "\n"})
				continue
			}
		}
		off += len(l) + 1
	}
	r, err := buffer.FromString(old).ApplyAll(cs)
	if err != nil {
		panic(err)
	}
	return cs, r.String()
}

func randomLines(rng *rand.Rand, n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %d %s", i, strings.Repeat("ab", rng.IntN(4)))
	}
	return strings.Join(lines, "\n")
}

// TestReloadChangesMatchesReload checks ReloadChanges against Reload, the
// model: same text, counters, node and movements (text, cursor, message)
// after undo and redo; only the stored changes differ.
func TestReloadChangesMatchesReload(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rounds := 300
	if testkit.RaceEnabled || testing.Short() {
		rounds = 60
	}
	for round := range rounds {
		old := randomLines(rng, 1+rng.IntN(30))
		cs, nw := lineEdits(rng, old)
		for _, src := range []Source{SourceExternal, SourceReload} {
			a, b := reloadTree(t, old), reloadTree(t, old)
			a.SetCursor(Pos{Line: 3})
			b.SetCursor(Pos{Line: 3})
			a.Reload(buffer.FromString(nw), src)
			if err := b.ReloadChanges(cs, src); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			ctx := fmt.Sprintf("round %d src %v\nold %q\nnew %q", round, src, old, nw)
			sameReloads(t, ctx, a, b)
			na, _ := a.Snapshot().Node(a.SeqLast())
			nb, _ := b.Snapshot().Node(b.SeqLast())
			if na.Source != src || nb.Source != src || na.CursorBefore != nb.CursorBefore {
				t.Fatalf("%s: nodes %+v and %+v", ctx, na, nb)
			}
			for _, move := range []func(*Tree) Result{
				func(tr *Tree) Result { return tr.Undo(1) },
				func(tr *Tree) Result { return tr.Redo(1) },
				func(tr *Tree) Result { return tr.Undo(2) },
			} {
				ra, rb := move(a), move(b)
				if ra.Text.String() != rb.Text.String() || ra.Cursor != rb.Cursor || ra.Message != rb.Message || ra.Moved != rb.Moved {
					t.Fatalf("%s: Reload moves to %q %v %q, ReloadChanges to %q %v %q", ctx,
						ra.Text.String(), ra.Cursor, ra.Message, rb.Text.String(), rb.Cursor, rb.Message)
				}
				sameReloads(t, ctx, a, b)
			}
		}
	}
}

func sameReloads(t *testing.T, ctx string, a, b *Tree) {
	t.Helper()
	if a.Text().String() != b.Text().String() || a.SeqCur() != b.SeqCur() || a.SeqLast() != b.SeqLast() ||
		a.Modified() != b.Modified() || a.SaveCur() != b.SaveCur() || a.SaveLast() != b.SaveLast() {
		t.Fatalf("%s:\nReload        text %q seq %d/%d modified %v save %d/%d\nReloadChanges text %q seq %d/%d modified %v save %d/%d",
			ctx, a.Text().String(), a.SeqCur(), a.SeqLast(), a.Modified(), a.SaveCur(), a.SaveLast(),
			b.Text().String(), b.SeqCur(), b.SeqLast(), b.Modified(), b.SaveCur(), b.SaveLast())
	}
}

// TestReloadChangesKeepsOnlyTheChanges checks the point of the variant: a
// few changed lines of a large text are all the node stores, and the text
// from before comes back with undo.
func TestReloadChangesKeepsOnlyTheChanges(t *testing.T) {
	lines := make([]string, 10_000)
	for i := range lines {
		lines[i] = fmt.Sprintf("line %05d of a file that is long enough", i)
	}
	old := strings.Join(lines, "\n")
	tr := reloadTree(t, old)
	before := tr.Text().String()
	var cs []buffer.Change
	r := tr.Freeze() // kept across the reload
	for k := range 10 {
		l := 500 + k*900
		s := r.LineStart(l)
		cs = append(cs, buffer.Change{Off: s, Old: lines[l], New: "changed " + lines[l]})
		var err error
		if r, err = r.Apply(cs[len(cs)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tr.ReloadChanges(cs, SourceExternal); err != nil {
		t.Fatal(err)
	}
	if tr.Text().String() != r.String() || tr.Modified() {
		t.Fatalf("after the reload: modified %v, text right %v", tr.Modified(), tr.Text().String() == r.String())
	}
	n, ok := tr.Snapshot().Node(tr.SeqLast())
	if !ok || n.Source != SourceExternal || len(n.Changes) != 10 {
		t.Fatalf("node %+v", n)
	}
	if size := n.Added + n.Deleted; size > 2*10*60 {
		t.Fatalf("the node holds %d bytes for 10 changed lines", size)
	}
	res := tr.Undo(1)
	if res.Text.String() != before || !tr.Modified() {
		t.Fatalf("undo did not bring the old text back (modified %v)", tr.Modified())
	}
	if got, err := tr.Snapshot().TextAt(n.Seq); err != nil || got.String() != r.String() {
		t.Fatalf("TextAt(reload) = %v, %v", got.String() == r.String(), err)
	}
}

// TestReloadChangesRejectsMismatch: changes that do not fit the text are
// an error and leave the tree as it was.
func TestReloadChangesRejectsMismatch(t *testing.T) {
	tr := reloadTree(t, "one\ntwo\nthree")
	seq, text := tr.SeqLast(), tr.Text().String()
	err := tr.ReloadChanges([]buffer.Change{{Off: 4, Old: "TWO", New: "2"}}, SourceExternal)
	if !errors.Is(err, buffer.ErrMismatch) {
		t.Fatalf("err = %v, want ErrMismatch", err)
	}
	if tr.SeqLast() != seq || tr.Text().String() != text {
		t.Fatalf("a failed reload changed the tree: seq %d→%d, text %q", seq, tr.SeqLast(), tr.Text().String())
	}
}

// TestReloadChangesEmptyAndNoHistory: no changes still make a node (as
// Reload does, for :e!); with 'undolevels' < 0 the history goes.
func TestReloadChangesEmptyAndNoHistory(t *testing.T) {
	tr := reloadTree(t, "a\nb")
	tr.Save(Pos{}, SourceTyped)
	if err := tr.Apply(buffer.Change{Off: 0, New: "y"}); err != nil {
		t.Fatal(err)
	}
	tr.Sync()
	seq := tr.SeqLast()
	if err := tr.ReloadChanges(nil, SourceTyped); err != nil {
		t.Fatal(err)
	}
	n, _ := tr.Snapshot().Node(tr.SeqLast())
	if tr.SeqLast() != seq+1 || n.Source != SourceReload || len(n.Changes) != 0 || tr.Modified() {
		t.Fatalf("empty reload: seq %d→%d, node %+v, modified %v", seq, tr.SeqLast(), n, tr.Modified())
	}
	tr.SetLevels(-1)
	if err := tr.ReloadChanges([]buffer.Change{{Off: 0, Old: "ya", New: "z"}}, SourceExternal); err != nil {
		t.Fatal(err)
	}
	if tr.Text().String() != "z\nb" || tr.Len() != 0 || tr.Modified() {
		t.Fatalf("undolevels -1: text %q, %d nodes, modified %v", tr.Text().String(), tr.Len(), tr.Modified())
	}
}
