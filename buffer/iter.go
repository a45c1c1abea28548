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
	buf   [8]frame    // path of nodes from the root to the leaf, up to 8 levels
	deep  []frame     // the path instead of buf in deeper trees
	depth int         // length of the path (the rope's height)
	root  child       // the root when it is a leaf (empty stack)
	chunk []byte      // current chunk
	off   int         // offset of chunk[0] in the rope
	cut   int         // offset in the first leaf where iteration starts or ends
	fwd   bool        // direction
	first bool        // Next has not been called yet
	done  bool        // no more chunks
	stamp borrowStamp // the rope's, checked at every step (kjxpoison)
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
	if off < 0 || off > r.root.size() {
		panic(fmt.Sprintf("buffer: Chunks(%d) out of range [0,%d]", off, r.root.size()))
	}
	it := &Iter{}
	it.forward(r, off)
	return it
}

// forward sets it up to iterate forwards from off (range checked).
func (it *Iter) forward(r Rope, off int) {
	*it = Iter{fwd: true, first: true, stamp: r.stamp}
	if off == r.root.size() {
		it.done = true
		it.off = off
		return
	}
	it.seek(r, off)
}

// ChunksBackward returns an iterator over the text before off, last chunk
// first: the first chunk ends at off, the others are whole leaves. Each
// chunk's bytes are in forward order. 0 <= off <= Len(); it panics outside.
// O(log n).
func (r Rope) ChunksBackward(off int) *Iter {
	if off < 0 || off > r.root.size() {
		panic(fmt.Sprintf("buffer: ChunksBackward(%d) out of range [0,%d]", off, r.root.size()))
	}
	it := &Iter{}
	it.backward(r, off)
	return it
}

// backward sets it up to iterate backwards from off (range checked).
func (it *Iter) backward(r Rope, off int) {
	*it = Iter{first: true, stamp: r.stamp}
	if off == 0 {
		it.done = true
		return
	}
	// Position on the leaf holding byte off-1.
	it.seek(r, off-1)
	it.cut++
}

// path returns the frames from the root down to the leaf's parent. It is
// not kept in the Iter itself, so an Iter on the stack stays there.
func (it *Iter) path() []frame {
	if it.deep != nil {
		return it.deep
	}
	return it.buf[:it.depth]
}

// seek builds the path to the leaf holding byte off (< Len()).
func (it *Iter) seek(r Rope, off int) {
	it.root = r.root
	it.depth = r.h
	if r.h > len(it.buf) {
		it.deep = make([]frame, r.h)
	}
	path := it.path()
	c := r.root
	start := 0
	for lvl := range path {
		n := c.node()
		i := 0
		for ; off-start >= n.kids[i].size(); i++ {
			start += n.kids[i].size()
		}
		path[lvl] = frame{n, i}
		c = n.kids[i]
	}
	it.cut = off - start
	it.off = start
}

// leaf returns the text of the leaf the path leads to.
func (it *Iter) leaf() []byte {
	if it.depth == 0 {
		return it.root.text()
	}
	f := it.path()[it.depth-1]
	return f.n.kids[f.i].text()
}

// Next advances to the next chunk and reports whether there is one.
func (it *Iter) Next() bool {
	it.stamp.check()
	if it.done {
		it.chunk = nil
		return false
	}
	if it.first {
		it.first = false
		leaf := it.leaf()
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
		it.chunk = it.leaf()
		return true
	}
	if !it.step(-1) {
		return it.finish()
	}
	it.chunk = it.leaf()
	it.off -= len(it.chunk)
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
	// Climb to the deepest node with a child next in direction d.
	path := it.path()
	lvl := len(path) - 1
	for ; lvl >= 0; lvl-- {
		f := &path[lvl]
		if j := f.i + d; j >= 0 && j < len(f.n.kids) {
			f.i = j
			break
		}
	}
	if lvl < 0 {
		return false
	}
	// Descend along the near edge.
	for ; lvl < len(path)-1; lvl++ {
		f := path[lvl]
		c := f.n.kids[f.i].node()
		i := 0
		if d < 0 {
			i = len(c.kids) - 1
		}
		path[lvl+1] = frame{c, i}
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
