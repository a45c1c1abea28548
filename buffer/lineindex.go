package buffer

import (
	"encoding/binary"
	"math/bits"
	"sync/atomic"
)

// A line index splits a leaf into ixN blocks of ixBlock bytes (the last
// one shorter or absent) and records the number of '\n' bytes in each,
// one byte per block. With it, LineStart reads a single block of the leaf
// instead of scanning up to half of it: on a large text the leaf is a
// cache miss, and every further line of it scanned cost about as much
// again.
//
// The indexes of the leaves of a node of height 1 live in a lineIndexes
// that the node points to. It is a cache, built once LineStart has asked
// the node for lines ixAfter times, entry by entry, and dropped when an
// edit copies or changes the node, so edits pay nothing for it and a node
// that is seldom asked for lines never gets one. Filling writes to a node that other
// goroutines may be reading, so the pointer, the valid bits and the index
// words are accessed atomically; two readers that fill the same entry
// store the same value.
const (
	ixN     = 12
	ixWords = ixN / 4
	ixBlock = (maxLeaf + ixN - 1) / ixN
)

// The counts must fit a byte and the blocks must cover a full leaf.
var (
	_ [255 - ixBlock]struct{}
	_ [ixN*ixBlock - maxLeaf]struct{}
	_ [ixN % 4]struct{}      // whole words
	_ [32 - maxKids]struct{} // valid has a bit per kid
)

// lineIndexes holds the line indexes of the kids of one node.
type lineIndexes struct {
	valid atomic.Uint32 // bit i set when ix[i] is filled in
	ix    [maxKids]leafIndex
}

// leafIndex is the stored form of a lineIx inside a node.
type leafIndex [ixWords]uint32

// lineIx holds the newline count of block j in byte j%4 of word j/4.
type lineIx [ixWords]uint32

// count returns the number of '\n' bytes in block j.
func (w *lineIx) count(j int) int { return int(w[j>>2] >> (8 * (j & 3)) & 0xff) }

// buildIndex returns the line index of leaf t.
func buildIndex(t []byte) lineIx {
	var w lineIx
	for j, base := 0, 0; base < len(t); j, base = j+1, base+ixBlock {
		c := countNL(t[base:min(base+ixBlock, len(t))])
		w[j>>2] |= uint32(c) << (8 * (j & 3))
	}
	return w
}

// nthNewlineIn returns the offset in kid i (a leaf) of n (height 1) of
// the kid's k-th '\n' (1-based; the kid has at least k).
func (n *node) nthNewlineIn(i, k int) int {
	leaf := n.kids[i]
	if n.ix.Load() == nil && n.scans.Load() < ixAfter {
		n.scans.Add(1)
		return nthNewline(leaf.text(), leaf.lines(), k)
	}
	w := n.leafIx(i)
	return nthNewlineIx(leaf.text(), &w, k)
}

// leafIx returns the line index of kid i of n (height 1), building and
// caching it when it is not known yet.
func (n *node) leafIx(i int) lineIx {
	var w lineIx
	bit := uint32(1) << i
	ixs := n.ix.Load()
	if ixs != nil && ixs.valid.Load()&bit != 0 {
		for k := range w {
			w[k] = atomic.LoadUint32(&ixs.ix[i][k])
		}
		return w
	}
	w = buildIndex(n.kids[i].text())
	if ixs == nil {
		ixs = new(lineIndexes)
		if !n.ix.CompareAndSwap(nil, ixs) {
			ixs = n.ix.Load()
		}
	}
	for k := range w {
		atomic.StoreUint32(&ixs.ix[i][k], w[k])
	}
	ixs.valid.Or(bit)
	return w
}

// dropIndexes forgets the line indexes of n, which the caller owns (a
// batch changing it in place), before one of its kids changes.
func (n *node) dropIndexes() {
	if n.ix.Load() != nil {
		n.ix.Store(nil)
	}
}

// nthNewlineIx returns the offset in leaf t of its k-th '\n' (1-based; t
// has at least k), reading only the block that holds it.
func nthNewlineIx(t []byte, w *lineIx, k int) int {
	for j := 0; ; j++ {
		if c := w.count(j); k > c {
			k -= c
			continue
		}
		base := j * ixBlock
		return base + nthInBlock(t[base:min(base+ixBlock, len(t))], k)
	}
}

// SWAR constants: nlWord has '\n' in every byte, lo7 the low 7 bits.
const (
	nlWord = 0x0a0a0a0a0a0a0a0a
	lo7    = 0x7f7f7f7f7f7f7f7f
)

// nlBits returns a word with the top bit of each byte of x that is '\n'
// set, and no other bit. It is exact: no carry crosses a byte.
func nlBits(x uint64) uint64 {
	x ^= nlWord
	return ^((x&lo7 + lo7) | x | lo7)
}

// nthInBlock returns the index of the k-th '\n' in s, which has at least
// k. It reads s a word at a time with independent loads, so the cache
// lines of a block that is not in cache arrive together rather than one
// after another as a loop of bytes.IndexByte calls would fetch them.
func nthInBlock(s []byte, k int) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		m := nlBits(binary.LittleEndian.Uint64(s[i:]))
		c := bits.OnesCount64(m)
		if k > c {
			k -= c
			continue
		}
		for ; k > 1; k-- {
			m &= m - 1
		}
		return i + bits.TrailingZeros64(m)/8
	}
	for ; ; i++ {
		if s[i] == '\n' {
			if k--; k == 0 {
				return i
			}
		}
	}
}
