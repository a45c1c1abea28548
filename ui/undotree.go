package ui

import (
	"time"

	"github.com/kjx-editor/kjx/ui/undopanel"
	"github.com/kjx-editor/kjx/undo"
)

// undoTree presents an undo.Snapshot as the panel's Tree: node i is the
// i-th state in sequence order, 0 being the root (the text as loaded).
type undoTree struct {
	s    undo.Snapshot
	seqs []int // index → seq; seqs[0] == 0, the root
}

// Len implements undopanel.Tree.
func (t *undoTree) Len() int { return len(t.seqs) }

// Cur implements undopanel.Tree: the state the text belongs to.
func (t *undoTree) Cur() int { return t.s.Current() }

// LastSaved implements undopanel.Tree.
func (t *undoTree) LastSaved() int { return t.s.Saved() }

// Writes implements undopanel.Tree.
func (t *undoTree) Writes() int { return t.s.SaveLast() }

// Node implements undopanel.Tree. The root has no time (the snapshot does
// not keep when the text was loaded) and counts as written when the
// buffer was never written since (its text is the file's).
func (t *undoTree) Node(i int) undopanel.Node {
	seq := t.seqs[i]
	if seq == 0 {
		root := undopanel.Node{Seq: 0, Parent: -1, Source: "loaded"}
		if t.s.SaveLast() > 0 && t.s.Saved() == 0 {
			root.SaveNr = 1
		}
		return root
	}
	n, ok := t.s.Node(seq)
	if !ok {
		return undopanel.Node{Seq: seq, Parent: 0}
	}
	return undopanel.Node{Seq: n.Seq, Parent: n.Parent, Time: time.Unix(n.Time, 0),
		Added: n.Added, Deleted: n.Deleted, Changes: len(n.Changes),
		SaveNr: n.SaveNr, Label: n.Label, Source: n.Source.String()}
}

// undoIndex keeps the list of a tree's seqs from one snapshot to the
// next, so that a new snapshot costs the nodes added since, not the whole
// tree: states are only ever added with higher seqs, except when kjx's
// limits prune old history (then the list is rebuilt).
type undoIndex struct {
	buf    int // the buffer whose tree is listed
	pruned int
	last   int // highest seq listed
	seqs   []int
	valid  bool
}

// tree returns the panel's view of snapshot s of buffer buf's tree.
func (x *undoIndex) tree(buf int, s undo.Snapshot) *undoTree {
	if !x.valid || buf != x.buf || s.Pruned() != x.pruned || s.SeqLast() < x.last {
		x.buf, x.pruned, x.valid = buf, s.Pruned(), true
		x.seqs = append(x.seqs[:0:0], 0)
		x.last = 0
		for n := range s.Nodes() {
			x.seqs = append(x.seqs, n.Seq)
			x.last = n.Seq
		}
		x.last = max(x.last, s.SeqLast())
	} else {
		for seq := x.last + 1; seq <= s.SeqLast(); seq++ {
			if _, ok := s.Node(seq); ok {
				x.seqs = append(x.seqs, seq)
			}
		}
		x.last = s.SeqLast()
	}
	return &undoTree{s: s, seqs: x.seqs[:len(x.seqs):len(x.seqs)]}
}
