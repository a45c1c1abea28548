package buffer

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unsafe"
)

// A line index lists, for every leaf of a node of height 1, the offset of
// each '\n' in that leaf. With it LineStart and LineOf answer from the
// index alone, without reading the leaf: on a large text the leaf is a
// cache miss, and scanning it a cache line after another cost more than
// the miss itself.
//
// The index is one []uint16 that the node points to (node.ix, the address
// of its first element). Its first maxKids+1 entries say where each kid's
// offsets start (entry i for kid i; entry len(kids) where the last kid's
// offsets end); the offsets of each kid follow, ascending. It costs two bytes a
// line, so nodes whose lines average under minIxLine bytes get none and
// scan: their newlines are close together, and scanning finds them soon.
//
// It is a cache, built whole once the node has answered ixAfter line
// queries without one, so only nodes that are asked for lines often carry
// one. A persistent edit, which copies the node, leaves it behind; a
// transient's edit in place of a node it owns updates it (editIndex), so
// typing and the cursor-line queries after each key keep using it. An
// index of a node no transient owns never changes; a reader publishes one
// with a compare-and-swap on node.ix, so readers on other goroutines see
// it complete, and of two readers that race the second drops its own. An
// owned node is reachable only from its transient's text, read by one
// goroutine, so updating its index in place races with no reader.
const minIxLine = 8

// Every offset and index entry must fit 16 bits.
var _ [1<<16 - (maxKids*maxLeaf + maxKids + 1)]struct{}

// ixAt returns entry j of the index that p points to.
func ixAt(p *uint16, j int) int {
	return int(*(*uint16)(unsafe.Add(unsafe.Pointer(p), 2*j)))
}

// lineIndex returns n's line index (n has height 1), building it when
// the node has been asked for lines often enough, or nil.
func (n *node) lineIndex() *uint16 {
	if p := n.ix.Load(); p != nil {
		return p
	}
	if n.lines*minIxLine > n.size {
		return nil
	}
	if n.scans.Load() < ixAfter {
		n.scans.Add(1)
		return nil
	}
	p := buildLineIndex(n)
	if !n.ix.CompareAndSwap(nil, p) {
		p = n.ix.Load()
	}
	return p
}

// buildLineIndex returns a new line index of n, which has height 1.
func buildLineIndex(n *node) *uint16 {
	v := make([]uint16, maxKids+1, ixRoom(maxKids+1+n.lines))
	for i, k := range n.kids {
		v[i] = uint16(len(v))
		t := k.text()
		for off := 0; ; {
			j := bytes.IndexByte(t[off:], '\n')
			if j < 0 {
				break
			}
			v = append(v, uint16(off+j))
			off += j + 1
		}
	}
	v[len(n.kids)] = uint16(len(v))
	return &v[0]
}

// editIndex keeps the line index of n, which the caller owns (a
// transient changing it in place), valid when the bytes [a, b) of kid i
// (a leaf; offsets relative to it) become s: the kid's offsets inside
// [a, b) go, s's newlines come in, the kid's offsets after b move by the
// size change, and the later kids' offsets start further on or earlier.
// O(lines of n), and no allocation unless the edit adds lines past the
// index's room (ixRoom). Without an
// index it does nothing: queries build one as usual, once, and then it
// follows the edits instead of being rebuilt per keystroke.
func (n *node) editIndex(i, a, b int, s string) {
	p := n.ix.Load()
	if p == nil {
		return
	}
	nk := len(n.kids)
	end := ixAt(p, nk)
	v := unsafe.Slice(p, end)
	lo, hi := int(v[i]), int(v[i+1])
	ja := lo + firstAtLeast(v[lo:hi], a)
	jb := ja + firstAtLeast(v[ja:hi], b)
	added := strings.Count(s, "\n")
	dnl := added - (jb - ja)
	delta := uint16(len(s) - (b - a)) // wraps: added modulo 1<<16
	grown := false
	if dnl > 0 && end+dnl <= ixRoom(end) {
		v = unsafe.Slice(p, end+dnl) // within the room every index has
		copy(v[jb+dnl:], v[jb:end])
	} else if dnl > 0 {
		w := make([]uint16, end+dnl, ixRoom(end+dnl))
		copy(w, v[:ja])
		copy(w[jb+dnl:], v[jb:])
		v, grown = w, true
	} else if dnl < 0 {
		copy(v[jb+dnl:], v[jb:])
	}
	k := ja
	for j := 0; ; k++ {
		x := strings.IndexByte(s[j:], '\n')
		if x < 0 {
			break
		}
		v[k] = uint16(a + j + x)
		j += x + 1
	}
	for ; k < hi+dnl; k++ {
		v[k] += delta
	}
	for j := i + 1; j <= nk; j++ {
		v[j] = uint16(int(v[j]) + dnl)
	}
	if grown {
		n.ix.Store(&v[0])
	}
}

// ixRoom is the capacity of a line index of k entries: rounded up to a
// multiple of 64, so that typing <CR> in a node shifts its index in place
// instead of copying it to a new one per line (editIndex). An index only
// shrinks in place, so its capacity is always at least ixRoom(its size).
func ixRoom(k int) int { return (k + 63) &^ 63 }

// firstAtLeast returns the index of the first offset in v (ascending) that
// is at least off, or len(v).
func firstAtLeast(v []uint16, off int) int {
	lo, hi := 0, len(v)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(v[m]) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// nthNewlineIn returns the offset in kid i (a leaf) of n (height 1) of
// the kid's k-th '\n' (1-based; the kid has at least k).
func (n *node) nthNewlineIn(i, k int) int {
	if p := n.lineIndex(); p != nil {
		return ixAt(p, ixAt(p, i)+k-1)
	}
	leaf := n.kids[i]
	return nthNewline(leaf.text(), leaf.lines(), k)
}

// newlinesIn returns the number of '\n' bytes before offset off in kid i
// (a leaf) of n (height 1), 0 <= off < the kid's size.
func (n *node) newlinesIn(i, off int) int {
	if p := n.lineIndex(); p != nil {
		// Binary search for the first offset >= off.
		lo, hi := ixAt(p, i), ixAt(p, i+1)
		base := lo
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if ixAt(p, m) < off {
				lo = m + 1
			} else {
				hi = m
			}
		}
		return lo - base
	}
	// Count from the nearer end of the leaf, in one call: its loads are
	// independent, so the cache lines arrive together.
	leaf := n.kids[i]
	if t := leaf.text(); 2*off > len(t) {
		return leaf.lines() - countNL(t[off:])
	}
	return countNL(leaf.text()[:off])
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
