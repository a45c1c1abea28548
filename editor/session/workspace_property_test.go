package session

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRewindProperty: random edits, writes, undo movements, checkpoints
// and rewinds across five files. After each rewind every file equals its
// text at the checkpoint, and at the end every text ever seen is still
// reachable in its file's undo tree.
func TestRewindProperty(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { rewindProperty(t, seed) })
	}
}

func rewindProperty(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	w := newWsEnv(t)
	names := []string{"f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt"}
	seen := map[string]map[string]bool{}
	for _, n := range names {
		w.write(n, n+"\n")
		seen[n] = map[string]bool{n + "\n": true}
	}
	s := w.session()
	for _, n := range names {
		w.ex(s, "e "+w.path(n))
	}
	var cps []map[string]string
	rewound := 0
	for step := 0; step < 40; step++ {
		switch op := rng.IntN(10); {
		case op < 5: // edit and write one file
			n := names[rng.IntN(len(names))]
			w.ex(s, "e "+w.path(n))
			w.ex(s, fmt.Sprintf("normal! %dGo%s-%d", 1+rng.IntN(3), n, step), "w")
		case op < 6: // go to an older state of one file and write it
			n := names[rng.IntN(len(names))]
			w.ex(s, "e "+w.path(n))
			w.ex(s, fmt.Sprintf("undo %d", rng.IntN(s.Editor().Buffer().History().SeqLast()+1)), "w")
		case op < 8: // a named checkpoint
			w.ex(s, fmt.Sprintf("checkpoint cp%d", len(cps)))
			texts := map[string]string{}
			for _, n := range names {
				texts[n] = w.read(n)
			}
			cps = append(cps, texts)
		default: // rewind to a random checkpoint
			if len(cps) == 0 {
				continue
			}
			k := rng.IntN(len(cps))
			got := w.ex(s, fmt.Sprintf("rewind! cp%d", k))
			if strings.Contains(got, "refused") || strings.Contains(got, "failed") {
				t.Fatalf("step %d: :rewind! cp%d: %s", step, k, got)
			}
			if strings.Contains(got, "rewound to") {
				rewound++
			}
			for _, n := range names {
				if txt := w.read(n); txt != cps[k][n] {
					t.Fatalf("step %d: after :rewind! cp%d, %s = %q, want %q (%s)", step, k, n, txt, cps[k][n], got)
				}
			}
		}
		for _, n := range names {
			seen[n][w.read(n)] = true
		}
	}
	if rewound == 0 {
		t.Fatalf("no rewind changed a file: the scenario tests nothing")
	}
	for _, n := range names {
		w.ex(s, "e "+w.path(n))
		reach := map[string]bool{}
		for seq := 0; seq <= s.Editor().Buffer().History().SeqLast(); seq++ {
			w.ex(s, fmt.Sprintf("undo %d", seq))
			reach[textOf(s.Editor())+"\n"] = true
		}
		for txt := range seen[n] {
			if !reach[txt] {
				t.Errorf("%s: the text %q is no longer reachable in its undo tree", n, txt)
			}
		}
		w.ex(s, "w!")
	}
}
