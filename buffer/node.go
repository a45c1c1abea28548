package buffer

import (
	"bytes"
	"unicode/utf8"
	"unsafe"
)

// child is a reference to a subtree together with its summary. Summaries
// live in the parent, so a descent reads one node per level and leaves
// need no node of their own: a leaf is just its bytes.
//
// Whether p points to a node or to text follows from the height, which
// the walker always knows (Rope.h, node.h).
type child struct {
	p     unsafe.Pointer // height > 0: *node; leaf: the first of its bytes
	bytes int            // bytes in the subtree
	nl    int            // '\n' bytes in the subtree
}

// node is an internal node: 1..maxKids children of height h-1. Nodes are
// immutable once reachable from a Rope; the only exception is a node whose
// owner is the token of a live Batch, which only that batch can reach
// (see batch.go).
type node struct {
	kids  []child
	h     int    // height: 1 when the kids are leaves
	owner *token // the batch that may mutate this node in place, or nil
}

// token identifies a batch. The type has a non-zero size so every
// new(token) is a distinct pointer.
type token [1]byte

// node returns the internal node c refers to (c's height must be > 0).
func (c child) node() *node { return (*node)(c.p) }

// text returns the bytes of the leaf c refers to (c's height must be 0).
// They must not be modified unless a batch owns the leaf.
func (c child) text() []byte { return unsafe.Slice((*byte)(c.p), c.bytes) }

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
// ks (1..maxKids of them).
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
	n.h = h
	n.owner = owner
	copy(n.kids, ks)
	return n
}

// leafChild returns a child referencing text as a leaf. text must not be
// empty and must never be modified afterwards (except by an owning batch).
func leafChild(text []byte) child {
	return child{p: unsafe.Pointer(unsafe.SliceData(text)), bytes: len(text), nl: bytes.Count(text, nl)}
}

var nl = []byte{'\n'}

// sum returns the summary of a list of children.
func sum(ks []child) (b, lines int) {
	for i := range ks {
		b += ks[i].bytes
		lines += ks[i].nl
	}
	return b, lines
}

// parentOf returns a child referencing a new node of height h over ks.
func parentOf(ks []child, h int, owner *token) child {
	b, lines := sum(ks)
	return child{p: unsafe.Pointer(newInner(ks, h, owner)), bytes: b, nl: lines}
}

// underfull reports whether c, of height h, holds less than a non-root
// node must.
func underfull(c child, h int) bool {
	if h == 0 {
		return c.bytes < minLeaf
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
