package undo

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestShortcutsMatchLiteralWalk runs the same random operations on two
// trees, one taking the search shortcuts and one always walking the tree
// the way Vim does, and requires identical results, counters and trees
// after every operation.
func TestShortcutsMatchLiteralWalk(t *testing.T) { inSeeds(t, lockstep) }

// inSeeds runs run for four seeds in parallel, 200 000 operations in all
// (20 000 under the race detector or -short).
func inSeeds(t *testing.T, run func(seed uint64, ops int) error) {
	ops := 200_000
	if testkit.RaceEnabled || testing.Short() {
		ops = 20_000
	}
	for seed := range uint64(4) {
		t.Run("", func(t *testing.T) {
			t.Parallel()
			if err := run(seed, ops/4); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func lockstep(seed uint64, ops int) error {
	mk := func(literal bool) (*driver, *rand.Rand) {
		d := newDriver("one\ntwo\n", Options{Levels: 60, LevelsSet: true, MaxNodes: 200})
		d.noRestore = true
		d.t.literal = literal
		return d, rand.New(rand.NewPCG(seed, 7))
	}
	a, ra := mk(false)
	b, rb := mk(true)
	return inLockstep(a, b, ra, rb, ops, nil)
}

// inLockstep runs the same random operations on a and b and requires
// identical results, counters and trees after every operation, and that
// also passes when set.
func inLockstep(a, b *driver, ra, rb *rand.Rand, ops int, also func() error) error {
	for i := range ops {
		var resA, resB Result
		descA, errA := stepCapture(a, randSource{ra}, &resA)
		descB, errB := stepCapture(b, randSource{rb}, &resB)
		if errA != nil || errB != nil {
			return fmt.Errorf("op %d: %v / %v", i, errA, errB)
		}
		if descA != descB {
			return fmt.Errorf("op %d: drivers diverged: %q vs %q", i, descA, descB)
		}
		err := sameTrees(a.t, b.t)
		if err == nil && also != nil {
			err = also()
		}
		if err != nil {
			return fmt.Errorf("op %d (%s): %w", i, descA, err)
		}
		if resA.Message != resB.Message || fmt.Sprint(resA.Err) != fmt.Sprint(resB.Err) ||
			resA.Moved != resB.Moved || resA.Cursor != resB.Cursor || !resA.Text.Equal(resB.Text) {
			return fmt.Errorf("op %d (%s): results differ:\n%+v\n%+v", i, descA, resA, resB)
		}
	}
	return nil
}

// stepCapture runs one driver step and records the last movement result.
func stepCapture(d *driver, src opSource, res *Result) (string, error) {
	desc, err := d.step(src)
	*res = d.lastRes
	return desc, err
}

func sameTrees(a, b *Tree) error {
	ca := [7]int{a.SeqCur(), a.SeqLast(), a.SaveCur(), a.SaveLast(), int(a.TimeCur()), a.Current(), a.Len()}
	cb := [7]int{b.SeqCur(), b.SeqLast(), b.SaveCur(), b.SaveLast(), int(b.TimeCur()), b.Current(), b.Len()}
	if ca != cb {
		return fmt.Errorf("counters differ: %v vs %v", ca, cb)
	}
	if a.Modified() != b.Modified() || !a.Text().Equal(b.Text()) || a.Cursor() != b.Cursor() {
		return fmt.Errorf("modified/text/cursor differ")
	}
	if ia, ib := a.Export(), b.Export(); !reflect.DeepEqual(ia, ib) {
		return fmt.Errorf("trees differ:\n%+v\n%+v", ia, ib)
	}
	if la, lb := a.List(), b.List(); !reflect.DeepEqual(la, lb) {
		return fmt.Errorf("undolist differs: %q vs %q", la, lb)
	}
	return nil
}
