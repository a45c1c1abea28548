package editor

import (
	"math/rand/v2"
	"testing"
)

// TestCountSoFarOnlyWhenParseWaits: normalKey skips parsing while
// countSoFar holds, which is right only if parseNormal would then wait for
// more keys, in Normal and Visual mode. Random short sequences over keys
// that make counts, registers and commands.
func TestCountSoFarOnlyWhenParseWaits(t *testing.T) {
	alphabet := []Key{R('0'), R('1'), R('5'), R('9'), R('"'), R('a'), R('g'), R('o'), R('d'), R('x'), K(KeyEsc), Ctrl('a')}
	rng := rand.New(rand.NewPCG(17, 4))
	seen := 0
	for range 20000 {
		keys := make([]Key, 1+rng.IntN(6))
		for i := range keys {
			keys[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if !countSoFar(keys) {
			continue
		}
		seen++
		for _, visual := range []bool{false, true} {
			if _, st := parseNormal(keys, visual); st != nMore {
				t.Fatalf("countSoFar(%s) but parseNormal (visual %v) gives %v", FormatKeys(keys), visual, st)
			}
		}
	}
	if seen < 100 {
		t.Fatalf("only %d counts generated", seen)
	}
	for _, tc := range []struct {
		keys string
		want bool
	}{{"1", true}, {"120", true}, {"0", false}, {"1g", false}, {"\"a1", false}, {"", true}} {
		if got := countSoFar(MustParseKeys(tc.keys)); got != tc.want {
			t.Errorf("countSoFar(%q) = %v, want %v", tc.keys, got, tc.want)
		}
	}
}
