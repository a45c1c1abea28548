package buffer

import (
	"bytes"
	"fmt"
	"unicode/utf8"
	"unsafe"
)

// check verifies every invariant of r's tree: equal leaf depth, fill
// bounds (except a lone root leaf), exact summaries in the parents, and no
// valid UTF-8 sequence split across two leaves.
func (r Rope) check() error {
	if r.root.p == nil {
		if r.root.size() != 0 || r.root.lines() != 0 || r.h != 0 {
			return fmt.Errorf("empty rope with summary %d bytes %d newlines, height %d", r.root.size(), r.root.lines(), r.h)
		}
		return nil
	}
	var leaves [][]byte
	if err := checkNode(r.root, r.h, true, &leaves); err != nil {
		return err
	}
	text := bytes.Join(leaves, nil)
	off := 0
	for _, l := range leaves[:len(leaves)-1] {
		off += len(l)
		if s, ok := splitSequence(text, off); ok {
			return fmt.Errorf("leaf boundary %d splits the UTF-8 sequence at %d (% x)", off, s, text[s:min(s+4, len(text))])
		}
	}
	return nil
}

// splitSequence reports whether a valid multi-byte UTF-8 sequence starts
// before p and ends after it, and where it starts.
func splitSequence(text []byte, p int) (int, bool) {
	for s := max(p-utf8.UTFMax+1, 0); s < p; s++ {
		r, size := utf8.DecodeRune(text[s:])
		valid := !(r == utf8.RuneError && size <= 1)
		if valid && s+size > p {
			return s, true
		}
	}
	return 0, false
}

// checkNode checks c, of height h, and appends its leaves. Equal leaf
// depth follows from every node's height being one more than its kids'.
func checkNode(c child, h int, root bool, leaves *[][]byte) error {
	if c.p == nil {
		return fmt.Errorf("nil child at height %d", h)
	}
	if h == 0 {
		t := c.text()
		if got := countNL(t); got != int(c.nl) {
			return fmt.Errorf("leaf with %d newlines summarised as %d", got, c.lines())
		}
		lo := minLeaf
		if root {
			lo = 1
		}
		if len(t) < lo || len(t) > maxLeaf {
			return fmt.Errorf("leaf of %d bytes outside [%d,%d] (root %v)", len(t), lo, maxLeaf, root)
		}
		*leaves = append(*leaves, t)
		return nil
	}
	n := c.node()
	if int(n.h) != h {
		return fmt.Errorf("node of height %d where %d belongs", n.h, h)
	}
	lo := minKids
	if root {
		lo = 2
	}
	if len(n.kids) < lo || len(n.kids) > maxKids {
		return fmt.Errorf("node of height %d with %d kids outside [%d,%d]", h, len(n.kids), lo, maxKids)
	}
	b, lines := sum(n.kids)
	if n.size != b || n.lines != lines || c.b != count32(b) || c.nl != count32(lines) {
		return fmt.Errorf("node of height %d sums to %d bytes %d newlines, summarised as %d, %d", h, b, lines, c.b, c.nl)
	}
	if err := checkIndex(n); err != nil {
		return err
	}
	if n.ownLeaves != 0 && (h != 1 || n.owner == nil || n.ownLeaves>>len(n.kids) != 0) {
		return fmt.Errorf("node of height %d, owner %p, %d kids marks leaves %b as owned", h, n.owner, len(n.kids), n.ownLeaves)
	}
	for _, k := range n.kids {
		if err := checkNode(k, h-1, false, leaves); err != nil {
			return err
		}
	}
	return nil
}

// checkIndex verifies that the line index n holds, if any, is the index
// of its kids' current text, and that only a node of height 1 holds one.
func checkIndex(n *node) error {
	p := n.ix.Load()
	if p == nil {
		return nil
	}
	if n.h != 1 {
		return fmt.Errorf("node of height %d holds a line index", n.h)
	}
	size := maxKids + 1 + n.lines
	if end := ixAt(p, len(n.kids)); end != size {
		return fmt.Errorf("line index of %d entries for %d kids with %d newlines", end, len(n.kids), n.lines)
	}
	want := unsafe.Slice(buildLineIndex(n), size)
	got := unsafe.Slice(p, size)
	for j := range want {
		if j > len(n.kids) && j <= maxKids {
			continue // unused
		}
		if got[j] != want[j] {
			return fmt.Errorf("line index entry %d is %d, the kids' text gives %d", j, got[j], want[j])
		}
	}
	return nil
}
