package buffer

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Rope is an immutable text value: a snapshot of a persistent tree of text
// chunks. The zero Rope is the empty text. Copying a Rope is O(1) and does
// not allocate, and a Rope may be read from any number of goroutines at
// once; nothing ever changes the text a Rope holds.
//
// A rope borrowed from a Transient (Transient.Borrow) is the exception: it
// is valid only until the transient's next change. See transient.go.
type Rope struct {
	stamp borrowStamp // empty unless built with kjxpoison (first: it takes no room)
	root  child       // root.p is nil for the empty rope
	h     int         // height of root: 0 when it is a leaf
	// tx is the transient a borrowed view came from (Borrow), whose line
	// memo it reads and fills (linememo.go); nil for every other rope.
	tx *Transient
}

// Len is the length in bytes.
func (r Rope) Len() int {
	r.live()
	return r.root.size()
}

// Newlines is the number of '\n' bytes; the text has Newlines()+1 lines
// (the last one possibly empty).
func (r Rope) Newlines() int {
	r.live()
	return r.root.lines()
}

// LineStart returns the offset of the first byte of line n (0-based); a line
// ends after its '\n'. n ranges over 0..Newlines(); it panics outside.
// O(log n); it allocates only to build the line index of a part of the
// text that is read often (see doc.go), once.
func (r Rope) LineStart(n int) int {
	r.live()
	if n < 0 || n > r.root.lines() {
		panic(fmt.Sprintf("buffer: LineStart(%d) out of range [0,%d]", n, r.root.lines()))
	}
	if n == 0 {
		return 0
	}
	if m := r.lineMemo(); m != nil && m.line == n {
		return m.start
	}
	return r.newlineAt(n) + 1
}

// LineEnd returns the offset of the '\n' ending line n, or Len() for the
// last line. n ranges over 0..Newlines(); it panics outside.
// O(log n); it allocates only to build the line index of a part of the
// text that is read often (see doc.go), once.
func (r Rope) LineEnd(n int) int {
	r.live()
	if n < 0 || n > r.root.lines() {
		panic(fmt.Sprintf("buffer: LineEnd(%d) out of range [0,%d]", n, r.root.lines()))
	}
	if n == r.root.lines() {
		return r.root.size()
	}
	if m := r.lineMemo(); m != nil && m.line == n {
		return m.end
	}
	return r.newlineAt(n + 1)
}

// LineBounds returns LineStart(n) and LineEnd(n) with one descent of the
// tree when the line's end is in the leaf where it starts (the usual
// case). n ranges over 0..Newlines(); it panics outside.
func (r Rope) LineBounds(n int) (start, end int) {
	r.live()
	last := r.root.lines()
	if n < 0 || n > last {
		panic(fmt.Sprintf("buffer: LineBounds(%d) out of range [0,%d]", n, last))
	}
	m := r.lineMemo()
	if m != nil && m.line == n {
		return m.start, m.end
	}
	start, end = r.lineBounds(n, last)
	if m != nil {
		m.line, m.start, m.end = n, start, end
	}
	return start, end
}

// lineBounds is LineBounds without the memo.
func (r Rope) lineBounds(n, last int) (start, end int) {
	if n == 0 {
		if last == 0 {
			return 0, r.root.size()
		}
		leaf, _ := r.leafAt(0)
		if i := bytes.IndexByte(leaf, '\n'); i >= 0 {
			return 0, i
		}
		return 0, r.newlineAt(1)
	}
	leaf, leafStart, nl := r.newlineLeaf(n)
	start = nl + 1
	if n == last {
		return start, r.root.size()
	}
	if i := bytes.IndexByte(leaf[start-leafStart:], '\n'); i >= 0 {
		return start, start + i
	}
	return start, r.newlineAt(n + 1)
}

// newlineAt returns the offset of the k-th '\n' (1-based), 1 <= k <= nl.
func (r Rope) newlineAt(k int) int {
	_, _, off := r.newlineLeaf(k)
	return off
}

// newlineLeaf returns the leaf holding the k-th '\n' (1-based, 1 <= k <=
// nl), the leaf's offset, and the newline's offset.
func (r Rope) newlineLeaf(k int) (leaf []byte, leafStart, at int) {
	c := r.root
	if r.h == 0 {
		return c.text(), 0, nthNewline(c.text(), c.lines(), k)
	}
	off := 0
	for h := r.h; ; h-- {
		n := c.node()
		kids := n.kids
		i := 0
		for ; k > kids[i].lines(); i++ {
			k -= kids[i].lines()
			off += kids[i].size()
		}
		if h == 1 {
			return kids[i].text(), off, off + n.nthNewlineIn(i, k)
		}
		c = kids[i]
	}
}

// scanBlock is the size of the blocks nthNewline counts at once: large
// enough for the vectorised bytes.Count, small enough to skip little.
const scanBlock = 128

// nthNewline returns the index of the k-th (1-based) '\n' in s, which
// holds total of them, 1 <= k <= total. It counts block by block from the
// nearer end, then finds the byte within one block.
func nthNewline(s []byte, total, k int) int {
	if 2*k <= total+1 {
		for base := 0; ; base += scanBlock {
			end := min(base+scanBlock, len(s))
			if c := countNL(s[base:end]); c < k {
				k -= c
				continue
			}
			return base + nthInBlock(s[base:end], k)
		}
	}
	k = total - k + 1 // k-th from the end
	for end := len(s); ; end -= scanBlock {
		base := max(end-scanBlock, 0)
		if c := countNL(s[base:end]); c < k {
			k -= c
		} else {
			return base + nthInBlock(s[base:end], c-k+1)
		}
	}
}

// LineOf returns the 0-based line holding offset off (the number of '\n'
// bytes before off); off ranges over 0..Len(); it panics outside.
// O(log n); it allocates only to build the line index of a part of the
// text that is read often (see doc.go), once.
func (r Rope) LineOf(off int) int {
	r.live()
	if off < 0 || off > r.root.size() {
		panic(fmt.Sprintf("buffer: LineOf(%d) out of range [0,%d]", off, r.root.size()))
	}
	if off == r.root.size() {
		return r.root.lines()
	}
	if m := r.lineMemo(); m != nil && m.line >= 0 && m.start <= off && off <= m.end {
		return m.line
	}
	c := r.root
	if r.h == 0 {
		// Count from the nearer end of the leaf.
		if t := c.text(); 2*off > len(t) {
			return c.lines() - countNL(t[off:])
		}
		return countNL(c.text()[:off])
	}
	line := 0
	for h := r.h; ; h-- {
		n := c.node()
		kids := n.kids
		i := 0
		for ; off >= kids[i].size(); i++ {
			off -= kids[i].size()
			line += kids[i].lines()
		}
		if h == 1 {
			return line + n.newlinesIn(i, off)
		}
		c = kids[i]
	}
}

// leafAt returns the leaf holding byte off (0 <= off < Len()) and the
// offset of its first byte.
func (r Rope) leafAt(off int) (leaf []byte, start int) {
	c := r.root
	for h := r.h; h > 0; h-- {
		kids := c.node().kids
		i := 0
		for ; off >= kids[i].size(); i++ {
			off -= kids[i].size()
			start += kids[i].size()
		}
		c = kids[i]
	}
	return c.text(), start
}

// ByteAt returns the byte at off, 0 <= off < Len(); it panics outside.
// O(log n).
func (r Rope) ByteAt(off int) byte {
	r.live()
	if off < 0 || off >= r.root.size() {
		panic(fmt.Sprintf("buffer: ByteAt(%d) out of range [0,%d)", off, r.root.size()))
	}
	leaf, start := r.leafAt(off)
	return leaf[off-start]
}

// checkRange panics unless 0 <= a <= b <= Len().
func (r Rope) checkRange(what string, a, b int) {
	r.live()
	if a < 0 || a > b || b > r.root.size() {
		panic(fmt.Sprintf("buffer: %s(%d, %d) out of range [0,%d]", what, a, b, r.root.size()))
	}
}

// Slice returns a copy of the bytes in [a, b); it panics unless
// 0 <= a <= b <= Len(). O(log n + b-a).
func (r Rope) Slice(a, b int) []byte {
	r.checkRange("Slice", a, b)
	out := make([]byte, 0, b-a)
	return r.appendRange(out, a, b)
}

// AppendSlice appends the bytes in [a, b) to dst and returns the extended
// slice; it panics unless 0 <= a <= b <= Len().
func (r Rope) AppendSlice(dst []byte, a, b int) []byte {
	r.checkRange("AppendSlice", a, b)
	return r.appendRange(dst, a, b)
}

func (r Rope) appendRange(dst []byte, a, b int) []byte {
	if a == b {
		return dst
	}
	if leaf, start := r.leafAt(a); b-start <= len(leaf) {
		return append(dst, leaf[a-start:b-start]...) // within one leaf: no iterator
	}
	var it Iter
	for it.forward(r, a); it.Next(); {
		c := it.Chunk()
		if rest := b - it.Offset(); len(c) >= rest {
			return append(dst, c[:rest]...)
		}
		dst = append(dst, c...)
	}
	return dst
}

// writeRange writes the bytes in [a, b) to t.
func (r Rope) writeRange(t *textBuilder, a, b int) {
	if a == b {
		return
	}
	if leaf, start := r.leafAt(a); b-start <= len(leaf) {
		t.write(leaf[a-start : b-start]) // within one leaf: no iterator
		return
	}
	var it Iter
	for it.forward(r, a); it.Next(); {
		c := it.Chunk()
		if rest := b - it.Offset(); len(c) >= rest {
			t.write(c[:rest])
			return
		}
		t.write(c)
	}
}

// SliceString returns the bytes in [a, b) as a string; it panics unless
// 0 <= a <= b <= Len(). A string of one byte costs no allocation.
func (r Rope) SliceString(a, b int) string {
	r.checkRange("SliceString", a, b)
	switch b - a {
	case 0:
		return ""
	case 1:
		return byteString(r.ByteAt(a))
	}
	var sb strings.Builder
	sb.Grow(b - a)
	var it Iter
	for it.forward(r, a); it.Next(); {
		c := it.Chunk()
		if rest := b - it.Offset(); len(c) >= rest {
			sb.Write(c[:rest])
			break
		}
		sb.Write(c)
	}
	return sb.String()
}

// String returns the whole text.
func (r Rope) String() string { return r.SliceString(0, r.root.size()) }

// Bytes returns a copy of the whole text.
func (r Rope) Bytes() []byte { return r.Slice(0, r.root.size()) }

// Equal reports whether two ropes hold the same bytes. It is O(1) for two
// copies of one snapshot and O(n) otherwise.
func (r Rope) Equal(o Rope) bool {
	r.live()
	o.live()
	if r.root.size() != o.root.size() || r.root.lines() != o.root.lines() {
		return false
	}
	if r.root.p == o.root.p {
		return true
	}
	var a, b Iter
	a.forward(r, 0)
	b.forward(o, 0)
	var x, y []byte
	for {
		if len(x) == 0 {
			if !a.Next() {
				return len(y) == 0 && !b.Next()
			}
			x = a.Chunk()
		}
		if len(y) == 0 {
			if !b.Next() {
				return false
			}
			y = b.Chunk()
		}
		m := min(len(x), len(y))
		if !bytes.Equal(x[:m], y[:m]) {
			return false
		}
		x, y = x[m:], y[m:]
	}
}

// WriteTo writes the text to w chunk by chunk, without flattening it.
// It implements io.WriterTo.
func (r Rope) WriteTo(w io.Writer) (int64, error) {
	r.live()
	var total int64
	var it Iter
	for it.forward(r, 0); it.Next(); {
		c := it.Chunk()
		n, err := w.Write(c)
		total += int64(n)
		if err == nil && n < len(c) {
			err = io.ErrShortWrite
		}
		if err != nil {
			return total, fmt.Errorf("buffer: write at offset %d: %w", total, err)
		}
	}
	return total, nil
}
