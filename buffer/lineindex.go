package buffer

import (
	"encoding/binary"
	"math/bits"
	"sync/atomic"
)

// A line index splits a leaf into ixN blocks of ixBlock bytes (the last
// one shorter or absent) and records the number of '\n' bytes in each,
// one byte per block. With it, LineStart and LineOf read a single block
// of the leaf instead of scanning up to half of it: on a large text the
// leaf is a cache miss, and every further line of it scanned cost about
// as much again.
//
// The indexes of a height-1 node's leaves live in the node (inner1), so
// the descent reaches them without another pointer hop. They are a cache:
// filled on the first query that needs one, copied along when fastEdit
// copies the node, and dropped for a kid whose leaf changes. Filling
// writes into a node that other goroutines may be reading, so index words
// and the valid bits are read and written atomically; two readers that
// fill the same entry store the same value. A node that is not yet
// reachable from any Rope (fresh, or owned by a batch) is written plainly.
//
// Twelve blocks keep a full height-1 node within 512 bytes, the largest
// size the Go allocator serves without a per-object header.
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
	_ [32 - maxKids]struct{} // ixValid has a bit per kid
)

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

// leafIx returns the line index of kid i of n (height 1), building and
// caching it when it is not known yet.
func (n *node) leafIx(i int) lineIx {
	slot := &n.index()[i]
	bit := uint32(1) << i
	var w lineIx
	if atomic.LoadUint32(&n.ixValid)&bit != 0 {
		for k := range w {
			w[k] = atomic.LoadUint32(&slot[k])
		}
		return w
	}
	w = buildIndex(n.kids[i].text())
	for k := range w {
		atomic.StoreUint32(&slot[k], w[k])
	}
	atomic.OrUint32(&n.ixValid, bit)
	return w
}

// copyIndex copies the known line indexes of old into n, a fresh copy of
// old (same kids, height 1) that no other goroutine can see yet.
func (n *node) copyIndex(old *node) {
	valid := atomic.LoadUint32(&old.ixValid)
	src, dst := old.index(), n.index()
	for m := valid; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		for k := range dst[j] {
			dst[j][k] = atomic.LoadUint32(&src[j][k])
		}
	}
	n.ixValid = valid
}

// dropIndex forgets the line index of kid i of n, which the caller owns
// (fresh or batch-owned), because that kid is being replaced.
func (n *node) dropIndex(i int) { n.ixValid &^= 1 << i }

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

// newlinesBefore returns the number of '\n' bytes in t[:off], reading
// only the block that holds off.
func newlinesBefore(t []byte, w *lineIx, off int) int {
	j := off / ixBlock
	n := 0
	for i := 0; i < j; i++ {
		n += w.count(i)
	}
	return n + countInBlock(t[j*ixBlock:off])
}

// countInBlock returns the number of '\n' bytes in s, a part of one
// block, with independent word loads like nthInBlock.
func countInBlock(s []byte) int {
	n, i := 0, 0
	for ; i+8 <= len(s); i += 8 {
		n += bits.OnesCount64(nlBits(binary.LittleEndian.Uint64(s[i:])))
	}
	for ; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}

// SWAR constants: nlMask has '\n' in every byte, lo7 the low 7 bits.
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
