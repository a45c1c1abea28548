package editor

import (
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
