package buffer

import (
	"bytes"
	"unicode/utf8"
)

// node is a node of the tree. A leaf holds text and no kids; an internal
// node holds kids and no text. Nodes are immutable once reachable from a
// Rope; the only exception is a node whose owner is the token of a live
// Batch, which only that batch can reach (see batch.go).
type node struct {
	kids  []child // internal node: 1..maxKids children, all of equal height
	text  []byte  // leaf: the bytes; never modified unless owned by a batch
	owner *token  // the batch that may mutate this node in place, or nil
}

// child is a reference to a subtree together with its summary. Summaries
// live in the parent so a descent reads one cache line per level.
type child struct {
	n     *node
	bytes int // bytes in the subtree
	nl    int // '\n' bytes in the subtree
}

// token identifies a batch. Nodes created by a batch carry its token; a
// batch mutates in place only nodes carrying its current token. The type
// has a non-zero size so every new(token) is a distinct pointer.
type token [1]byte

func (n *node) leaf() bool { return n.kids == nil }

// inner is a node allocated together with room for a full set of kids, so
// that making or copying an internal node is one allocation.
type inner struct {
	node
	arr [maxKids]child
}

// newInner returns an internal node whose kids are a copy of ks.
func newInner(ks []child, owner *token) *node {
	in := &inner{}
	in.owner = owner
	in.kids = in.arr[:len(ks)]
	copy(in.kids, ks)
	return &in.node
}

// leafChild returns a child referencing a new leaf holding text (which it
// takes over).
func leafChild(text []byte, owner *token) child {
	return child{n: &node{text: text, owner: owner}, bytes: len(text), nl: bytes.Count(text, nl)}
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

// parentOf returns a child referencing a new internal node over ks.
func parentOf(ks []child, owner *token) child {
	b, lines := sum(ks)
	return child{n: newInner(ks, owner), bytes: b, nl: lines}
}

// underfull reports whether c holds less than a non-root node must.
func underfull(c child) bool {
	if c.n.leaf() {
		return c.bytes < minLeaf
	}
	return len(c.n.kids) < minKids
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

// packLeaves cuts s into leaves of loadLeaf bytes (minLeaf..maxLeaf at the end) (a single leaf
// when s is at most maxLeaf bytes), never inside a valid UTF-8 sequence,
// and appends them to dst. Leaves are capacity-limited sub-slices of s, so
// s must not be used by the caller afterwards.
func packLeaves(dst []child, s []byte, owner *token) []child {
	dst, s = cutFullLeaves(dst, s, owner)
	return spreadLeaves(dst, s, owner)
}

// cutFullLeaves cuts leaves of loadLeaf bytes off the front of s while
// more than maxLeaf+loadLeaf bytes are left, appends them to dst and
// returns the rest.
func cutFullLeaves(dst []child, s []byte, owner *token) ([]child, []byte) {
	for len(s) > maxLeaf+loadLeaf {
		p := runeStart(s, loadLeaf)
		dst = append(dst, leafChild(s[:p:p], owner))
		s = s[p:]
	}
	return dst, s
}

// spreadLeaves cuts s into the fewest leaves of nearly equal size that fit
// (see packLeaves).
func spreadLeaves(dst []child, s []byte, owner *token) []child {
	if len(s) == 0 {
		return dst
	}
	if len(s) <= maxLeaf {
		return append(dst, leafChild(s[:len(s):len(s)], owner))
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
		dst = append(dst, leafChild(s[prev:p:p], owner))
		prev = p
	}
	return dst
}

// spreadKids groups ks (children of one height) into the fewest parents of
// nearly equal size and appends them to dst.
func spreadKids(dst []child, ks []child, owner *token) []child {
	k := (len(ks) + maxKids - 1) / maxKids
	prev := 0
	for i := 1; i <= k; i++ {
		p := i * len(ks) / k
		dst = append(dst, parentOf(ks[prev:p], owner))
		prev = p
	}
	return dst
}

// buildUp stacks levels of parents over ks until one node remains and
// returns it as a root. ks must be non-empty, of one height, and free of
// underfull nodes except possibly when it has a single element.
func buildUp(ks []child, owner *token) child {
	for len(ks) > 1 {
		ks = spreadKids(make([]child, 0, (len(ks)+maxKids-1)/maxKids), ks, owner)
	}
	return ks[0]
}
