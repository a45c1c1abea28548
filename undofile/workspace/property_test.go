package workspace

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undofile"
)

// TestPropertyAgainstModel drives random checkpoints (changed files,
// deleted and re-created files, forgotten files, reused names, a second
// process appending, reopening) and compares every checkpoint with a
// plain model: a map of path to entry per checkpoint number.
func TestPropertyAgainstModel(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 4
	}
	for seed := range uint64(seeds) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { propertyRun(t, seed) })
	}
}

type modelCP struct {
	label string
	named bool
	files map[string]Entry
}

func propertyRun(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 99))
	paths := []string{"a.txt", "b.go", "dir/c.md", "dir/sub/d", "e f.txt", "ü.txt"}
	a := openTest(t, Options{})
	b := reopen(t, a)
	var cps []modelCP
	cur := map[string]Entry{}
	seqs := map[string]int{}
	names := []string{"alpha", "before big change", "v2"}
	now := t0
	for step := range 60 {
		now = now.Add(time.Duration(rng.IntN(600)) * time.Second)
		r := Record{Time: now, Label: []string{"opened", "write", "before rewind"}[rng.IntN(3)]}
		if rng.IntN(4) == 0 {
			r.Label, r.Named = names[rng.IntN(len(names))], true
		}
		next := maps.Clone(cur)
		for _, p := range paths {
			if rng.IntN(3) != 0 {
				continue
			}
			if rng.IntN(8) == 0 {
				r.Forget = append(r.Forget, p)
				delete(next, p)
				continue
			}
			seqs[p] += rng.IntN(3) // 0: the same state, re-recorded
			e := Entry{Path: p, Seq: seqs[p], Exists: rng.IntN(5) != 0, Added: rng.IntN(9), Deleted: rng.IntN(9)}
			if e.Exists {
				e.Disk = undofile.HashBytes(fmt.Appendf(nil, "%s@%d", p, e.Seq))
			}
			if old, ok := cur[p]; ok && old.Seq == e.Seq && old.Exists == e.Exists && old.Disk == e.Disk {
				e = old // the same state keeps its counts
			}
			r.Files = append(r.Files, e)
			next[p] = e
		}
		l := a
		if rng.IntN(3) == 0 {
			l = b
		}
		res, err := l.Commit(r)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if res.Number != len(cps)+1 {
			t.Fatalf("step %d: number %d, want %d", step, res.Number, len(cps)+1)
		}
		cps = append(cps, modelCP{label: r.Label, named: r.Named, files: next})
		cur = next
		if rng.IntN(10) == 0 {
			a = reopen(t, a)
		}
		if step%10 == 9 || step == 59 {
			for _, lg := range []*Log{a, b} {
				if err := lg.Refresh(); err != nil {
					t.Fatal(err)
				}
				compareModel(t, lg, cps)
			}
		}
	}
	compareModel(t, reopen(t, a), cps)
}

func compareModel(t *testing.T, l *Log, cps []modelCP) {
	t.Helper()
	list := l.List()
	if len(list) != len(cps) || len(l.Problems()) != 0 {
		t.Fatalf("%d checkpoints (problems %q), want %d", len(list), l.Problems(), len(cps))
	}
	holder := map[string]int{}
	for i, m := range cps {
		if m.named {
			holder[m.label] = i + 1
		}
	}
	for i, m := range cps {
		c := mustCheckpoint(t, l, i+1)
		want := slices.Sorted(maps.Keys(m.files))
		var got []string
		for _, e := range c.Files {
			got = append(got, e.Path)
			w := m.files[e.Path]
			if e.Seq != w.Seq || e.Exists != w.Exists || e.Disk != w.Disk || e.Added != w.Added || e.Deleted != w.Deleted {
				t.Fatalf("checkpoint %d, %s: %+v, want %+v", i+1, e.Path, e, w)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("checkpoint %d files %v, want %v", i+1, got, want)
		}
		if c.Label != m.label || c.Named != m.named || c.Moved != (m.named && holder[m.label] != i+1) {
			t.Fatalf("checkpoint %d: %q named %v moved %v", i+1, c.Label, c.Named, c.Moved)
		}
	}
	for name, n := range holder {
		if c, err := l.Resolve(name, time.Now()); err != nil || c.Number != n {
			t.Fatalf("Resolve(%q) = %d, %v; want %d", name, c.Number, err, n)
		}
	}
}
