package undopanel

import (
	"math/rand/v2"
	"time"
)

// memTree is a Tree held in a slice, for tests.
type memTree struct {
	nodes []Node
	cur   int
	saved int
	// writes is the write counter (Tree.Writes): tests that mark a state
	// written bump it, as a real write does.
	writes int
}

func (t *memTree) Len() int        { return len(t.nodes) }
func (t *memTree) Node(i int) Node { return t.nodes[i] }
func (t *memTree) Cur() int        { return t.cur }
func (t *memTree) LastSaved() int  { return t.saved }
func (t *memTree) Writes() int     { return t.writes }

var epoch = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

func newMemTree() *memTree {
	return &memTree{nodes: []Node{{Seq: 0, Parent: -1, Time: epoch}}, saved: -1}
}

// add appends a child of parent and makes it current.
func (t *memTree) add(parent int) int {
	seq := len(t.nodes)
	t.nodes = append(t.nodes, Node{Seq: seq, Parent: parent, Time: epoch.Add(time.Duration(seq) * time.Second),
		Added: seq % 7, Deleted: seq % 3, Changes: 1, Source: "typed"})
	t.cur = seq
	return seq
}

// editingTree simulates a user who types, undoes and redoes at random,
// which grows trees shaped like real ones: long runs with branches.
func editingTree(rng *rand.Rand, n int) *memTree {
	t := newMemTree()
	kids := map[int][]int{}
	for t.Len() < n {
		switch x := rng.IntN(10); {
		case x < 6:
			c := t.add(t.cur)
			kids[t.nodes[c].Parent] = append(kids[t.nodes[c].Parent], c)
		case x < 9:
			for k := rng.IntN(8); k > 0 && t.cur != 0; k-- {
				t.cur = t.nodes[t.cur].Parent
			}
		default:
			if ks := kids[t.cur]; len(ks) > 0 {
				t.cur = ks[rng.IntN(len(ks))]
			}
		}
	}
	return t
}

// starTree is a root with n-1 children, each typed after undoing to the
// root: the shape that needs lane sharing.
func starTree(n int) *memTree {
	t := newMemTree()
	for t.Len() < n {
		t.add(0)
	}
	return t
}
