package undo

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestImageTextAt: the text of every state computed from an exported
// image, anchored at the current state, equals the snapshot's, for random
// histories with branches, undos, pruning and reloads.
func TestImageTextAt(t *testing.T) {
	for seed := range uint64(6) {
		src := randSource{rand.New(rand.NewPCG(seed, 77))}
		d := newDriver("hello\nworld\n", Options{Levels: 1000, LevelsSet: true, MaxNodes: 120})
		for i := range 600 {
			if _, err := d.step(src); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, i, err)
			}
		}
		img := d.t.Export()
		snap := d.t.Snapshot()
		cur := d.t.Current()
		seqs := []int{0}
		for i := range img.Nodes {
			seqs = append(seqs, img.Nodes[i].Seq)
		}
		for _, from := range []int{cur, seqs[len(seqs)/2]} {
			text, err := snap.TextAt(from)
			if err != nil {
				t.Fatal(err)
			}
			for _, seq := range seqs {
				got, err := img.TextAt(text, from, seq)
				want, _ := snap.TextAt(seq)
				if err != nil || !got.Equal(want) {
					t.Fatalf("seed %d: TextAt(from #%d, #%d) = %q, %v; want %q", seed, from, seq, got.String(), err, want.String())
				}
			}
		}
		if _, err := img.TextAt(d.t.Text(), cur, img.SeqLast+1); err == nil {
			t.Errorf("seed %d: a state that does not exist gave a text", seed)
		}
	}
}

// BenchmarkImageTextAt is the text of a state 5 000 changes away from the
// anchor, on a chain of 10 000 typing changes.
func BenchmarkImageTextAt(b *testing.B) {
	d := newDriver("start\n", Options{Levels: 20000, LevelsSet: true, MaxNodes: -1})
	for i := range 10000 {
		d.t.Save(Pos{}, SourceTyped)
		if err := d.t.Apply(buffer.Change{Off: d.t.Text().Len(), New: string(rune('a' + i%26))}); err != nil {
			b.Fatal(err)
		}
		d.t.Sync()
	}
	img := d.t.Export()
	text := d.t.Text()
	for b.Loop() {
		if _, err := img.TextAt(text, d.t.Current(), 5000); err != nil {
			b.Fatal(err)
		}
	}
}
