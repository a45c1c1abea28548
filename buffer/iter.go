package buffer

import "fmt"

// Iter walks the chunks of a rope, forwards (Rope.Chunks) or backwards
// (Rope.ChunksBackward). Use it as
//
//	for it := r.Chunks(off); it.Next(); {
//		use(it.Chunk())
//	}
//
// Each step is O(1) amortised and does not allocate. An Iter holds a
// snapshot: it is unaffected by edits made after it was created. An Iter
// itself must not be used from several goroutines at once.
type Iter struct {
	stack []frame  // path from the root to the current leaf
	buf   [8]frame // backing store for stack in trees up to 8 levels
	chunk []byte   // current chunk
	off   int      // offset of chunk[0] in the rope
	cut   int      // offset in the first leaf where iteration starts or ends
	fwd   bool     // direction
	first bool     // Next has not been called yet
	done  bool     // no more chunks
}

// frame is one step of an iterator's path: node n and the index of the
// child being visited.
type frame struct {
	n *node
	i int
}

// Chunks returns an iterator over the text from offset off to the end, in
// chunks: the first chunk starts at off, the others are whole leaves.
// 0 <= off <= Len(); it panics outside. O(log n).
func (r Rope) Chunks(off int) *Iter {
	if off < 0 || off > r.root.bytes {
		panic(fmt.Sprintf("buffer: Chunks(%d) out of range [0,%d]", off, r.root.bytes))
	}
	it := &Iter{fwd: true, first: true}
	if off == r.root.bytes {
		it.done = true
		it.off = off
		return it
	}
	it.seek(r, off)
	return it
}

// ChunksBackward returns an iterator over the text before off, last chunk
// first: the first chunk ends at off, the others are whole leaves. Each
// chunk's bytes are in forward order. 0 <= off <= Len(); it panics outside.
// O(log n).
func (r Rope) ChunksBackward(off int) *Iter {
	if off < 0 || off > r.root.bytes {
		panic(fmt.Sprintf("buffer: ChunksBackward(%d) out of range [0,%d]", off, r.root.bytes))
	}
	it := &Iter{first: true}
	if off == 0 {
		it.done = true
		return it
	}
	// Position on the leaf holding byte off-1.
	it.seek(r, off-1)
	it.cut++
	return it
}

// seek builds the path to the leaf holding byte off (< Len()).
func (it *Iter) seek(r Rope, off int) {
	it.stack = it.buf[:0]
	n := r.root.n
	start := 0
	for !n.leaf() {
		i := 0
		for ; off-start >= n.kids[i].bytes; i++ {
			start += n.kids[i].bytes
		}
		it.stack = append(it.stack, frame{n, i})
		n = n.kids[i].n
	}
	it.stack = append(it.stack, frame{n: n})
	it.cut = off - start
	it.off = start
}

// Next advances to the next chunk and reports whether there is one.
func (it *Iter) Next() bool {
	if it.done {
		it.chunk = nil
		return false
	}
	leaf := it.stack[len(it.stack)-1].n.text
	if it.first {
		it.first = false
		if it.fwd {
			it.chunk = leaf[it.cut:]
			it.off += it.cut
		} else {
			it.chunk = leaf[:it.cut]
		}
		return true
	}
	if it.fwd {
		it.off += len(it.chunk)
		if !it.step(1) {
			return it.finish()
		}
	} else {
		if !it.step(-1) {
			return it.finish()
		}
	}
	it.chunk = it.stack[len(it.stack)-1].n.text
	if !it.fwd {
		it.off -= len(it.chunk)
	}
	return true
}

func (it *Iter) finish() bool {
	it.done = true
	it.chunk = nil
	return false
}

// step moves the path to the adjacent leaf in direction d (+1 or -1) and
// reports whether there is one.
func (it *Iter) step(d int) bool {
	// Climb to the deepest ancestor with a sibling in direction d.
	lvl := len(it.stack) - 2
	for ; lvl >= 0; lvl-- {
		f := &it.stack[lvl]
		if j := f.i + d; j >= 0 && j < len(f.n.kids) {
			f.i = j
			break
		}
	}
	if lvl < 0 {
		return false
	}
	// Descend along the near edge.
	for ; lvl < len(it.stack)-1; lvl++ {
		f := it.stack[lvl]
		c := f.n.kids[f.i].n
		i := 0
		if d < 0 && !c.leaf() {
			i = len(c.kids) - 1
		}
		it.stack[lvl+1] = frame{c, i}
	}
	return true
}

// Chunk returns the current chunk: a sub-slice of a leaf, not a copy, so
// it costs nothing. It must not be modified: ropes share their leaves. It
// stays valid and unchanged for as long as the caller keeps it. Chunks are
// never empty, and a valid UTF-8 sequence never spans two chunks.
func (it *Iter) Chunk() []byte { return it.chunk }

// Offset returns the offset in the rope of the current chunk's first byte.
func (it *Iter) Offset() int { return it.off }
