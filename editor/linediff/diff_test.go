package linediff

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// lcs returns the length of the longest common subsequence (a simple
// quadratic model to check that the diff is minimal).
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			switch {
			case a[i-1] == b[j-1]:
				cur[j] = prev[j-1] + 1
			default:
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// mutate returns a copy of lines with a few random edits, drawing new
// lines from a small alphabet so that equal lines recur.
func mutate(rng *rand.Rand, lines []string, edits int) []string {
	out := slices.Clone(lines)
	for e := 0; e < edits; e++ {
		pos := rng.IntN(len(out) + 1)
		switch rng.IntN(3) {
		case 0:
			out = slices.Insert(out, pos, fmt.Sprintf("line %d", rng.IntN(20)))
		case 1:
			if pos < len(out) {
				out = slices.Delete(out, pos, pos+1)
			}
		default:
			if pos < len(out) {
				out[pos] = fmt.Sprintf("changed %d", rng.IntN(5))
			}
		}
	}
	return out
}

func randomLines(rng *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("line %d", rng.IntN(20))
	}
	return out
}

func TestDiffProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	runs := 2000
	if testing.Short() {
		runs = 300
	}
	for i := 0; i < runs; i++ {
		a := randomLines(rng, rng.IntN(60))
		b := mutate(rng, a, rng.IntN(12))
		if rng.IntN(10) == 0 {
			b = randomLines(rng, rng.IntN(60))
		}
		r, err := Lines(context.Background(), a, b, Options{Context: rng.IntN(5) - 1, MaxCost: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Apply(a, r)
		if err != nil {
			t.Fatalf("run %d: %v\na=%q\nb=%q", i, err, a, b)
		}
		if !slices.Equal(got, b) && !(len(got) == 0 && len(b) == 0) {
			t.Fatalf("run %d: applying the diff gives\n%q\nwant\n%q", i, got, b)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); r.Added+r.Deleted != want {
			t.Fatalf("run %d: %d changed lines, the minimum is %d", i, r.Added+r.Deleted, want)
		}
		for _, h := range r.Hunks {
			if h.OldLines < 0 || h.NewLines < 0 || len(h.Lines) == 0 {
				t.Fatalf("run %d: malformed hunk %+v", i, h)
			}
		}
	}
}

func TestDiffCostCapStaysCorrect(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a := randomLines(rng, 400)
	b := randomLines(rng, 400)
	r, err := Lines(context.Background(), a, b, Options{MaxCost: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Approximate {
		t.Error("a capped diff of unrelated texts should say it is approximate")
	}
	got, err := Apply(a, r)
	if err != nil || !slices.Equal(got, b) {
		t.Fatalf("capped diff does not reproduce the new text: %v", err)
	}
}

func TestDiffCancelled(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	a, b := randomLines(rng, 3000), randomLines(rng, 3000)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Lines(ctx, a, b, Options{MaxCost: 1 << 30}); err == nil {
		t.Error("a cancelled diff returned no error")
	}
}

func TestUnifiedFormat(t *testing.T) {
	a := buffer.FromString("a\nb\nc\nd\ne\nf\ng\nh\ni\nj")
	b := buffer.FromString("a\nb\nC\nd\ne\nf\ng\nh\ni\nj\nk")
	r, err := Ropes(context.Background(), a, b, Options{Context: 2})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, h := range r.Hunks {
		sb.WriteString(h.Header() + "\n")
		for _, l := range h.Lines {
			sb.WriteString(" -+"[l.Op:l.Op+1] + l.Text + "\n")
		}
	}
	want := "@@ -1,5 +1,5 @@\n a\n b\n-c\n+C\n d\n e\n@@ -9,2 +9,3 @@\n i\n j\n+k\n"
	if sb.String() != want {
		t.Errorf("got\n%s\nwant\n%s", sb.String(), want)
	}
	if r.Added != 2 || r.Deleted != 1 {
		t.Errorf("added %d deleted %d, want 2 and 1", r.Added, r.Deleted)
	}
}

// FuzzDiff checks that applying the diff of two texts to the first gives
// the second.
func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc", "a\nc\nd")
	f.Add("", "x")
	f.Add("same", "same")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8", "1\n2\nX\n4\n5\n6\n7\nY\n8")
	f.Fuzz(func(t *testing.T, a, b string) {
		ra, rb := buffer.FromString(a), buffer.FromString(b)
		r, err := Ropes(context.Background(), ra, rb, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Apply(splitLines(a), r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "\n") != b {
			t.Fatalf("applying the diff gives %q, want %q", strings.Join(got, "\n"), b)
		}
	})
}
