package histsearch

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// history builds a tree by applying each step to the current text: a
// step is a list of changes (one state), or nil for an undo.
func history(t testing.TB, start string, steps ...[]buffer.Change) *undo.Tree {
	t.Helper()
	clock := time.Unix(1700000000, 0)
	tr := undo.New(buffer.FromString(start), undo.Options{Now: func() time.Time { return clock }, Levels: 10000, LevelsSet: true, MaxNodes: -1})
	for _, st := range steps {
		clock = clock.Add(time.Minute)
		if st == nil {
			tr.Undo(1)
			continue
		}
		tr.Save(undo.Pos{}, undo.SourceTyped)
		for _, c := range st {
			if err := tr.Apply(c); err != nil {
				t.Fatal(err)
			}
		}
		tr.Sync()
	}
	return tr
}

func ins(off int, s string) []buffer.Change { return []buffer.Change{{Off: off, New: s}} }
func del(off int, s string) []buffer.Change { return []buffer.Change{{Off: off, Old: s}} }

func TestGrab(t *testing.T) {
	tests := []struct {
		name  string
		tree  func(t *testing.T) *undo.Tree
		pat   string
		seq   int
		lines []string
		err   error
	}{
		{"a deleted line", func(t *testing.T) *undo.Tree {
			return history(t, "alpha\nbeta\ngamma", ins(0, "zero\n"), del(11, "beta\n"), ins(0, "top\n"))
		}, "beta", 1, []string{"beta"}, nil},
		{"three deleted lines, the pattern in the middle", func(t *testing.T) *undo.Tree {
			return history(t, "a\nb1\nb2\nb3\nc", del(2, "b1\nb2\nb3\n"))
		}, "b2", 0, []string{"b1", "b2", "b3"}, nil},
		{"typed one letter at a time, deleted one at a time", func(t *testing.T) *undo.Tree {
			var steps [][]buffer.Change
			for i, c := range "hello" {
				steps = append(steps, ins(i, string(c)))
			}
			for i := 4; i >= 0; i-- {
				steps = append(steps, del(i, "hello"[i:i+1]))
			}
			return history(t, "", steps...)
		}, "hello", 5, []string{"hello"}, nil},
		{"an undone branch", func(t *testing.T) *undo.Tree {
			return history(t, "x", ins(1, "\nsecret"), nil, ins(1, "y"))
		}, "secret", 1, []string{"x", "secret"}, nil}, // the hunk: "x" became "xy"
		{"text still there is not gone", func(t *testing.T) *undo.Tree {
			return history(t, "keep\n", ins(0, "keep\n"), del(0, "keep\n"))
		}, "keep", 0, nil, ErrNotFound},
		{"a change in the middle of a line", func(t *testing.T) *undo.Tree {
			return history(t, "the quick fox", []buffer.Change{{Off: 4, Old: "quick", New: "slow"}})
		}, `qu.ck`, 0, []string{"the quick fox"}, nil},
		{"the newest state that held it", func(t *testing.T) *undo.Tree {
			return history(t, "", ins(0, "v1"), []buffer.Change{{Off: 0, Old: "v1", New: "v2"}}, []buffer.Change{{Off: 0, Old: "v2", New: "v3"}})
		}, `v[12]`, 2, []string{"v2"}, nil},
		{"two changes in one state", func(t *testing.T) *undo.Tree {
			return history(t, "one\ntwo\nthree", []buffer.Change{{Off: 0, Old: "one\n"}, {Off: 4, Old: "three", New: "3"}})
		}, "three", 0, []string{"three"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tree(t)
			g, err := mustQuery(t, tc.pat).Grab(context.Background(), tr.Snapshot())
			if !errors.Is(err, tc.err) {
				t.Fatalf("err %v, want %v", err, tc.err)
			}
			if err != nil {
				return
			}
			if g.Seq != tc.seq || !slices.Equal(g.Lines, tc.lines) {
				t.Errorf("Grab: #%d %q, want #%d %q", g.Seq, g.Lines, tc.seq, tc.lines)
			}
		})
	}
}

// TestGrabProperty checks Grab on random linear histories against a
// brute force: the newest state whose text has a line matching the word
// that the current text lacks. The lines returned are lines of that
// state, not all in the current text, one of them matching.
func TestGrabProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	words := []string{"alpha", "beta", "gamma", "delta"}
	for round := 0; round < 60; round++ {
		tr := undo.New(buffer.FromString(""), undo.Options{Levels: 1000, LevelsSet: true, MaxNodes: -1})
		for i := 0; i < 40; i++ {
			tr.Save(undo.Pos{}, undo.SourceTyped)
			txt := tr.Text()
			var c buffer.Change
			if txt.Len() > 0 && rng.IntN(2) == 0 {
				a := rng.IntN(txt.Len())
				c = buffer.Change{Off: a, Old: txt.SliceString(a, min(txt.Len(), a+1+rng.IntN(10)))}
			} else {
				w := words[rng.IntN(len(words))]
				if rng.IntN(2) == 0 {
					w += "\n"
				}
				c = buffer.Change{Off: rng.IntN(txt.Len() + 1), New: w}
			}
			if err := tr.Apply(c); err != nil {
				t.Fatal(err)
			}
			tr.Sync()
		}
		s := tr.Snapshot()
		now := map[string]bool{}
		for _, l := range strings.Split(s.Text().String(), "\n") {
			now[l] = true
		}
		for _, w := range words {
			want := -1
			for seq := s.SeqLast(); seq >= 0 && want < 0; seq-- {
				txt, _ := s.TextAt(seq)
				for _, l := range strings.Split(txt.String(), "\n") {
					if strings.Contains(l, w) && !now[l] {
						want = seq
						break
					}
				}
			}
			g, err := mustQuery(t, w).Grab(context.Background(), s)
			if want < 0 {
				if !errors.Is(err, ErrNotFound) {
					t.Fatalf("round %d %q: %+v %v, want not found", round, w, g, err)
				}
				continue
			}
			if err != nil || g.Seq != want {
				t.Fatalf("round %d %q: #%d %v, want #%d", round, w, g.Seq, err, want)
			}
			txt, _ := s.TextAt(g.Seq)
			lines := strings.Split(txt.String(), "\n")
			found, gone := false, false
			for _, l := range g.Lines {
				if !slices.Contains(lines, l) {
					t.Fatalf("round %d %q: line %q is not in #%d", round, w, l, g.Seq)
				}
				found = found || strings.Contains(l, w)
				gone = gone || !now[l]
			}
			if !found || !gone {
				t.Fatalf("round %d %q: lines %q hold no match gone now", round, w, g.Lines)
			}
		}
	}
}

func TestDeletions(t *testing.T) {
	tr := history(t, "one\ntwo\nthree", del(0, "one\n"), ins(0, "x"), del(0, "x"), del(0, "two\nthree"))
	ds := Deletions(tr.Snapshot(), 2)
	if len(ds) != 2 || ds[0].Seq != 4 || ds[0].Lines != 2 || ds[0].First != "two" || ds[1].Seq != 3 || ds[1].Bytes != 1 {
		t.Fatalf("Deletions: %+v", ds)
	}
}

// BenchmarkGrabSephBlog1 recovers, from the end of seph-blog1, the
// newest line that held "immutablejs" (typed and deleted letter by
// letter over the trace's 137 154 states).
func BenchmarkGrabSephBlog1(b *testing.B) {
	tr, _ := sephBlog1(b)
	s := tr.Snapshot()
	q := mustQuery(b, "immutablejs")
	b.ReportAllocs()
	var g Grabbed
	for b.Loop() {
		var err error
		if g, err = q.Grab(context.Background(), s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(s.SeqLast()-g.Seq), "states-back")
}

// BenchmarkGrabNotFoundSephBlog1 is the longest :undograb: a pattern no
// state holds, so every state of seph-blog1 is visited.
func BenchmarkGrabNotFoundSephBlog1(b *testing.B) {
	tr, _ := sephBlog1(b)
	s := tr.Snapshot()
	q := mustQuery(b, "no such text anywhere")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := q.Grab(context.Background(), s); !errors.Is(err, ErrNotFound) {
			b.Fatal(err)
		}
	}
}

// BenchmarkGrabNotFoundNewest20k is the same search bounded as :undograb
// bounds it: the newest 20 000 states, then ErrLimit.
func BenchmarkGrabNotFoundNewest20k(b *testing.B) {
	tr, _ := sephBlog1(b)
	s := tr.Snapshot()
	q := mustQuery(b, "no such text anywhere")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := q.GrabNewest(context.Background(), s, 20_000); !errors.Is(err, ErrLimit) {
			b.Fatal(err)
		}
	}
}
