package buffer

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// ErrMismatch is wrapped by the errors of Apply, ApplyAll and Batch.Apply
// when a change does not fit the text: its range is outside the rope or the
// text there is not the change's Old.
var ErrMismatch = errors.New("text does not match the change")

// Apply returns the rope with c applied, or r itself and an error wrapping
// ErrMismatch when the text at c.Off is not c.Old. r is never changed.
// O(log n + len(c.Old) + len(c.New)).
func (r Rope) Apply(c Change) (Rope, error) {
	if err := r.match(c); err != nil {
		return r, err
	}
	return r.replace(nil, c.Off, c.Off+len(c.Old), c.New), nil
}

// Insert returns the rope with s inserted at off; it panics unless
// 0 <= off <= Len().
func (r Rope) Insert(off int, s string) Rope {
	r.checkRange("Insert", off, off)
	return r.replace(nil, off, off, s)
}

// Delete returns the rope without the bytes [a, b); it panics unless
// 0 <= a <= b <= Len().
func (r Rope) Delete(a, b int) Rope {
	r.checkRange("Delete", a, b)
	return r.replace(nil, a, b, "")
}

// Replace returns the rope with the bytes [a, b) replaced by s; it panics
// unless 0 <= a <= b <= Len().
func (r Rope) Replace(a, b int, s string) Rope {
	r.checkRange("Replace", a, b)
	return r.replace(nil, a, b, s)
}

// match returns an error unless c.Old is the text at c.Off.
func (r Rope) match(c Change) error {
	if c.Off < 0 || c.Off > r.root.bytes || len(c.Old) > r.root.bytes-c.Off {
		return fmt.Errorf("buffer: change [%d,%d) outside the text [0,%d): %w",
			c.Off, c.Off+len(c.Old), r.root.bytes, ErrMismatch)
	}
	if !r.hasAt(c.Off, c.Old) {
		return fmt.Errorf("buffer: change at %d: text differs from its %d old bytes: %w",
			c.Off, len(c.Old), ErrMismatch)
	}
	return nil
}

// hasAt reports whether s is the text at off (off+len(s) <= Len()),
// without allocating.
func (r Rope) hasAt(off int, s string) bool {
	for s != "" {
		leaf, start := r.leafAt(off)
		part := leaf[off-start:]
		m := min(len(part), len(s))
		if string(part[:m]) != s[:m] {
			return false
		}
		s, off = s[m:], off+m
	}
	return true
}

// replace returns r with [a, b) replaced by s; the range is valid. Nodes it
// creates belong to owner (nil outside a batch); nodes already owned by a
// non-nil owner are updated in place.
func (r Rope) replace(owner *token, a, b int, s string) Rope {
	if a == b && s == "" {
		return r
	}
	if r.root.n == nil {
		return rootOf(packLeaves(nil, []byte(s), owner), owner)
	}
	lo, hi := max(a-(utf8.UTFMax-1), 0), min(b+(utf8.UTFMax-1), r.root.bytes)
	if c, ok := fastEdit(r.root, owner, true, a, b, s, lo, hi); ok {
		return Rope{root: c}
	}
	return r.slowReplace(owner, a, b, s, lo, hi)
}

// fastEdit handles the common edit that rewrites a single leaf without
// changing the tree's shape: the bytes [lo, hi) (the edit widened by the
// span of a UTF-8 sequence, so leaf boundaries next to it need no repair)
// lie in one leaf whose new size stays within the fill bounds. It copies
// the path to that leaf, or updates nodes owned by owner in place. All
// offsets are relative to c.
func fastEdit(c child, owner *token, root bool, a, b int, s string, lo, hi int) (child, bool) {
	n := c.n
	if n.leaf() {
		size := len(n.text) - (b - a) + len(s)
		if size > maxLeaf || size < minLeaf && (!root || size == 0) {
			return c, false
		}
		dnl := strings.Count(s, "\n") - bytes.Count(n.text[a:b], nl)
		return child{n: editLeaf(n, owner, a, b, s), bytes: size, nl: c.nl + dnl}, true
	}
	i, start := 0, 0
	for lo-start >= n.kids[i].bytes {
		start += n.kids[i].bytes
		i++
	}
	k := n.kids[i]
	if hi-start > k.bytes {
		return c, false
	}
	nk, ok := fastEdit(k, owner, false, a-start, b-start, s, lo-start, hi-start)
	if !ok {
		return c, false
	}
	if owner == nil || n.owner != owner {
		n = newInner(n.kids, owner)
	}
	n.kids[i] = nk
	return child{n: n, bytes: c.bytes + nk.bytes - k.bytes, nl: c.nl + nk.nl - k.nl}, true
}

// editLeaf returns leaf n with [a, b) replaced by s: n itself, edited in
// place, when owner owns it and it has room, else a new leaf.
func editLeaf(n *node, owner *token, a, b int, s string) *node {
	t := n.text
	size := len(t) - (b - a) + len(s)
	if owner != nil && n.owner == owner && cap(t) >= size {
		if size > len(t) {
			t = t[:size]
			copy(t[a+len(s):], t[b:])
		} else {
			copy(t[a+len(s):], t[b:])
			t = t[:size]
		}
		copy(t[a:], s)
		n.text = t
		return n
	}
	c := size
	if owner != nil {
		c = maxLeaf // room to edit in place later in the batch
	}
	buf := make([]byte, size, c)
	copy(buf, t[:a])
	copy(buf[a:], s)
	copy(buf[a+len(s):], t[b:])
	return &node{text: buf, owner: owner}
}

// slowReplace handles every edit fastEdit does not: it rebuilds the run of
// leaves that intersect [lo, hi) with the edit applied, then splices the
// new leaves into the tree, merging and splitting nodes as needed.
func (r Rope) slowReplace(owner *token, a, b int, s string, lo, hi int) Rope {
	_, p := r.leafAt(lo)
	last, lastStart := r.leafAt(hi - 1)
	q := lastStart + len(last)
	text := make([]byte, 0, q-p-(b-a)+len(s))
	text = r.appendRange(text, p, a)
	text = append(text, s...)
	text = r.appendRange(text, b, q)
	leaves := packLeaves(nil, text, owner)
	return rootOf(splice(r.root, owner, p, q, leaves), owner)
}

// rootOf returns the rope whose top level is ks (children of one height).
func rootOf(ks []child, owner *token) Rope {
	if len(ks) == 0 {
		return Rope{}
	}
	c := buildUp(fixUnderfull(ks, owner), owner)
	for !c.n.leaf() && len(c.n.kids) == 1 {
		c = c.n.kids[0]
	}
	return Rope{root: c}
}

// splice replaces the leaves of c covering [p, q) (p and q are leaf
// boundaries relative to c, p < q) by ls and returns what c becomes: zero or
// more nodes of c's height. Every returned node is valid except that it
// may be underfull, and a node with a single kid may have that kid
// underfull in the same way (its parent's join repairs it).
func splice(c child, owner *token, p, q int, ls []child) []child {
	if c.n.leaf() {
		return ls
	}
	kids := c.n.kids
	i, si := 0, 0
	for p-si >= kids[i].bytes {
		si += kids[i].bytes
		i++
	}
	j, sj := i, si
	for q-sj > kids[j].bytes {
		sj += kids[j].bytes
		j++
	}
	var mid []child
	if i == j {
		mid = splice(kids[i], owner, p-si, q-si, ls)
	} else {
		mid = splice(kids[i], owner, p-si, kids[i].bytes, ls)
		mid = append(mid, splice(kids[j], owner, 0, q-sj, nil)...)
	}
	out := make([]child, 0, len(kids)-(j-i+1)+len(mid))
	out = append(out, kids[:i]...)
	out = append(out, mid...)
	out = append(out, kids[j+1:]...)
	out = fixUnderfull(out, owner)
	switch {
	case len(out) == 0:
		return nil
	case len(out) <= maxKids:
		return []child{parentOf(out, owner)}
	default:
		return spreadKids(nil, out, owner)
	}
}

// fixUnderfull merges every underfull node of ks (one height) with a
// neighbour until none is left or ks has a single node.
func fixUnderfull(ks []child, owner *token) []child {
	for i := 0; i < len(ks); {
		if len(ks) == 1 || !underfull(ks[i]) {
			i++
			continue
		}
		l := i
		if l+1 == len(ks) {
			l--
		}
		ks = slices.Replace(ks, l, l+2, join(ks[l], ks[l+1], owner)...)
		i = l
	}
	return ks
}

// join merges two adjacent nodes of one height into one node, or two when
// they do not fit in one. Underfull nodes on the seam between them (see
// splice) are merged too.
func join(x, y child, owner *token) []child {
	if x.n.leaf() {
		text := make([]byte, 0, x.bytes+y.bytes)
		text = append(append(text, x.n.text...), y.n.text...)
		return spreadLeaves(nil, text, owner)
	}
	m := len(x.n.kids)
	kids := make([]child, 0, m+len(y.n.kids))
	kids = append(append(kids, x.n.kids...), y.n.kids...)
	if underfull(kids[m-1]) || underfull(kids[m]) {
		kids = slices.Replace(kids, m-1, m+1, join(kids[m-1], kids[m], owner)...)
	}
	if len(kids) <= maxKids {
		return []child{parentOf(kids, owner)}
	}
	return spreadKids(nil, kids, owner)
}
