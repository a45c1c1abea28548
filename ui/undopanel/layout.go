package undopanel

import "sort"

// Positions order everything the graph draws from bottom (the root) to
// top (the newest node). Row r is node r (in seq order); between node
// rows r and r+1 there may be up to two connector rows: slot (r, 1) just
// above node r and slot (r, 2) just below node r+1. A position is
// 3*r + k, k = 0 for the node row.
type pos = int32

func nodePos(r int32) pos { return 3 * r }

// none marks an absent lane, row or connector.
const none = -1

// conn is a connector row: the edge running up lane from turns into lane
// to, whose vertical then rises to a child.
type conn struct{ from, to int32 }

// seg is a vertical line in a lane, drawn at the positions strictly
// between from and to.
type seg struct{ from, to pos }

// lane is one column of the graph: its vertical segments in increasing
// order and the highest position it occupies.
type lane struct {
	segs []seg
	high pos
}

// Layout assigns every node of an undo tree a lane so that the tree
// draws as a graph with one row per state, newest on top, like `git log
// --graph`. It is built incrementally: the undo tree only ever grows by a
// new node with the highest seq, and adding it costs O(lanes), not
// O(nodes) — the whole picture below the new top row stays as it was.
//
// The rules, in the order nodes are added (increasing seq):
//   - a node whose parent is the top of its lane continues that lane;
//   - the first child of a parent whose lane was reused above it leaves
//     through a connector just above the parent (╭─╯);
//   - a later child shares the lane of its newest sibling's edge and
//     leaves it through a connector just below that sibling (├─╯), so a
//     parent with many children needs no more lanes than the branches
//     alive at once;
//   - the new edge takes the free lane nearest its source (a lane is free
//     above its highest occupied position).
//
// Lanes only ever gain segments at their top, so each lane's segments
// stay sorted and a row's picture is found by binary search.
type Layout struct {
	seqs    []int   // seq of each row
	parent  []int32 // row of the parent, none for the root
	laneOf  []int32
	kids    []int32 // number of children
	lastKid []int32 // row of the newest child, none
	prevSib []int32 // row of the next older sibling, none
	nextSib []int32 // row of the next newer sibling, none
	sibIdx  []int32 // 1-based index among the parent's children
	depth   []int32
	// sumAdded and sumDeleted are prefix sums of the change sizes over
	// rows 0..r, so a folded run's totals cost O(1).
	sumAdded, sumDeleted []int64
	below                []conn // slot (r, 1): connector just above node r
	above                []conn // slot (r, 2): connector just below node r+1
	lanes                []lane
	// link has bit r set when node r continues a straight run from node
	// r-1 (its only child, same lane, no connector between): the runs
	// that folding collapses.
	link bitset
	// fork has bit r set when node r has two or more children.
	fork bitset
	// written indexes the states that were written (written.go).
	written written
}

// Len returns the number of nodes laid out.
func (l *Layout) Len() int { return len(l.seqs) }

// Lanes returns how many lanes the graph uses.
func (l *Layout) Lanes() int { return len(l.lanes) }

// Sync brings the layout up to date with t: it adds the nodes t gained
// since the last Sync, or rebuilds from scratch when t is not an
// extension of what was laid out (pruned history, a restored undo file).
// It reports whether it rebuilt.
func (l *Layout) Sync(t Tree) (rebuilt bool) {
	n := t.Len()
	if !l.extends(t, n) {
		*l = Layout{}
		rebuilt = true
	}
	fresh := len(l.seqs) == 0
	if m := len(l.seqs); m > 0 && m <= n {
		// The newest state may still be growing (an open insert): its
		// sizes are the only ones that can have changed.
		l.sumAdded, l.sumDeleted = l.sumAdded[:m-1], l.sumDeleted[:m-1]
		l.addSizes(t.Node(m - 1))
	}
	for i := len(l.seqs); i < n; i++ {
		nd := t.Node(i)
		p := int32(none)
		if nd.Parent >= 0 {
			p = int32(l.Row(nd.Parent))
		}
		l.add(nd.Seq, p)
		l.addSizes(nd)
		l.written.rows.set(i, nd.SaveNr > 0)
	}
	l.syncWritten(t, fresh)
	return rebuilt
}

// addSizes appends the prefix sums for the next row, node nd.
func (l *Layout) addSizes(nd Node) {
	var a, d int64
	if i := len(l.sumAdded); i > 0 {
		a, d = l.sumAdded[i-1], l.sumDeleted[i-1]
	}
	l.sumAdded = append(l.sumAdded, a+int64(nd.Added))
	l.sumDeleted = append(l.sumDeleted, d+int64(nd.Deleted))
}

// Sizes returns the total bytes added and deleted by rows b..t.
func (l *Layout) Sizes(b, t int) (added, deleted int64) {
	added, deleted = l.sumAdded[t], l.sumDeleted[t]
	if b > 0 {
		added -= l.sumAdded[b-1]
		deleted -= l.sumDeleted[b-1]
	}
	return added, deleted
}

// Siblings returns the rows of r's older and newer siblings (-1: none)
// and r's 1-based index among its parent's children with their count.
func (l *Layout) Siblings(r int) (older, newer, index, count int) {
	older, newer = int(l.prevSib[r]), int(l.nextSib[r])
	p := l.parent[r]
	if p == none {
		return older, newer, 1, 1
	}
	return older, newer, int(l.sibIdx[r]), int(l.kids[p])
}

// Children returns the number of children of row r.
func (l *Layout) Children(r int) int { return int(l.kids[r]) }

// PrevFork returns the largest row below r with two or more children, -1
// if none; NextFork the smallest above r.
func (l *Layout) PrevFork(r int) int { return l.fork.prevSet(r - 1) }

// NextFork returns the smallest row above r with two or more children,
// or -1.
func (l *Layout) NextFork(r int) int { return l.fork.nextSet(r + 1) }

// extends reports whether t's first Len() nodes are the ones laid out:
// the same seqs and parents at the root, at the newest laid-out node and
// at its parent (a cheap check that catches pruning and replacement).
func (l *Layout) extends(t Tree, n int) bool {
	m := len(l.seqs)
	if m == 0 {
		return true
	}
	if n < m {
		return false
	}
	for _, i := range []int{0, m - 1, int(max(l.parent[m-1], 0))} {
		nd := t.Node(i)
		if nd.Seq != l.seqs[i] {
			return false
		}
		want := -1
		if p := l.parent[i]; p != none {
			want = l.seqs[p]
		}
		if nd.Parent != want {
			return false
		}
	}
	return true
}

// Row returns the row of seq, or -1.
func (l *Layout) Row(seq int) int {
	i := sort.SearchInts(l.seqs, seq)
	if i < len(l.seqs) && l.seqs[i] == seq {
		return i
	}
	return -1
}

// Seq returns the seq of row r.
func (l *Layout) Seq(r int) int { return l.seqs[r] }

// Parent returns the row of r's parent, -1 for the root.
func (l *Layout) Parent(r int) int { return int(l.parent[r]) }

// Depth returns how many edges separate row r from the root.
func (l *Layout) Depth(r int) int { return int(l.depth[r]) }

// Lane returns the lane of row r.
func (l *Layout) Lane(r int) int { return int(l.laneOf[r]) }

// add lays out a new top node with the given seq and parent row.
func (l *Layout) add(seq int, p int32) {
	r := int32(len(l.seqs))
	l.seqs = append(l.seqs, seq)
	l.parent = append(l.parent, p)
	l.kids = append(l.kids, 0)
	l.lastKid = append(l.lastKid, none)
	l.prevSib = append(l.prevSib, none)
	l.nextSib = append(l.nextSib, none)
	l.sibIdx = append(l.sibIdx, 1)
	l.below = append(l.below, conn{none, none})
	l.above = append(l.above, conn{none, none})
	l.link.set(int(r), false)
	if p == none {
		l.depth = append(l.depth, 0)
		ln := l.freeLane(nodePos(r), 0)
		l.laneOf = append(l.laneOf, ln)
		l.lanes[ln].high = nodePos(r)
		return
	}
	l.depth = append(l.depth, l.depth[p]+1)
	var ln int32
	switch c := l.lastKid[p]; {
	case c == none && l.lanes[l.laneOf[p]].high == nodePos(p):
		// Straight up from the parent.
		ln = l.laneOf[p]
		l.addSeg(ln, nodePos(p), nodePos(r))
		l.link.set(int(r), p == r-1)
	case c == none:
		// The parent's lane is taken above it: leave just above it.
		q := nodePos(p) + 1
		ln = l.freeLane(q, l.laneOf[p])
		l.below[p] = conn{l.laneOf[p], ln}
		l.addSeg(ln, q, nodePos(r))
		l.link.set(int(p)+1, false)
	default:
		// Share the newest sibling's edge; leave just below the sibling.
		q := nodePos(c-1) + 2
		ln = l.freeLane(q, l.laneOf[c])
		l.above[c-1] = conn{l.laneOf[c], ln}
		l.addSeg(ln, q, nodePos(r))
		l.link.set(int(c), false)
		l.link.set(int(p)+1, false)
		l.fork.set(int(p), true)
	}
	l.laneOf = append(l.laneOf, ln)
	if c := l.lastKid[p]; c != none {
		l.prevSib[r] = c
		l.nextSib[c] = r
	}
	l.kids[p]++
	l.sibIdx[r] = l.kids[p]
	l.lastKid[p] = r
}

// addSeg adds a vertical from..to to lane ln (to becomes its high).
func (l *Layout) addSeg(ln int32, from, to pos) {
	ls := &l.lanes[ln]
	if to-from > 1 {
		ls.segs = append(ls.segs, seg{from, to})
	}
	ls.high = to
}

// freeLane returns the lane nearest src (ties to the left) that is free
// at position q and above, adding a lane when none is.
func (l *Layout) freeLane(q pos, src int32) int32 {
	best := int32(none)
	for i := range l.lanes {
		if l.lanes[i].high >= q {
			continue
		}
		if best == none || abs32(int32(i)-src) < abs32(best-src) {
			best = int32(i)
		}
	}
	if best == none {
		l.lanes = append(l.lanes, lane{high: -1})
		best = int32(len(l.lanes) - 1)
	}
	return best
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// vertical reports whether lane ln has a vertical line at position q.
func (l *Layout) vertical(ln int, q pos) bool {
	segs := l.lanes[ln].segs
	i := sort.Search(len(segs), func(i int) bool { return segs[i].to > q })
	return i < len(segs) && segs[i].from < q
}

// connAt returns the connector at position q (k = 1 or 2), if any.
func (l *Layout) connAt(q pos) (conn, bool) {
	r, k := q/3, q%3
	var c conn
	switch k {
	case 1:
		c = l.below[r]
	case 2:
		c = l.above[r]
	default:
		return conn{}, false
	}
	return c, c.from != none
}
