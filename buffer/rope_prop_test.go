package buffer

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestPropertyModel runs random edits, batches and queries against a plain
// []byte model, checking the tree's invariants after every operation.
func TestPropertyModel(t *testing.T) {
	steps, maxIns := 1500, 3*maxLeaf/2
	if testkit.RaceEnabled || testing.Short() {
		steps = 300
	}
	if maxLeaf < 64 { // kjxtiny: small edits already make deep trees
		maxIns = 40
	}
	// Small texts stress the root and merges; large ones (three levels
	// with the normal sizes) stress splits deep in the tree.
	targets := []int{4 * maxLeaf, 40 * maxLeaf, 300 * maxLeaf, 300 * maxLeaf}
	for i, target := range targets {
		seed := uint64(i + 1)
		rng := rand.New(rand.NewPCG(seed, seed*77))
		h := newModel(t, randText(rng, target))
		for i := 0; i < steps; i++ {
			h.step(rng, maxIns, target)
		}
		h.verifySnapshots()
		t.Logf("seed %d: %d bytes, height %d", seed, h.r.Len(), h.r.h)
	}
}
