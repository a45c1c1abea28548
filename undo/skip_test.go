package undo

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestSkipsMatchReplay runs the same random operations on two trees that
// track their paths, one keeping a text every other node (so that most
// movements skip) and one keeping none (every movement replays), and
// requires identical results, trees and paths (each node's line entries)
// after every operation. Each skip is also checked against a replay of
// the steps it skipped.
func TestSkipsMatchReplay(t *testing.T) { inSeeds(t, skipLockstep) }

// skipLockstep fails also when fewer than 100 movements skipped: the test
// would not exercise skipping.
func skipLockstep(seed uint64, ops int) error {
	var checkErr error
	skips := 0
	mk := func(every int) (*driver, *rand.Rand) {
		d := newDriver("one\ntwo\n", Options{Levels: []int{60, 1000}[seed%2], LevelsSet: true, MaxNodes: 400})
		d.noRestore = true
		d.t.TrackPath(true)
		d.t.skip.every, d.t.skip.least = every, 1
		if every > 0 {
			tree := d.t
			d.t.skip.check = func(before buffer.Rope, skipped []step, got []PathStep) {
				skips++
				if err := checkSkip(tree, before, skipped, got); err != nil && checkErr == nil {
					checkErr = err
				}
			}
		}
		return d, rand.New(rand.NewPCG(seed, 11))
	}
	a, ra := mk(2)
	b, rb := mk(-1)
	err := inLockstep(a, b, ra, rb, ops, func() error {
		if checkErr != nil {
			return checkErr
		}
		if pa, pb := a.t.LastPath(), b.t.LastPath(); !reflect.DeepEqual(pa, pb) {
			return fmt.Errorf("paths differ:\n%+v\n%+v", pa, pb)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("seed %d: %w", seed, err)
	}
	if skips < 100 {
		return fmt.Errorf("seed %d: only %d movements skipped", seed, skips)
	}
	return nil
}

// checkSkip replays the skipped steps from before, the way a movement
// without kept texts does, and compares the entries each step reported and
// the text it ends at with the kept text the tree jumped to.
func checkSkip(t *Tree, before buffer.Rope, skipped []step, got []PathStep) error {
	tx := before.Transient()
	for i, s := range skipped {
		d := t.st.d(s.n)
		var want []LineEntry
		linesBefore := lineCount(tx.Borrow())
		for _, c := range appendChanges(nil, d.changes, s.back) {
			if !d.whole && strings.Count(c.Old, "\n") != strings.Count(c.New, "\n") {
				want = append(want, LineEntryOf(tx.Borrow(), c))
			}
			if err := tx.Apply(c); err != nil {
				return fmt.Errorf("replaying step %d: %w", i, err)
			}
		}
		if e := (LineEntry{OldSize: linesBefore, NewSize: lineCount(tx.Borrow())}); d.whole && e.OldSize != e.NewSize {
			want = append(want, e)
		}
		if g := got[i]; g.Seq != t.st.m(s.n).seq || g.Back != s.back || !reflect.DeepEqual(g.Entries, want) && len(g.Entries)+len(want) > 0 {
			return fmt.Errorf("step %d (#%d back=%v): entries %+v, a replay gives %+v", i, g.Seq, s.back, g.Entries, want)
		}
	}
	kept, _ := t.stateText(t.stateAfter(skipped[len(skipped)-1]))
	if !kept.Equal(tx.Borrow()) {
		return fmt.Errorf("the kept text of the state after %d steps is not the replayed one", len(skipped))
	}
	return nil
}

// TestEntryAfterMatchesForward checks entryAfter's premise on every kind
// of change LineEntryOf tells apart: the entry of a change seen from the
// text after it equals the entry seen from the text before it.
func TestEntryAfterMatchesForward(t *testing.T) {
	texts := []string{"", "a", "\n", "ab\ncd\n", "ab\ncd", "\n\nx\n", "x\n\n"}
	news := []string{"", "\n", "z", "z\n", "\nz", "\n\n", "y\nz\n"}
	for _, text := range texts {
		r := buffer.FromString(text)
		for off := 0; off <= len(text); off++ {
			for end := off; end <= len(text); end++ {
				for _, nw := range news {
					c := buffer.Change{Off: off, Old: text[off:end], New: nw}
					after, err := r.Apply(c)
					if err != nil {
						t.Fatal(err)
					}
					got, ok := entryAfter(after, c)
					changes := strings.Count(c.Old, "\n") != strings.Count(c.New, "\n")
					if ok != changes {
						t.Fatalf("%q %+v: ok=%v", text, c, ok)
					}
					w := LineEntryOf(r, c)
					if want := (entry32{int32(w.Top), int32(w.OldSize), int32(w.NewSize)}); ok && got != want {
						t.Errorf("%q %+v: entry after %+v, before %+v", text, c, got, want)
					}
				}
			}
		}
	}
}
