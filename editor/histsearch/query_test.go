package histsearch

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/vimre"
	"github.com/kjx-editor/kjx/undo"
)

func mustQuery(t testing.TB, pat string) *Query {
	t.Helper()
	q, err := Compile(pat, vimre.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestMatches(t *testing.T) {
	ch := func(old, new string) []buffer.Change { return []buffer.Change{{Old: old, New: new}} }
	tests := []struct {
		pat  string
		node undo.Node
		want bool
	}{
		{"foo", undo.Node{Changes: ch("", "a foo b")}, true},
		{"foo", undo.Node{Changes: ch("the foo", "")}, true},
		{"foo", undo.Node{Changes: ch("fo", "bar")}, false},
		{`\<func\>`, undo.Node{Changes: ch("", "x\nfunc main")}, true},
		{`^func`, undo.Node{Changes: ch("", "x\nfunc main")}, true},
		{`^main`, undo.Node{Changes: ch("", "x\nfunc main")}, false},
		{`a\nb`, undo.Node{Changes: ch("", "xa\nbx")}, true},
		{`x*`, undo.Node{Changes: ch("", "abc")}, false},
		{`x*`, undo.Node{Changes: ch("", "ab\ncxd")}, true},
		{"draft", undo.Node{Label: "draft"}, true},
		{"paste", undo.Node{Source: undo.SourcePaste}, true},
		{"typed", undo.Node{Source: undo.SourceTyped, Changes: ch("", "hello")}, true},
		{`\cHELLO`, undo.Node{Changes: ch("", "hello")}, true},
		{"HELLO", undo.Node{Changes: ch("", "hello")}, false},
	}
	for _, tc := range tests {
		if got := mustQuery(t, tc.pat).Matches(tc.node); got != tc.want {
			t.Errorf("%q on %+v: %v, want %v", tc.pat, tc.node, got, tc.want)
		}
	}
}

// randomTree makes a branching history whose changes insert and delete
// words of a small vocabulary, and returns it with its seqs in order.
func randomTree(rng *rand.Rand, n int) (*undo.Tree, []int) {
	words := []string{"alpha", "beta", "gamma", "delta", "foo", "bar\n"}
	tr := undo.New(buffer.FromString(""), undo.Options{Levels: n + 1, LevelsSet: true, MaxNodes: -1})
	for tr.SeqLast() < n {
		if rng.IntN(5) == 0 {
			tr.Undo(1 + rng.IntN(3))
			continue
		}
		tr.Save(undo.Pos{}, undo.SourceTyped)
		txt := tr.Text()
		var c buffer.Change
		if txt.Len() > 0 && rng.IntN(3) == 0 {
			a := rng.IntN(txt.Len())
			b := min(txt.Len(), a+1+rng.IntN(8))
			c = buffer.Change{Off: a, Old: txt.SliceString(a, b)}
		} else {
			c = buffer.Change{Off: rng.IntN(txt.Len() + 1), New: words[rng.IntN(len(words))]}
		}
		if err := tr.Apply(c); err != nil {
			panic(err)
		}
		tr.Sync()
	}
	seqs := []int{0}
	for nd := range tr.Snapshot().Nodes() {
		seqs = append(seqs, nd.Seq)
	}
	return tr, seqs
}

// TestScanProperty compares Scan with a scan of every node by
// strings.Contains, for literal words, from random starts both ways, and
// checks the visiting order.
func TestScanProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 20; round++ {
		tr, seqs := randomTree(rng, 300)
		s := tr.Snapshot()
		for _, word := range []string{"alpha", "gam", "foo", "zzz"} {
			var want []int
			for i, seq := range seqs {
				nd, ok := s.Node(seq)
				if !ok {
					continue
				}
				for _, c := range nd.Changes {
					if strings.Contains(c.Old, word) || strings.Contains(c.New, word) {
						want = append(want, i)
						break
					}
				}
			}
			start, dir := rng.IntN(len(seqs)), []int{1, -1}[rng.IntN(2)]
			var got []int
			if err := mustQuery(t, word).Scan(context.Background(), s, seqs, start, dir, func(i int) { got = append(got, i) }); err != nil {
				t.Fatal(err)
			}
			// The order: from start in direction dir, wrapping.
			for k := 1; k < len(got); k++ {
				d := func(i int) int { return ((i-start)*dir + len(seqs)) % len(seqs) }
				if d(got[k]) <= d(got[k-1]) {
					t.Fatalf("found %d after %d, out of order from %d dir %d", got[k], got[k-1], start, dir)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d %q: Scan found %v, a full scan %v", round, word, got, want)
			}
		}
	}
}

func TestScanCancelled(t *testing.T) {
	tr, seqs := randomTree(rand.New(rand.NewPCG(1, 1)), 2000)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err := mustQuery(t, "a").Scan(ctx, tr.Snapshot(), seqs, 0, 1, func(int) {
		if n++; n == 3 {
			cancel()
		}
	})
	if err == nil || n > 3+ctxEvery {
		t.Fatalf("a cancelled scan went on: %d found, err %v", n, err)
	}
}

// sephBlog1 replays seph-blog1 (137 154 transactions over three months)
// into an undo tree, one state per transaction, on the trace's clock.
func sephBlog1(tb testing.TB) (*undo.Tree, []int) {
	tb.Helper()
	trace, ok, err := testkit.LoadTrace("seph-blog1")
	if err != nil {
		tb.Fatal(err)
	}
	if !ok {
		tb.Skip("needs ../shared/traces/seph-blog1.json.gz: absent")
	}
	var clock time.Time
	tr := undo.New(buffer.FromString(trace.Start), undo.Options{Now: func() time.Time { return clock },
		Levels: len(trace.Txns) + 1, LevelsSet: true, MaxNodes: -1})
	for _, tx := range trace.Txns {
		clock = tx.Time
		tr.Save(undo.Pos{}, undo.SourceTyped)
		for _, p := range tx.Patches {
			r := tr.Text()
			if err := tr.Apply(buffer.Change{Off: p.Pos, Old: r.SliceString(p.Pos, p.Pos+p.Del), New: p.Ins}); err != nil {
				tb.Fatal(err)
			}
		}
		tr.Sync()
	}
	seqs := make([]int, 0, tr.Len()+1)
	seqs = append(seqs, 0)
	for nd := range tr.Snapshot().Nodes() {
		seqs = append(seqs, nd.Seq)
	}
	return tr, seqs
}

// BenchmarkScanSephBlog1 finds every state of seph-blog1 whose change
// holds "CRDT" (the issue #15 budget for all matches: 500 ms).
func BenchmarkScanSephBlog1(b *testing.B) {
	tr, seqs := sephBlog1(b)
	s := tr.Snapshot()
	q := mustQuery(b, "CRDT")
	b.ReportAllocs()
	report := testkit.CPUPerOp(b)
	var n int
	for b.Loop() {
		n = 0
		if err := q.Scan(context.Background(), s, seqs, len(seqs)-1, -1, func(int) { n++ }); err != nil {
			b.Fatal(err)
		}
	}
	report()
	b.ReportMetric(float64(n), "matches")
	b.ReportMetric(float64(len(seqs)), "states")
}

// BenchmarkFirstMatchSephBlog1 is the time from the newest state to the
// first state, going back, whose change holds "automerge" (the issue #15
// budget: 50 ms).
func BenchmarkFirstMatchSephBlog1(b *testing.B) {
	tr, seqs := sephBlog1(b)
	s := tr.Snapshot()
	q := mustQuery(b, "automerge")
	b.ReportAllocs()
	report := testkit.CPUPerOp(b)
	var visited int
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		first := -1
		_ = q.Scan(ctx, s, seqs, len(seqs)-1, -1, func(i int) {
			if first < 0 {
				first = i
				cancel()
			}
		})
		cancel()
		if first < 0 {
			b.Fatal("no match")
		}
		visited = len(seqs) - 1 - first
	}
	report()
	b.ReportMetric(float64(visited), "states-back")
}
