package linediff

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// hunkText is a text of up to n lines from a small alphabet, so that
// two of them share runs; sometimes empty or ending in a newline.
func hunkText(rng *rand.Rand, n int) string {
	words := []string{"a", "b", "c", "", "dd", "e e"}
	var lines []string
	for i := rng.IntN(n + 1); i > 0; i-- {
		lines = append(lines, words[rng.IntN(len(words))])
	}
	return strings.Join(lines, "\n")
}

// TestHunkChangeProperty: each hunk's change applies to the old text
// alone (its Old is there), and applying every hunk's change, last hunk
// first, gives the new text, with and without context lines.
func TestHunkChangeProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 3000; i++ {
		a, b := hunkText(rng, 12), hunkText(rng, 12)
		old, new := buffer.FromString(a), buffer.FromString(b)
		for _, ctxLines := range []int{-1, 0, 3} {
			res, err := Ropes(context.Background(), old, new, Options{Context: ctxLines})
			if err != nil {
				t.Fatal(err)
			}
			got := old
			for k := len(res.Hunks) - 1; k >= 0; k-- {
				c := HunkChange(old, new, res.Hunks[k])
				if old.SliceString(c.Off, min(c.Off+len(c.Old), old.Len())) != c.Old {
					t.Fatalf("%q → %q hunk %d: change %+v does not apply to the old text", a, b, k, c)
				}
				if got, err = got.Apply(c); err != nil {
					t.Fatalf("%q → %q hunk %d: %v", a, b, k, err)
				}
			}
			if got.String() != b {
				t.Fatalf("%q → %q (context %d): all hunks give %q", a, b, ctxLines, got.String())
			}
		}
	}
}

func TestHunkChangeOne(t *testing.T) {
	old := buffer.FromString("one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten")
	new := buffer.FromString("one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven")
	res, err := Ropes(context.Background(), old, new, Options{})
	if err != nil || len(res.Hunks) != 2 {
		t.Fatalf("%d hunks, %v", len(res.Hunks), err)
	}
	for k, want := range []string{
		"one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten",
		"one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven",
	} {
		got, err := old.Apply(HunkChange(old, new, res.Hunks[k]))
		if err != nil || got.String() != want {
			t.Errorf("hunk %d alone: %q, %v; want %q", k, got.String(), err, want)
		}
	}
}
