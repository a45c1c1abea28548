package main

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// TestLineCountsRandomTrees: on random trees of random edits (many
// branches, some long lines), the counts of the walk, started from a
// random state's text, equal a full diff of each state's text against
// its parent's.
func TestLineCountsRandomTrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	pieces := []string{"a", "b", "\n", "\n\n", "ab\n", "x", ""}
	randText := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for round := range 40 {
		texts := []buffer.Rope{buffer.FromString(randText(rng.IntN(20)))} // by seq
		var img undo.Image
		for seq := 1; seq <= 1+rng.IntN(120); seq++ {
			parent := max(0, seq-1-rng.IntN(3)*rng.IntN(seq)) // mostly the last state
			text := texts[parent]
			var cs []buffer.Change
			for range 1 + rng.IntN(3) {
				off := rng.IntN(text.Len() + 1)
				end := off + rng.IntN(min(text.Len()-off, 6)+1)
				c := buffer.Change{Off: off, Old: text.SliceString(off, end), New: randText(rng.IntN(3))}
				text, _ = text.Apply(c)
				cs = append(cs, c)
			}
			texts = append(texts, text)
			img.Nodes = append(img.Nodes, undo.ImageNode{Seq: seq, Parent: parent, Changes: cs})
			if parent == 0 {
				img.RootChildren = append(img.RootChildren, seq)
			} else {
				img.Nodes[parent-1].Children = append(img.Nodes[parent-1].Children, seq)
			}
		}
		img.SeqLast = len(img.Nodes)
		saved := rng.IntN(len(texts))
		w := &treeWalk{img: &img, text: texts[saved].Transient()}
		w.cur = w.index(saved)
		if err := w.backTo(-1); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		counts, err := lineCounts(w)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		for i, n := range img.Nodes {
			res, _ := linediff.Lines(context.Background(), ropeLines(texts[n.Parent].String()), ropeLines(texts[n.Seq].String()), linediff.Options{Context: -1})
			if counts[i] != [2]int{res.Added, res.Deleted} {
				t.Fatalf("round %d, state %d (parent %d): +%d −%d, a full diff says +%d −%d", round, n.Seq, n.Parent, counts[i][0], counts[i][1], res.Added, res.Deleted)
			}
		}
	}
}
