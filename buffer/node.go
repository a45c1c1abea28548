package buffer

import (
	"bytes"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// child is a reference to a subtree together with its summary. Summaries
// live in the parent, so a descent reads one node per level, and leaves
// need no node of their own: a leaf is just its bytes.
//
// Whether p points to a node or to text follows from the height, which
// the walker always knows (Rope.h, node.h). The counts take 32 bits so a
// full node stays small; a subtree of 4 GiB or more (only near the root of
// a huge text) stores sat and its node holds the real counts.
type child struct {
	p  unsafe.Pointer // height > 0: *node; leaf: the first of its bytes
	b  uint32         // bytes in the subtree, or sat
	nl uint32         // '\n' bytes in the subtree, or sat
}

// size returns the number of bytes in c's subtree.
func (c child) size() int {
	if c.b == sat {
		return c.node().size
	}
	return int(c.b)
}

// lines returns the number of '\n' bytes in c's subtree.
func (c child) lines() int {
	if c.nl == sat {
		return c.node().lines
	}
	return int(c.nl)
}

// count32 returns v as a child count.
func count32(v int) uint32 {
	if v >= sat {
		return sat
	}
	return uint32(v)
}

// nodeChild returns a child referencing n, whose totals are set.
func nodeChild(n *node) child {
	return child{p: unsafe.Pointer(n), b: count32(n.size), nl: count32(n.lines)}
}

// node is an internal node: 1..maxKids children of height h-1. Nodes are
// immutable once reachable from a Rope; the only exception is a node whose
// owner is the token of a live Transient, which only that transient (and
// views borrowed from it) can reach (see transient.go).
type node struct {
	kids  []child
	size  int    // bytes in the subtree
	lines int    // '\n' bytes in the subtree
	owner *token // the transient that may mutate this node in place, or nil
	h     int16  // height: 1 when the kids are leaves
	// ownLeaves marks (bit i for kid i) the leaves of a node of height 1
	// that owner allocated with room for maxLeaf bytes and may edit in
	// place. It means nothing once owner is retired.
	ownLeaves uint16
	// scans counts the line queries that scanned a leaf of this node
	// (height 1) without an index; ix is built once it reaches ixAfter.
	scans atomic.Uint32
	// ix points to the line index of a node of height 1 (see
	// lineindex.go), or is nil. With scans it fits in the room the
	// allocation size classes leave, so nodes cost no more memory for it.
	ix atomic.Pointer[uint16]
}

// token identifies a transient's current ownership. The type has a non-zero size so every
// new(token) is a distinct pointer.
type token [1]byte

// node returns the internal node c refers to (c's height must be > 0).
func (c child) node() *node { return (*node)(c.p) }

// text returns the bytes of the leaf c refers to (c's height must be 0).
// They must not be modified unless a transient owns the leaf.
func (c child) text() []byte { return unsafe.Slice((*byte)(c.p), c.b) }

// inner, inner4 and inner8 are a node allocated together with room for
// its kids, so that making or copying a node is one allocation; the small
// ones keep roots and thin nodes cheap to copy.
type inner struct {
	node
	arr [maxKids]child
}

type inner4 struct {
	node
	arr [4]child
}

type inner8 struct {
	node
	arr [8]child
}

// newInner returns an internal node of height h whose kids are a copy of
// ks (1..maxKids of them). The caller sets its totals.
func newInner(ks []child, h int, owner *token) *node {
	var n *node
	switch {
	case len(ks) <= 4:
		in := &inner4{}
		in.kids = in.arr[:len(ks):len(ks)]
		n = &in.node
	case len(ks) <= 8:
		in := &inner8{}
		in.kids = in.arr[:len(ks):len(ks)]
		n = &in.node
	default:
		in := &inner{}
		in.kids = in.arr[:len(ks):len(ks)]
		n = &in.node
	}
	n.h = int16(h)
	n.owner = owner
	copy(n.kids, ks)
	return n
}

// leafChild returns a child referencing text as a leaf. text must not be
// empty and must never be modified afterwards (except by an owning transient).
func leafChild(text []byte) child {
	return child{p: unsafe.Pointer(unsafe.SliceData(text)), b: uint32(len(text)), nl: uint32(countNL(text))}
}

// countNL returns the number of '\n' bytes in b.
func countNL(b []byte) int { return bytes.Count(b, []byte{'\n'}) }

// textBuilder assembles the bytes of new leaves in fresh memory that is
// not zeroed first (strings.Builder's allocation), since every byte gets
// written anyway. Zeroing was a tenth of the cost of an edit.
type textBuilder struct{ sb strings.Builder }

// grow makes room for n bytes in all.
func (t *textBuilder) grow(n int) { t.sb.Grow(n) }

func (t *textBuilder) write(b []byte)       { t.sb.Write(b) }
func (t *textBuilder) writeString(s string) { t.sb.WriteString(s) }

// bytes returns the text written, with capacity for room bytes (room must
// not exceed what grow reserved), or nil when it is empty. The builder
// must not be used afterwards.
func (t *textBuilder) bytes(room int) []byte {
	s := t.sb.String()
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), max(room, len(s)))[:len(s)]
}

// sum returns the summary of a list of children.
func sum(ks []child) (b, lines int) {
	for i := range ks {
		b += ks[i].size()
		lines += ks[i].lines()
	}
	return b, lines
}

// parentOf returns a child referencing a new node of height h over ks.
func parentOf(ks []child, h int, owner *token) child {
	n := newInner(ks, h, owner)
	n.size, n.lines = sum(ks)
	return nodeChild(n)
}

// underfull reports whether c, of height h, holds less than a non-root
// node must.
func underfull(c child, h int) bool {
	if h == 0 {
		return c.size() < minLeaf
	}
	return len(c.node().kids) < minKids
}

// runeStart moves a split point p of s backwards to the first byte of the
// valid multi-byte UTF-8 sequence that contains it, if any, so that no
// valid sequence is cut in two. Invalid bytes are split anywhere.
func runeStart(s []byte, p int) int {
	for q := p - 1; q >= 0 && q > p-utf8.UTFMax; q-- {
		if utf8.RuneStart(s[q]) {
			r, size := utf8.DecodeRune(s[q:])
			if q+size > p && (r != utf8.RuneError || size > 1) {
				return q
			}
			return p
		}
	}
	return p
}

// packLeaves cuts s into leaves of loadLeaf bytes (minLeaf..maxLeaf at the
// end; a single leaf when s is at most maxLeaf bytes), never inside a
// valid UTF-8 sequence, and appends them to dst. Leaves are
// capacity-limited sub-slices of s, which must never be modified
// afterwards.
func packLeaves(dst []child, s []byte) []child {
	dst, s = cutFullLeaves(dst, s)
	return spreadLeaves(dst, s)
}

// cutFullLeaves cuts leaves of loadLeaf bytes off the front of s while
// more than maxLeaf+loadLeaf bytes are left, appends them to dst and
// returns the rest.
func cutFullLeaves(dst []child, s []byte) ([]child, []byte) {
	for len(s) > maxLeaf+loadLeaf {
		p := runeStart(s, loadLeaf)
		dst = append(dst, leafChild(s[:p:p]))
		s = s[p:]
	}
	return dst, s
}

// spreadLeaves cuts s into the fewest leaves of nearly equal size that fit
// (see packLeaves).
func spreadLeaves(dst []child, s []byte) []child {
	if len(s) == 0 {
		return dst
	}
	if len(s) <= maxLeaf {
		return append(dst, leafChild(s))
	}
	// Each piece is at most maxLeaf-3 before moving its end back by up to
	// utf8.UTFMax-1 bytes, so it stays within maxLeaf.
	k := (len(s) + maxLeaf - utf8.UTFMax) / (maxLeaf - utf8.UTFMax + 1)
	prev := 0
	for i := 1; i <= k; i++ {
		p := len(s)
		if i < k {
			p = runeStart(s, i*len(s)/k)
		}
		dst = append(dst, leafChild(s[prev:p:p]))
		prev = p
	}
	return dst
}

// spreadKids groups ks (children of height h) into the fewest parents of
// nearly equal size and appends them to dst.
func spreadKids(dst []child, ks []child, h int, owner *token) []child {
	k := (len(ks) + maxKids - 1) / maxKids
	prev := 0
	for i := 1; i <= k; i++ {
		p := i * len(ks) / k
		dst = append(dst, parentOf(ks[prev:p], h+1, owner))
		prev = p
	}
	return dst
}

// rootOf returns the rope whose top level is ks, children of height h.
func rootOf(ks []child, h int, owner *token) Rope {
	if len(ks) == 0 {
		return Rope{}
	}
	ks = fixUnderfull(ks, h, owner)
	for len(ks) > 1 {
		ks = spreadKids(make([]child, 0, (len(ks)+maxKids-1)/maxKids), ks, h, owner)
		h++
	}
	c := ks[0]
	for h > 0 && len(c.node().kids) == 1 {
		c = c.node().kids[0]
		h--
	}
	return Rope{root: c, h: h}
}
