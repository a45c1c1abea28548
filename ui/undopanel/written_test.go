package undopanel

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

// bruteWritten is the model of { and }: the nearest row in direction dir
// from r (excluded) whose node says it was written, -1 if none.
func bruteWritten(t Tree, r, dir int) int {
	for i := r + dir; i >= 0 && i < t.Len(); i += dir {
		if t.Node(i).SaveNr > 0 {
			return i
		}
	}
	return -1
}

// TestWrittenIndexProperty writes random states of random editing
// histories, syncing after some writes and not after others (the panel
// closed), and checks { and } against a scan of every node.
func TestWrittenIndexProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 15))
	for round := 0; round < 40; round++ {
		tr := editingTree(rng, 50+rng.IntN(300))
		var l Layout
		l.Sync(tr)
		for step := 0; step < 60; step++ {
			switch rng.IntN(3) {
			case 0: // a write at a random state (the current one, moved there)
				tr.cur = rng.IntN(tr.Len())
				tr.writes++
				tr.nodes[tr.cur].SaveNr = tr.writes
				tr.saved = tr.cur
			case 1: // more typing
				tr.add(tr.cur)
			}
			if rng.IntN(3) == 0 {
				continue // not synced: the next Sync sees several writes
			}
			l.Sync(tr)
			for r := 0; r < tr.Len(); r++ {
				if got, want := l.PrevWritten(r), bruteWritten(tr, r, -1); got != want {
					t.Fatalf("round %d step %d: PrevWritten(%d) = %d, want %d", round, step, r, got, want)
				}
				if got, want := l.NextWritten(r), bruteWritten(tr, r, 1); got != want {
					t.Fatalf("round %d step %d: NextWritten(%d) = %d, want %d", round, step, r, got, want)
				}
			}
		}
	}
}

// TestWrittenAfterWriteAtOldState is the case the old scan got right and
// a new-nodes-only index would miss: a write at a state laid out long ago.
func TestWrittenAfterWriteAtOldState(t *testing.T) {
	tr := newMemTree()
	for i := 0; i < 10; i++ {
		tr.add(tr.cur)
	}
	var p Panel
	p.Sync(tr)
	tr.cur = 4
	tr.writes, tr.nodes[4].SaveNr, tr.saved = 1, 1, 4
	p.Sync(tr)
	p.Key(tr, keys.Char('g'))
	p.Key(tr, keys.Char('g'))
	p.Key(tr, keys.Char('{'))
	if p.Sel != 4 {
		t.Fatalf("{ from the newest selects %d, want the state written, 4", p.Sel)
	}
}

// BenchmarkWrittenJump100k times { and } on 100 000 states of which one
// in 5 000 was written: the budget is 1 ms per press (issue #15).
func BenchmarkWrittenJump100k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	tr := editingTree(rng, 100000)
	for i := 5000; i < tr.Len(); i += 5000 {
		tr.writes++
		tr.nodes[i].SaveNr = tr.writes
	}
	var p Panel
	p.Sync(tr)
	p.Rows(40, nil)
	press := [2]keys.Key{keys.Char('{'), keys.Char('}')}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p.Key(tr, press[i/20%2])
	}
}
