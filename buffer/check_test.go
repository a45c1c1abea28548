package buffer

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// check verifies every invariant of r's tree: equal leaf depth, fill
// bounds (except a lone root leaf), exact summaries in the parents, and no
// valid UTF-8 sequence split across two leaves.
func (r Rope) check() error {
	if r.root.n == nil {
		if r.root.bytes != 0 || r.root.nl != 0 {
			return fmt.Errorf("empty rope with summary %d bytes %d newlines", r.root.bytes, r.root.nl)
		}
		return nil
	}
	var leaves [][]byte
	depth := -1
	if err := checkNode(r.root, true, 0, &depth, &leaves); err != nil {
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

func checkNode(c child, root bool, d int, depth *int, leaves *[][]byte) error {
	n := c.n
	if n == nil {
		return fmt.Errorf("nil node at depth %d", d)
	}
	if n.leaf() {
		if *depth >= 0 && *depth != d {
			return fmt.Errorf("leaf at depth %d, another at %d", d, *depth)
		}
		*depth = d
		if len(n.text) != c.bytes {
			return fmt.Errorf("leaf of %d bytes summarised as %d", len(n.text), c.bytes)
		}
		if got := bytes.Count(n.text, nl); got != c.nl {
			return fmt.Errorf("leaf with %d newlines summarised as %d", got, c.nl)
		}
		lo := minLeaf
		if root {
			lo = 1
		}
		if len(n.text) < lo || len(n.text) > maxLeaf {
			return fmt.Errorf("leaf of %d bytes outside [%d,%d] (root %v)", len(n.text), lo, maxLeaf, root)
		}
		*leaves = append(*leaves, n.text)
		return nil
	}
	if n.text != nil {
		return fmt.Errorf("internal node with text")
	}
	lo := minKids
	if root {
		lo = 2
	}
	if len(n.kids) < lo || len(n.kids) > maxKids {
		return fmt.Errorf("node at depth %d with %d kids outside [%d,%d]", d, len(n.kids), lo, maxKids)
	}
	b, lines := sum(n.kids)
	if b != c.bytes || lines != c.nl {
		return fmt.Errorf("node at depth %d sums to %d bytes %d newlines, summarised as %d, %d", d, b, lines, c.bytes, c.nl)
	}
	for _, k := range n.kids {
		if err := checkNode(k, false, d+1, depth, leaves); err != nil {
			return err
		}
	}
	return nil
}

// height returns the number of levels above the leaves.
func (r Rope) height() int {
	h := 0
	for n := r.root.n; n != nil && !n.leaf(); n = n.kids[0].n {
		h++
	}
	return h
}
