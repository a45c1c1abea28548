package buffer

import (
	"math/rand/v2"
	"testing"
)

// TestPropertyModel runs random edits, batches and queries against a plain
// []byte model, checking the tree's invariants after every operation.
func TestPropertyModel(t *testing.T) {
	steps, maxIns := 3000, 3000
	if raceEnabled || testing.Short() {
		steps = 600
	}
	if maxLeaf < 64 { // kjxtiny: small edits already make deep trees
		maxIns = 40
	}
	for seed := uint64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewPCG(seed, seed*77))
		h := newModel(t, randText(rng, rng.IntN(4*maxLeaf*maxKids)))
		for i := 0; i < steps; i++ {
			h.step(rng, maxIns)
		}
		h.verifySnapshots()
		t.Logf("seed %d: %d bytes, height %d", seed, h.r.Len(), h.r.h)
	}
}
