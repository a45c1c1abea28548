package buffer

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// ErrMismatch is wrapped by the errors of Apply, ApplyAll and Transient.Apply
// when a change does not fit the text: its range is outside the rope or the
// text there is not the change's Old.
var ErrMismatch = errors.New("text does not match the change")

// Apply returns the rope with c applied, or r itself and an error wrapping
// ErrMismatch when the text at c.Off is not c.Old. r is never changed.
// O(log n + len(c.Old) + len(c.New)).
func (r Rope) Apply(c Change) (Rope, error) {
	r.live()
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
	if c.Off < 0 || c.Off > r.root.size() || len(c.Old) > r.root.size()-c.Off {
		return fmt.Errorf("buffer: change [%d,%d) outside the text [0,%d): %w",
			c.Off, c.Off+len(c.Old), r.root.size(), ErrMismatch)
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

// replace returns r with [a, b) replaced by s; the range is valid. Outside
// a transient tx is nil; inside, nodes and leaves tx owns are updated in
// place and new ones become tx's. The result keeps r's borrow stamp: it
// shares whatever r shares with a transient.
func (r Rope) replace(tx *Transient, a, b int, s string) Rope {
	if a == b && s == "" {
		return r
	}
	out := r.replaced(tx, a, b, s)
	out.stamp = r.stamp
	return out
}

func (r Rope) replaced(tx *Transient, a, b int, s string) Rope {
	if r.root.p == nil {
		return rootOf(packLeaves(nil, []byte(s)), 0, tx.token())
	}
	lo, hi := max(a-(utf8.UTFMax-1), 0), min(b+(utf8.UTFMax-1), r.root.size())
	if r.h == 0 {
		if c, ok := rootLeafEdit(tx, r.root, a, b, s); ok {
			return Rope{root: c}
		}
	} else if c, ok := fastEdit(tx, r.root, r.h, a, b, s, lo, hi); ok {
		return Rope{root: c, h: r.h}
	}
	return r.slowReplace(tx, a, b, s, lo, hi)
}

// rootLeafEdit edits a text that is a single leaf, when its new size stays
// within 1..maxLeaf: in place when tx owns the leaf.
func rootLeafEdit(tx *Transient, c child, a, b int, s string) (child, bool) {
	size := c.size() - (b - a) + len(s)
	if size > maxLeaf || size == 0 {
		return c, false
	}
	owned := tx != nil && tx.rootLeaf == c.p
	dnl := strings.Count(s, "\n") - countNL(c.text()[a:b])
	p, own := tx.editLeaf(c, a, b, s, owned)
	if own {
		tx.rootLeaf = p
	}
	return child{p: p, b: uint32(size), nl: uint32(c.lines() + dnl)}, true
}

// fastEdit handles the common edit that rewrites a single leaf without
// changing the tree's shape: the bytes [lo, hi) (the edit widened by the
// span of a UTF-8 sequence, so leaf boundaries next to it need no repair)
// lie in one leaf whose new size stays within the fill bounds. It copies
// the path to that leaf, or updates what tx owns in place: the nodes, and
// the leaf when its parent marks it as tx's (a memmove in the leaf). c has
// height h >= 1; all offsets are relative to c.
func fastEdit(tx *Transient, c child, h int, a, b int, s string, lo, hi int) (child, bool) {
	n := c.node()
	i, start := 0, 0
	for lo-start >= n.kids[i].size() {
		start += n.kids[i].size()
		i++
	}
	k := n.kids[i]
	kb, kl := k.size(), k.lines() // before the kid may change in place
	if hi-start > kb {
		return c, false
	}
	var nk child
	ownLeaf := false
	ka, kz := a-start, b-start
	if h == 1 {
		size := kb - (b - a) + len(s)
		if size > maxLeaf || size < minLeaf {
			return c, false
		}
		dnl := strings.Count(s, "\n") - countNL(k.text()[ka:kz])
		p, own := tx.editLeaf(k, ka, kz, s, tx.ownsKid(n, i))
		nk = child{p: p, b: uint32(size), nl: uint32(kl + dnl)}
		ownLeaf = own
	} else {
		var ok bool
		if nk, ok = fastEdit(tx, k, h-1, ka, kz, s, lo-start, hi-start); !ok {
			return c, false
		}
	}
	if !tx.owns(n) {
		old := n
		n = newInner(old.kids, h, tx.token())
		n.size, n.lines = old.size, old.lines
	} else if h == 1 {
		n.editIndex(i, ka, kz, s)
	}
	n.kids[i] = nk
	if ownLeaf {
		n.ownLeaves |= 1 << i
	} else if h == 1 {
		n.ownLeaves &^= 1 << i
	}
	n.size += nk.size() - kb
	n.lines += nk.lines() - kl
	return nodeChild(n), true
}

// slowReplace handles every edit fastEdit does not: it rebuilds the run of
// leaves that intersect [lo, hi) with the edit applied, then splices the
// new leaves into the tree, merging and splitting nodes as needed.
func (r Rope) slowReplace(tx *Transient, a, b int, s string, lo, hi int) Rope {
	_, p := r.leafAt(lo)
	last, lastStart := r.leafAt(hi - 1)
	q := lastStart + len(last)
	var t textBuilder
	t.grow(q - p - (b - a) + len(s))
	r.writeRange(&t, p, a)
	t.writeString(s)
	r.writeRange(&t, b, q)
	leaves := packLeaves(nil, t.bytes(0))
	return rootOf(splice(r.root, r.h, tx.token(), p, q, leaves), r.h, tx.token())
}

// splice replaces the leaves of c (height h) covering [p, q) (p and q are
// leaf boundaries relative to c, p < q) by ls and returns what c becomes:
// zero or more nodes of height h. Every returned node is valid except that
// it may be underfull, and a node with a single kid may have that kid
// underfull in the same way (the join that merges it repairs that).
func splice(c child, h int, owner *token, p, q int, ls []child) []child {
	if h == 0 {
		return ls
	}
	kids := c.node().kids
	i, si := 0, 0
	for p-si >= kids[i].size() {
		si += kids[i].size()
		i++
	}
	j, sj := i, si
	for q-sj > kids[j].size() {
		sj += kids[j].size()
		j++
	}
	var mid []child
	if i == j {
		mid = splice(kids[i], h-1, owner, p-si, q-si, ls)
	} else {
		mid = splice(kids[i], h-1, owner, p-si, kids[i].size(), ls)
		mid = append(mid, splice(kids[j], h-1, owner, 0, q-sj, nil)...)
	}
	out := make([]child, 0, len(kids)-(j-i+1)+len(mid))
	out = append(out, kids[:i]...)
	out = append(out, mid...)
	out = append(out, kids[j+1:]...)
	out = fixUnderfull(out, h-1, owner)
	switch {
	case len(out) == 0:
		return nil
	case len(out) <= maxKids:
		return []child{parentOf(out, h, owner)}
	default:
		return spreadKids(nil, out, h-1, owner)
	}
}

// fixUnderfull merges every underfull node of ks (of height h) with a
// neighbour until none is left or ks has a single node.
func fixUnderfull(ks []child, h int, owner *token) []child {
	for i := 0; i < len(ks); {
		if len(ks) == 1 || !underfull(ks[i], h) {
			i++
			continue
		}
		l := i
		if l+1 == len(ks) {
			l--
		}
		ks = slices.Replace(ks, l, l+2, join(ks[l], ks[l+1], h, owner)...)
		i = l
	}
	return ks
}

// join merges two adjacent nodes of height h into one node, or two when
// they do not fit in one. Underfull nodes on the seam between them (see
// splice) are merged too.
func join(x, y child, h int, owner *token) []child {
	if h == 0 {
		var t textBuilder
		t.grow(x.size() + y.size())
		t.write(x.text())
		t.write(y.text())
		return spreadLeaves(nil, t.bytes(0))
	}
	xk, yk := x.node().kids, y.node().kids
	m := len(xk)
	kids := make([]child, 0, m+len(yk))
	kids = append(append(kids, xk...), yk...)
	if underfull(kids[m-1], h-1) || underfull(kids[m], h-1) {
		kids = slices.Replace(kids, m-1, m+1, join(kids[m-1], kids[m], h-1, owner)...)
	}
	if len(kids) <= maxKids {
		return []child{parentOf(kids, h, owner)}
	}
	return spreadKids(nil, kids, h-1, owner)
}
