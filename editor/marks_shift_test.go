package editor

import (
	"math/rand/v2"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestShiftOfWithinLineIsNoop checks the shortcut for changes that add and
// remove no line break: no line moves, whatever the offset, and changes
// that do break lines still move the lines below.
func TestShiftOfWithinLineIsNoop(t *testing.T) {
	r := buffer.FromString("one\ntwo\nthree")
	for _, tc := range []struct {
		off      int
		old, new string
		noop     bool
	}{
		{4, "", "x", true},
		{4, "tw", "", true},
		{0, "one", "ONE!", true},
		{4, "", "x\n", false},
		{3, "\n", "", false},
	} {
		sh := shiftOf(r, tc.off, tc.old, tc.new)
		if sh.noop() != tc.noop {
			t.Errorf("shiftOf(%d, %q, %q).noop() = %v, want %v", tc.off, tc.old, tc.new, sh.noop(), tc.noop)
		}
		if tc.noop {
			for l := 0; l < 3; l++ {
				if n, ok := sh.apply(l); n != l || !ok {
					t.Errorf("shiftOf(%d, %q, %q) moves line %d to %d,%v", tc.off, tc.old, tc.new, l, n, ok)
				}
			}
		}
	}
}

// TestShiftFirstLine checks the skip of jumpList.moveLines: for random
// shifts, movePos leaves every position above firstLine where it is.
func TestShiftFirstLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for range 20000 {
		sh := lineShift{
			delFrom: rng.IntN(20), delTo: rng.IntN(20), shiftFrom: rng.IntN(20),
			delta: rng.IntN(9) - 4, join: rng.IntN(2) == 0,
			joinCol: rng.IntN(6), joinRemoved: rng.IntN(6) - 2,
		}
		for l := range 20 {
			p := Pos{Line: l, Col: rng.IntN(8)}
			got, ok := sh.movePos(p)
			if l < sh.firstLine() && (got != p || !ok) {
				t.Fatalf("%+v moves %+v above its first line %d to %+v, %v", sh, p, sh.firstLine(), got, ok)
			}
			if l == sh.firstLine() && got == p && ok && !sh.join && sh.delta != 0 {
				t.Fatalf("%+v: first line %d is not moved", sh, l)
			}
		}
	}
}
