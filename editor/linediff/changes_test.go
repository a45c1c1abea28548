package linediff

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

var defaultLimits = limits{maxD: changesMaxD, budget: changesBudget, lineBudget: changesLineBudget}

// chg is a buffer.Change in a table, without field names.
type chg struct {
	off      int
	old, new string
}

func TestChangesTable(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want []chg
	}{
		{"equal", "a\nb", "a\nb", nil},
		{"both empty", "", "", nil},
		{"replace middle line", "a\nb\nc", "a\nB\nc", []chg{{2, "b", "B"}}},
		{"delete middle line", "a\nb\nc", "a\nc", []chg{{2, "b\n", ""}}},
		{"insert middle line", "a\nc", "a\nb\nc", []chg{{2, "", "b\n"}}},
		{"delete last line", "a\nb", "a", []chg{{1, "\nb", ""}}},
		{"append a line", "a", "a\nb", []chg{{1, "", "\nb"}}},
		{"prepend a line", "b", "a\nb", []chg{{0, "", "a\n"}}},
		{"delete first line", "a\nb", "b", []chg{{0, "a\n", ""}}},
		{"fill empty text", "", "x", []chg{{0, "", "x"}}},
		{"empty the text", "x", "", []chg{{0, "x", ""}}},
		{"drop final newline", "a\n", "a", []chg{{1, "\n", ""}}},
		{"add final newline", "a", "a\n", []chg{{1, "", "\n"}}},
		{"empty line to text", "a\n\nb", "a\nx\nb", []chg{{2, "", "x"}}},
		{"two spread changes", "a\nb\nc\nd", "A\nb\nc\nD", []chg{{0, "a", "A"}, {6, "d", "D"}}},
		{"offsets shift", "1\n2\n3", "1\n3\nX", []chg{{2, "2\n", ""}, {3, "", "\nX"}}},
		{"crlf", "a\r\nb\r\n", "a\r\nB\r\n", []chg{{3, "b\r", "B\r"}}},
		{"invalid utf-8", "\xff\n\xfe", "\xff\n\xfd", []chg{{2, "\xfe", "\xfd"}}},
		{"line grows at end", "ab", "abc", []chg{{0, "ab", "abc"}}},
		{"common bytes across lines", "x\nz", "x\ny\nz", []chg{{2, "", "y\n"}}},
		{"repeated lines", "a\na\na", "a\na", []chg{{3, "\na", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := buffer.FromString(tt.a), buffer.FromString(tt.b)
			got, err := Changes(context.Background(), a, b)
			if err != nil {
				t.Fatal(err)
			}
			var want []buffer.Change
			for _, c := range tt.want {
				want = append(want, buffer.Change{Off: c.off, Old: c.old, New: c.new})
			}
			if !slices.Equal(got, want) {
				t.Errorf("Changes(%q, %q) = %s, want %s", tt.a, tt.b, show(got), show(want))
			}
			checkApply(t, a, b, got)
		})
	}
}

// show formats changes for failure messages.
func show(cs []buffer.Change) string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, c := range cs {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "{%d %q→%q}", c.Off, c.Old, c.New)
	}
	return sb.String() + "]"
}

// checkApply checks that the changes turn a into b and their inverses,
// in reverse order, turn b back into a.
func checkApply(t testing.TB, a, b buffer.Rope, cs []buffer.Change) {
	t.Helper()
	got, err := a.ApplyAll(cs)
	if err != nil {
		t.Fatalf("ApplyAll(%s): %v", show(cs), err)
	}
	if got.String() != b.String() {
		t.Fatalf("applying %s to %q gives %q, want %q", show(cs), a.String(), got.String(), b.String())
	}
	inv := make([]buffer.Change, len(cs))
	for i, c := range cs {
		inv[len(cs)-1-i] = c.Inverse()
	}
	back, err := b.ApplyAll(inv)
	if err != nil || back.String() != a.String() {
		t.Fatalf("undoing %s gives %q, %v; want %q", show(cs), back.String(), err, a.String())
	}
}

// minimalModel returns the length of the longest common subsequence of
// the lines of a and b and the largest size of the lines that a minimal
// line diff can leave out of it (each line counted with one newline):
// among all longest common subsequences, the one keeping the fewest bytes.
// A plain quadratic DP, independent of Myers.
func minimalModel(a, b []string) (lcs, maxDiffBytes int) {
	type cell struct{ n, kept int }
	better := func(x, y cell) cell {
		if x.n > y.n || x.n == y.n && x.kept < y.kept {
			return x
		}
		return y
	}
	prev := make([]cell, len(b)+1)
	cur := make([]cell, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur[0] = cell{}
		for j := 1; j <= len(b); j++ {
			c := better(prev[j], cur[j-1])
			if a[i-1] == b[j-1] {
				m := prev[j-1]
				c = better(cell{m.n + 1, m.kept + len(a[i-1]) + 1}, c)
			}
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	total := 0
	for _, l := range a {
		total += len(l) + 1
	}
	for _, l := range b {
		total += len(l) + 1
	}
	best := prev[len(b)]
	return best.n, total - 2*best.kept
}

// checkMinimal checks that the changes are a minimal line diff and carry
// no more bytes than the differing lines of the largest minimal diff.
func checkMinimal(t testing.TB, sa, sb string, cs []buffer.Change, st stats) {
	t.Helper()
	la, lb := strings.Split(sa, "\n"), strings.Split(sb, "\n")
	lcs, maxBytes := minimalModel(la, lb)
	if st.deleted != len(la)-lcs || st.inserted != len(lb)-lcs {
		t.Fatalf("%q → %q: %d lines deleted and %d inserted, the minimum is %d and %d",
			sa, sb, st.deleted, st.inserted, len(la)-lcs, len(lb)-lcs)
	}
	n := 0
	for _, c := range cs {
		n += len(c.Old) + len(c.New)
		if c.Old == "" && c.New == "" {
			t.Fatalf("%q → %q: empty change in %s", sa, sb, show(cs))
		}
	}
	if n > maxBytes {
		t.Fatalf("%q → %q: changes %s carry %d bytes, the differing lines only %d", sa, sb, show(cs), n, maxBytes)
	}
}

// lineAlphabet has the lines random texts are made of: repeats, empty
// lines, CRLF, multi-byte and invalid UTF-8.
var lineAlphabet = []string{"", "", "a", "b", "func f() {", "}", "x\r", "\r", "é", "\xff\xfe", "\t// comment", "a"}

func randomText(rng *rand.Rand, long bool) []string {
	n := rng.IntN(40)
	out := make([]string, n)
	for i := range out {
		out[i] = lineAlphabet[rng.IntN(len(lineAlphabet))]
		if long && rng.IntN(2) == 0 {
			out[i] = strings.Repeat(out[i]+"-", 20+rng.IntN(200))
		}
	}
	return out
}

func mutateLines(rng *rand.Rand, lines []string, edits int, long bool) []string {
	out := slices.Clone(lines)
	for e := 0; e < edits; e++ {
		pos := rng.IntN(len(out) + 1)
		l := randomText(rng, long)
		switch rng.IntN(3) {
		case 0:
			out = slices.Insert(out, pos, l...)
		case 1:
			out = slices.Delete(out, pos, min(len(out), pos+rng.IntN(3)))
		default:
			if pos < len(out) && len(l) > 0 {
				out[pos] = l[0]
			}
		}
	}
	return out
}

// makeRope builds a rope of s in one of several ways, so that leaf
// boundaries fall in different places in a and b.
func makeRope(rng *rand.Rand, s string) buffer.Rope {
	switch rng.IntN(3) {
	case 0:
		return buffer.FromString(s)
	case 1:
		return buffer.FromBytes([]byte(s))
	}
	var r buffer.Rope
	for s != "" {
		n := min(len(s), 1+rng.IntN(700))
		r = r.Insert(r.Len(), s[:n])
		s = s[n:]
	}
	return r
}

func TestChangesProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	runs := 3000
	if testkit.RaceEnabled || testing.Short() {
		runs = 400
	}
	for i := 0; i < runs; i++ {
		long := rng.IntN(6) == 0
		la := randomText(rng, long)
		lb := mutateLines(rng, la, rng.IntN(8), long)
		switch rng.IntN(12) {
		case 0:
			lb = randomText(rng, long)
		case 1:
			lb = append(slices.Clone(la), "") // add a final newline
		}
		sa, sb := strings.Join(la, "\n"), strings.Join(lb, "\n")
		a, b := makeRope(rng, sa), makeRope(rng, sb)
		cs, st, err := changes(context.Background(), a, b, defaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if st.approx {
			t.Fatalf("run %d: small texts hit a bound", i)
		}
		checkApply(t, a, b, cs)
		checkMinimal(t, sa, sb, cs, st)
	}
}

func TestChangesBoundsStayCorrect(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, lim := range []limits{{maxD: 2}, {maxD: 1 << 20, budget: 50}} {
		for i := 0; i < 50; i++ {
			la := randomText(rng, false)
			lb := mutateLines(rng, la, 10, false)
			a, b := buffer.FromString(strings.Join(la, "\n")), buffer.FromString(strings.Join(lb, "\n"))
			cs, _, err := changes(context.Background(), a, b, lim)
			if err != nil {
				t.Fatal(err)
			}
			checkApply(t, a, b, cs)
		}
		a, b := unrelated(400)
		cs, st, err := changes(context.Background(), a, b, lim)
		if err != nil {
			t.Fatal(err)
		}
		if !st.approx {
			t.Errorf("limits %+v: diff of unrelated texts not reported approximate", lim)
		}
		checkApply(t, a, b, cs)
	}
}

func TestChangesHashCollisions(t *testing.T) {
	// A hash that collides for every two lines of the same length: the
	// diff must notice that the lines it keeps differ and intern them.
	lim := defaultLimits
	lim.hash = func(p []byte) uint64 { return uint64(len(p)) }
	rng := rand.New(rand.NewPCG(7, 8))
	rehashed := 0
	for i := 0; i < 300; i++ {
		la := randomText(rng, false)
		lb := mutateLines(rng, la, 1+rng.IntN(6), false)
		sa, sb := strings.Join(la, "\n"), strings.Join(lb, "\n")
		a, b := makeRope(rng, sa), makeRope(rng, sb)
		cs, st, err := changes(context.Background(), a, b, lim)
		if err != nil {
			t.Fatal(err)
		}
		if st.rehashed {
			rehashed++
		}
		checkApply(t, a, b, cs)
		checkMinimal(t, sa, sb, cs, st)
	}
	if rehashed == 0 {
		t.Error("no run fell back to exact interning: the collision path is untested")
	}
}

// unrelated returns two texts of n lines that share no line.
func unrelated(n int) (buffer.Rope, buffer.Rope) {
	var a, b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&a, "old line %d\n", i*7919%n)
		fmt.Fprintf(&b, "new line %d\n", i)
	}
	return buffer.FromString(a.String()), buffer.FromString(b.String())
}

// countdownCtx reports cancellation after its Err has been asked n times.
type countdownCtx struct {
	context.Context
	n int
}

func (c *countdownCtx) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

func TestChangesCancelled(t *testing.T) {
	a, b := unrelated(5000)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Changes(ctx, a, b); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before starting: err = %v", err)
	}
	// Cancelled in the middle of the search.
	_, err := Changes(&countdownCtx{Context: context.Background(), n: 3}, a, b)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while searching: err = %v", err)
	}
}

func TestChangesHoldOnlyChangedLines(t *testing.T) {
	a, b := spreadEdits(10000, 10)
	cs, err := Changes(context.Background(), a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 10 {
		t.Fatalf("%d changes, want 10", len(cs))
	}
	for _, c := range cs {
		if len(c.Old) > 200 || len(c.New) > 200 {
			t.Fatalf("change %s is larger than one changed line", show([]buffer.Change{c}))
		}
	}
	checkApply(t, a, b, cs)
}

// spreadEdits returns a text of n lines and a copy with k lines changed,
// spread evenly.
func spreadEdits(n, k int) (buffer.Rope, buffer.Rope) {
	var a, b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&a, "\tline %d: some source code with a few words(%d)\n", i, i*7)
		if i%(n/k) == n/k/2 {
			fmt.Fprintf(&b, "\tline %d: CHANGED source code\n", i)
		} else {
			fmt.Fprintf(&b, "\tline %d: some source code with a few words(%d)\n", i, i*7)
		}
	}
	return buffer.FromString(a.String()), buffer.FromString(b.String())
}

// benchChanges measures Changes(a, b), checking it gives want changes
// (any number when want < 0), and reports CPU time per operation too.
func benchChanges(b *testing.B, ra, rb buffer.Rope, want int) {
	b.ReportAllocs()
	b.ResetTimer()
	report := testkit.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		cs, err := Changes(context.Background(), ra, rb)
		if err != nil || want >= 0 && len(cs) != want {
			b.Fatalf("%d changes, %v; want %d", len(cs), err, want)
		}
	}
	report()
}

func BenchmarkChanges10kLines10Changes(b *testing.B) {
	ra, rb := spreadEdits(10000, 10)
	benchChanges(b, ra, rb, 10)
}

func TestChangesLargeSparseIsMinimal(t *testing.T) {
	// A formatter touching a few hundred scattered lines of a large file:
	// the work bound must not give up on a minimal diff.
	n := 400000
	if testkit.RaceEnabled || testing.Short() {
		n = 40000
	}
	a, b := spreadEdits(n, 400)
	cs, st, err := changes(context.Background(), a, b, defaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if st.approx || len(cs) != 400 || st.deleted != 400 || st.inserted != 400 {
		t.Fatalf("%d changes, %d lines deleted, %d inserted, approximate %v; want 400 one-line changes",
			len(cs), st.deleted, st.inserted, st.approx)
	}
	checkApply(t, a, b, cs)
}

func BenchmarkChanges1MLines100Changes(b *testing.B) {
	ra, rb := spreadEdits(1000000, 100)
	benchChanges(b, ra, rb, 100)
}

func BenchmarkChanges1MLines1Change(b *testing.B) {
	ra, rb := spreadEdits(1000000, 1)
	benchChanges(b, ra, rb, 1)
}

// BenchmarkChangesUnrelated10k is the worst case: nothing in common, so
// the search runs into its bounds and replaces the whole text.
func BenchmarkChangesUnrelated10k(b *testing.B) {
	ra, rb := unrelated(10000)
	benchChanges(b, ra, rb, 1)
}

// FuzzChanges checks that the changes turn a into b, undo back, and are
// a minimal line diff.
func FuzzChanges(f *testing.F) {
	f.Add("a\nb\nc", "a\nc\nd")
	f.Add("", "x")
	f.Add("x\n", "x")
	f.Fuzz(func(t *testing.T, sa, sb string) {
		a, b := buffer.FromString(sa), buffer.FromString(sb)
		cs, st, err := changes(context.Background(), a, b, defaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		checkApply(t, a, b, cs)
		if !st.approx && strings.Count(sa, "\n") < 400 && strings.Count(sb, "\n") < 400 {
			checkMinimal(t, sa, sb, cs, st)
		}
	})
}
