package buffer

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLineMemoMatchesTree: a transient's borrowed views answer LineBounds,
// LineStart, LineEnd and LineOf from the line memo exactly as a rope
// without one (the same text, frozen and rebuilt) does, through random
// edits (lines added, joined, emptied), repeated lookups of one line, and
// lookups of others in between.
func TestLineMemoMatchesTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	for round := range 30 {
		var sb strings.Builder
		for sb.Len() < (round%4+1)*2*maxLeaf {
			sb.WriteString(strings.Repeat("v", rng.IntN(90)))
			sb.WriteByte('\n')
		}
		tx := FromString(sb.String()).Transient()
		for step := range 300 {
			r := tx.Borrow()
			plain := FromString(tx.Freeze().String()) // no memo
			for range 4 {
				n := rng.IntN(plain.Newlines() + 1)
				if step%3 == 0 {
					n = plain.Newlines() / 2 // the same line again
				}
				for rep := range 2 {
					s, e := r.LineBounds(n)
					ws, we := plain.LineBounds(n)
					if s != ws || e != we || r.LineStart(n) != ws || r.LineEnd(n) != we {
						t.Fatalf("round %d step %d rep %d: line %d: memo %d,%d; tree %d,%d", round, step, rep, n, s, e, ws, we)
					}
					for _, off := range []int{ws, we, (ws + we) / 2, min(we+1, plain.Len())} {
						if got, want := r.LineOf(off), plain.LineOf(off); got != want {
							t.Fatalf("round %d step %d: LineOf(%d) = %d, want %d (memo line %d)", round, step, off, got, want, n)
						}
					}
				}
			}
			off := rng.IntN(tx.Len() + 1)
			end := min(off+rng.IntN(40), tx.Len())
			old := r.SliceString(off, end)
			repl := strings.Repeat("w\n", rng.IntN(3)) + strings.Repeat("u", rng.IntN(5))
			if err := tx.Apply(Change{Off: off, Old: old, New: repl}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
