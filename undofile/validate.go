package undofile

import (
	"errors"
	"fmt"
	"math"

	"github.com/kjx-editor/kjx/undo"
)

// checkImage verifies that img is a well-formed tree: counters in range,
// nodes in strictly increasing seq order, line counts in range (see
// checkNodeChanges), every parent existing, every
// node listed exactly once among its parent's children (or the root's),
// no cycle, and savedSeq, CurHead and NewHead naming nodes (or 0). It does
// not check that the changes apply to any text: undo.Restore does.
// O(n log n) time, O(n) space.
func checkImage(img *undo.Image, savedSeq int) error {
	if err := checkCounters(img); err != nil {
		return err
	}
	nodes := img.Nodes
	prev := 0
	for i := range nodes {
		n := &nodes[i]
		switch {
		case n.Seq <= 0 || n.Seq > img.SeqLast:
			return fmt.Errorf("node seq %d outside 1..%d", n.Seq, img.SeqLast)
		case n.Seq == prev:
			return fmt.Errorf("duplicate seq %d", n.Seq)
		case n.Seq < prev:
			return fmt.Errorf("seq %d after %d: not in increasing order", n.Seq, prev)
		case n.SaveNr < 0 || n.SaveNr > img.SaveLast:
			return fmt.Errorf("node %d: save number %d outside 0..%d", n.Seq, n.SaveNr, img.SaveLast)
		}
		if err := checkNodeChanges(n); err != nil {
			return err
		}
		prev = n.Seq
	}
	idx := newSeqIndex(nodes, img.SeqLast) // nodes are sorted and in range now
	for i := range nodes {
		if p := nodes[i].Parent; p != 0 && idx.find(p) < 0 {
			return fmt.Errorf("node %d: dangling parent %d", nodes[i].Seq, p)
		}
	}
	for _, ref := range [...]struct {
		what string
		seq  int
	}{{"saved node", savedSeq}, {"curhead", img.CurHead}, {"newhead", img.NewHead}} {
		if ref.seq != 0 && idx.find(ref.seq) < 0 {
			return fmt.Errorf("%s %d does not exist", ref.what, ref.seq)
		}
	}
	return checkLinks(img, idx)
}

// checkNodeChanges verifies a node's change offsets (≥ 0) and its line
// counts (undo.ImageNode.Lines): each in 0..maxLines, and their difference,
// the node's line delta, at most the bytes its changes hold, as a change
// adds or removes at most one line per byte. The counts themselves have no
// bound in the bytes: Vim counts the lines of every entry a block made,
// and a block of typing makes entries that its one merged change does not
// show (typing and deleting line breaks may even merge into no change).
func checkNodeChanges(n *undo.ImageNode) error {
	bytes := 0
	for _, c := range n.Changes {
		if c.Off < 0 {
			return fmt.Errorf("node %d: negative change offset %d", n.Seq, c.Off)
		}
		bytes += len(c.Old) + len(c.New)
	}
	l := n.Lines
	if l[0] < 0 || l[1] < 0 || l[0] > maxLines || l[1] > maxLines {
		return fmt.Errorf("node %d: line counts %d, %d outside 0..%d", n.Seq, l[0], l[1], maxLines)
	}
	if d := l[1] - l[0]; max(d, -d) > bytes {
		return fmt.Errorf("node %d: line counts %d, %d differ by more than its %d changed bytes", n.Seq, l[0], l[1], bytes)
	}
	return nil
}

func checkCounters(img *undo.Image) error {
	switch {
	case img.SeqLast < 0:
		return fmt.Errorf("seq_last %d negative", img.SeqLast)
	case img.SeqCur < 0 || img.SeqCur > img.SeqLast:
		return fmt.Errorf("seq_cur %d outside 0..%d", img.SeqCur, img.SeqLast)
	case img.SaveLast < 0:
		return fmt.Errorf("save_last %d negative", img.SaveLast)
	case img.SaveCur < 0 || img.SaveCur > img.SaveLast:
		return fmt.Errorf("save_cur %d outside 0..%d", img.SaveCur, img.SaveLast)
	case img.Pruned < 0:
		return fmt.Errorf("pruned count %d negative", img.Pruned)
	case len(img.Nodes) > img.SeqLast:
		return fmt.Errorf("%d nodes but seq_last %d", len(img.Nodes), img.SeqLast)
	}
	return nil
}

// checkLinks verifies that children lists and parents agree and that every
// node is reachable from the root exactly once.
func checkLinks(img *undo.Image, idx seqIndex) error {
	nodes := img.Nodes
	seen := make([]bool, len(nodes))
	queue := make([]int32, 0, len(nodes))
	claim := func(parent, child int) error {
		i := idx.find(child)
		switch {
		case i < 0:
			return fmt.Errorf("node %d: child %d does not exist", parent, child)
		case nodes[i].Parent != parent:
			return fmt.Errorf("node %d lists child %d whose parent is %d", parent, child, nodes[i].Parent)
		case seen[i]:
			return fmt.Errorf("node %d listed twice as a child", child)
		}
		seen[i] = true
		queue = append(queue, int32(i))
		return nil
	}
	for _, c := range img.RootChildren {
		if err := claim(0, c); err != nil {
			return err
		}
	}
	// Breadth-first from the root: a node joins the queue once, when its
	// parent (reached before it) lists it, so a cycle is never reached.
	for q := 0; q < len(queue); q++ {
		n := &nodes[queue[q]]
		for _, c := range n.Children {
			if err := claim(n.Seq, c); err != nil {
				return err
			}
		}
	}
	if len(queue) != len(nodes) {
		for i := range nodes {
			if !seen[i] {
				return fmt.Errorf("node %d unreachable from the root (missing from its parent's children, or a cycle)", nodes[i].Seq)
			}
		}
		return errors.New("unreachable nodes")
	}
	return nil
}

// indexOf returns the index of the node with seq in nodes (sorted by seq),
// or -1.
func indexOf(nodes []undo.ImageNode, seq int) int {
	lo, hi := 0, len(nodes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if nodes[m].Seq < seq {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(nodes) && nodes[lo].Seq == seq {
		return lo
	}
	return -1
}

// seqIndex finds nodes by seq: through a dense table when seqs are dense
// enough (the usual case), else by binary search. The table's size is
// bounded by a multiple of the node count.
type seqIndex struct {
	nodes []undo.ImageNode
	dense []int32 // dense[seq] = index+1, 0: none
}

// newSeqIndex indexes nodes, which must be sorted by seq with every seq in
// 1..seqLast.
func newSeqIndex(nodes []undo.ImageNode, seqLast int) seqIndex {
	x := seqIndex{nodes: nodes}
	if seqLast <= 4*len(nodes)+1024 && len(nodes) < math.MaxInt32 {
		x.dense = make([]int32, seqLast+1)
		for i := range nodes {
			x.dense[nodes[i].Seq] = int32(i + 1)
		}
	}
	return x
}

// find returns the index of the node with seq, or -1.
func (x seqIndex) find(seq int) int {
	if x.dense == nil {
		return indexOf(x.nodes, seq)
	}
	if seq < 0 || seq >= len(x.dense) {
		return -1
	}
	return int(x.dense[seq]) - 1
}

// hasSeq reports whether seq is 0 (the root) or the seq of one of nodes,
// which are in increasing seq order (checkImage verified it).
func hasSeq(nodes []undo.ImageNode, seq int) bool {
	if seq == 0 {
		return true
	}
	return indexOf(nodes, seq) >= 0
}
