package ui

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// TestAheadCountProperty edits, undoes, redoes, jumps, steps through time
// and prunes a tree at random, looking at it after some operations only
// (views coalesce), and checks the remembered count against a walk of the
// preferred path every time.
func TestAheadCountProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 20; round++ {
		tr := undo.New(buffer.FromString("x"), undo.Options{Levels: 1000, LevelsSet: true, MaxNodes: 150})
		var a aheadCount
		derived := 0
		for op := 0; op < 2000; op++ {
			switch x := rng.IntN(20); {
			case x < 7:
				tr.Save(undo.Pos{}, undo.SourceTyped)
				if err := tr.Apply(buffer.Change{Off: 0, New: "a"}); err != nil {
					t.Fatal(err)
				}
				tr.Sync()
			case x < 11:
				tr.Undo(1 + rng.IntN(3))
			case x < 15:
				tr.Redo(1 + rng.IntN(3))
			case x < 17:
				tr.Goto(rng.IntN(tr.SeqLast() + 1))
			case x < 19:
				tr.Step(rng.IntN(5) - 2)
			default:
				tr.Prune(rng.IntN(100) + 20)
			}
			if rng.IntN(3) == 0 {
				continue
			}
			s := tr.Snapshot()
			if a.ok && a.shape == s.Shape() && a.cur != s.Current() {
				derived++
			}
			if got, want := a.count(1, s), s.RedoLen(); got != want {
				t.Fatalf("round %d op %d: %d ahead remembered, the path has %d", round, op, got, want)
			}
		}
		if derived == 0 {
			t.Fatalf("round %d never derived a count from the remembered one", round)
		}
	}
}

// BenchmarkAheadAfterUndo is the status line's count after each u at the
// bottom of a straight 100 000-state history: derived, not walked.
func BenchmarkAheadAfterUndo(b *testing.B) {
	tr := undo.New(buffer.FromString(""), undo.Options{Levels: 200000, LevelsSet: true, MaxNodes: -1})
	for i := 0; i < 100000; i++ {
		tr.Save(undo.Pos{}, undo.SourceTyped)
		if err := tr.Apply(buffer.Change{Off: 0, New: "x"}); err != nil {
			b.Fatal(err)
		}
		tr.Sync()
	}
	tr.Goto(200)
	var a aheadCount
	a.count(1, tr.Snapshot())
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%2 == 0 {
			tr.Undo(1)
		} else {
			tr.Redo(1)
		}
		a.count(1, tr.Snapshot())
	}
}
