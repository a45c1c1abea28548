package undo

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestPropertyModel runs random operations (commits, undo, redo, g-, g+,
// :earlier/:later by count, time and writes, :undo N, labels, pruning,
// 'undolevels', :undojoin, reloads, Export/Restore, snapshots) against a
// model that stores the full text of every state: after each operation the
// text is the model's text of the current state; every few hundred the
// whole tree is checked (structure, every node's text through a snapshot,
// held snapshots, an Export/Restore round trip).
func TestPropertyModel(t *testing.T) {
	ops := 1_000_000
	if testkit.RaceEnabled || testing.Short() {
		ops = 60_000
	}
	const seeds = 8
	for seed := range uint64(seeds) {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			runModel(t, seed, ops/seeds)
		})
	}
}

func runModel(t *testing.T, seed uint64, ops int) {
	src := randSource{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
	d := newDriver("hello\nworld\n", Options{Levels: []int{1000, 40, 200}[seed%3], LevelsSet: true, MaxNodes: 300})
	var last []string
	for i := range ops {
		desc, err := d.step(src)
		last = append(last, desc)
		if len(last) > 8 {
			last = last[1:]
		}
		if err == nil {
			err = d.check()
		}
		if err == nil && i%500 == 0 {
			err = d.fullCheck()
		}
		if err != nil {
			t.Fatalf("seed %d op %d (%q): %v\nlast ops: %q", seed, i, desc, err, last)
		}
	}
	if err := d.fullCheck(); err != nil {
		t.Fatal(err)
	}
}
