package buffer

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBlockScan checks the word-at-a-time scan against a byte loop on
// blocks of every length up to ixBlock+8 over all byte values, with
// bytes next to '\n' (0x09, 0x0b, 0x8a) that a carry would confuse.
func TestBlockScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	alphabets := [][]byte{{'\n', 0x0b, 0x09, 0x8a, 0x8b, 0xff, 0x00}, {'\n', 'a'}, {'\n'}}
	for n := 0; n <= 136; n++ {
		for trial := 0; trial < 20; trial++ {
			s := make([]byte, n)
			switch alpha := trial % 4; alpha {
			case 3:
				for i := range s {
					s[i] = byte(rng.IntN(256))
				}
			default:
				for i := range s {
					s[i] = alphabets[alpha][rng.IntN(len(alphabets[alpha]))]
				}
			}
			want := bytes.Count(s, []byte{'\n'})
			pos := -1
			for k := 1; k <= want; k++ {
				pos += 1 + bytes.IndexByte(s[pos+1:], '\n')
				if got := nthInBlock(s, k); got != pos {
					t.Fatalf("nthInBlock(% x, %d) = %d, want %d", s, k, got, pos)
				}
			}
		}
	}
}

// heightOne appends the nodes of height 1 under c (of height h).
func heightOne(dst []*node, c child, h int) []*node {
	if h == 0 {
		return dst
	}
	if h == 1 {
		return append(dst, c.node())
	}
	for _, k := range c.node().kids {
		dst = heightOne(dst, k, h-1)
	}
	return dst
}

// TestLineIndex checks the indexed queries of every node of height 1
// against scans of its leaves, at every offset and newline.
func TestLineIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	r := FromString(randText(rng, 30*maxLeaf))
	nodes := heightOne(nil, r.root, r.h)
	if len(nodes) < 2 {
		t.Fatalf("%d nodes of height 1", len(nodes))
	}
	for _, n := range nodes {
		if n.lines*minIxLine > n.size {
			continue
		}
		n.ix.Store(buildLineIndex(n))
		for i, k := range n.kids {
			leaf := k.text()
			for off := 0; off < len(leaf); off++ {
				if got, want := n.newlinesIn(i, off), countNL(leaf[:off]); got != want {
					t.Fatalf("kid %d: newlinesIn(%d) = %d, want %d", i, off, got, want)
				}
			}
			for j := 1; j <= k.lines(); j++ {
				if got, want := n.nthNewlineIn(i, j), nthNewline(leaf, k.lines(), j); got != want {
					t.Fatalf("kid %d: nthNewlineIn(%d) = %d, want %d", i, j, got, want)
				}
			}
		}
	}
	if err := r.check(); err != nil {
		t.Fatal(err)
	}
}

// TestDenseLinesNoIndex checks that a node whose lines are shorter than
// minIxLine on average gets no index, however often it is asked.
func TestDenseLinesNoIndex(t *testing.T) {
	r := FromString(strings.Repeat("a\n", 10*maxLeaf))
	for q := 0; q <= 2*ixAfter; q++ {
		for line := 0; line <= r.Newlines(); line += 7 {
			if got := r.LineStart(line); got != 2*line {
				t.Fatalf("LineStart(%d) = %d, want %d", line, got, 2*line)
			}
		}
	}
	for _, n := range heightOne(nil, r.root, r.h) {
		if n.ix.Load() != nil {
			t.Fatalf("node of %d bytes and %d newlines has a line index", n.size, n.lines)
		}
	}
}

// TestLineIndexAfterEdits indexes every node of a rope, then edits it
// (single-leaf edits, splits and merges) and checks that no node keeps an
// index of a leaf that changed and that LineStart agrees with the model.
func TestLineIndexAfterEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	h := newModel(t, randText(rng, 40*maxLeaf))
	indexAll := func() {
		for q := 0; q <= ixAfter; q++ {
			for line := 0; line <= h.r.Newlines(); line += 1 + line/50 {
				h.r.LineStart(line)
			}
		}
	}
	for step := 0; step < 300; step++ {
		indexAll()
		n := len(h.m)
		a := rng.IntN(n + 1)
		b := min(a+rng.IntN(1+[]int{3, 300, 3 * maxLeaf}[step%3]), n)
		h.replace(a, b, randText(rng, rng.IntN(1+[]int{4, 200, 2 * maxLeaf}[step%3])))
		lines := bytes.Count(h.m, []byte("\n"))
		for q := 0; q < 20; q++ {
			line := rng.IntN(lines + 1)
			if start, _ := modelLine(h.m, line); h.r.LineStart(line) != start {
				t.Fatalf("step %d: LineStart(%d) = %d, want %d", step, line, h.r.LineStart(line), start)
			}
		}
	}
}

// TestLineIndexTransient indexes every node of a transient's text, then
// types and backspaces in place (with and without newlines, across
// lines) and checks after every change that each index is that of its
// node's current text (check), that the edited node kept its index, and
// that LineStart and LineOf agree with the model.
func TestLineIndexTransient(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	m := []byte(randText(rng, 20*maxLeaf))
	tx := FromBytes(m).Transient()
	indexAll := func() {
		r := tx.Borrow()
		for q := 0; q <= ixAfter; q++ {
			for line := 0; line <= r.Newlines(); line += 1 + line/50 {
				r.LineStart(line)
			}
		}
	}
	indexAll()
	kept := 0
	pos := len(m) / 2
	for step := 0; step < 1200; step++ {
		if step%400 == 0 {
			pos = rng.IntN(len(m) + 1)
			indexAll()
		}
		var c Change
		switch k := rng.IntN(10); {
		case k < 5:
			c = Change{Off: pos, New: []string{"x", "yz", "\n", "a\nb", "\n\n"}[rng.IntN(5)]}
			pos += len(c.New)
		case k < 8:
			a := max(pos-1-rng.IntN(3), 0)
			c = Change{Off: a, Old: string(m[a:pos])}
			pos = a
		default:
			e := min(pos+rng.IntN(4), len(m))
			c = Change{Off: pos, Old: string(m[pos:e]), New: []string{"", "q", "\n"}[rng.IntN(3)]}
		}
		if err := tx.Apply(c); err != nil {
			t.Fatalf("step %d: Apply(%+v): %v", step, c, err)
		}
		m = append(m[:c.Off:c.Off], append([]byte(c.New), m[c.Off+len(c.Old):]...)...)
		r := tx.Borrow()
		if err := r.check(); err != nil {
			t.Fatalf("step %d after %+v: %v", step, c, err)
		}
		if n := nodeAt(r, c.Off); n != nil && n.ix.Load() != nil {
			kept++
		}
		line := bytes.Count(m[:pos], []byte("\n"))
		if got := r.LineOf(pos); got != line {
			t.Fatalf("step %d: LineOf(%d) = %d, want %d", step, pos, got, line)
		}
		if start, _ := modelLine(m, line); r.LineStart(line) != start {
			t.Fatalf("step %d: LineStart(%d) = %d, want %d", step, line, r.LineStart(line), start)
		}
	}
	// With the tiny test parameters (kjxtiny) most edits split or merge
	// leaves, which builds new nodes; the count means something only at
	// real leaf sizes.
	if maxLeaf >= 256 && kept < 800 {
		t.Fatalf("the edited node kept its index after %d of 1200 changes", kept)
	}
}

// nodeAt returns the node of height 1 holding offset off of r, or nil.
func nodeAt(r Rope, off int) *node {
	if r.h == 0 {
		return nil
	}
	c := r.root
	for h := r.h; ; h-- {
		n := c.node()
		i := 0
		for ; i < len(n.kids)-1 && off >= n.kids[i].size(); i++ {
			off -= n.kids[i].size()
		}
		if h == 1 {
			return n
		}
		c = n.kids[i]
	}
}
