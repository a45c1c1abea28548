package undo

import (
	"math"

	"github.com/kjx-editor/kjx/buffer"
)

// Node storage: fixed-size chunks of records, addressed by a slot index
// (nid), reached through a two-level directory (a slice of pages, each
// holding pageSize chunk pointers). Slot 0 is never used, so the zero nid
// means "no node". Slots are handed out in creation order, which is also
// sequence-number order, so a binary search over the slots finds a seq.
//
// Sharing with snapshots: a Snapshot copies the two directories (slice
// headers, not the pages or chunks) and the slot count. A chunk or page
// whose gen is lower than Tree.snapGen may be referenced by a snapshot;
// writing one of its slots below Tree.snapCount first copies the chunk,
// the page that points to it and, once per snapshot generation, the top
// slice of pages. Chunks are small (chunkSize records, about 1 KB) so that
// the first write after each published view costs little, and the top
// slice stays short (one pointer per pageSize×chunkSize slots) however
// long the history. Slots at or above snapCount are invisible to every
// snapshot and are written in place. See doc.go.

const (
	chunkShift = 4
	chunkSize  = 1 << chunkShift
	chunkMask  = chunkSize - 1
	pageShift  = 6
	pageSize   = 1 << pageShift
	pageMask   = pageSize - 1
)

// nid is a storage slot index; 0 is "none".
type nid int32

// meta holds a node's links and the small fields the time-line walk reads.
// The links are Vim's: next is the parent (uh_next), prev the preferred child
// (uh_prev, always the first child), altNext the next older sibling and
// altPrev the previous (newer) sibling.
type meta struct {
	next, prev, altNext, altPrev nid
	seq                          int
	time                         int64
	saveNr                       int32
	depth                        int32  // root-level nodes are one deeper than Tree.rootDepth
	flagEpoch                    uint32 // changed is valid only when flagEpoch == the tree's writeEpoch
	changed                      bool   // Vim's UH_CHANGED
	emptyBuf                     bool   // Vim's UH_EMPTYBUF: the buffer was empty on the other side of the node
	dead                         bool
}

// data holds what a node changed. It is immutable once the node's block is
// closed (Sync), except when :undojoin reopens it.
type data struct {
	changes  []buffer.Change
	before   pos32 // cursor before the change (Vim's uh_cursor)
	after    pos32
	src      Source
	whole    bool   // a reload: line counts and cursor treat it as one whole-buffer entry
	cache    uint8  // what skipCache keeps of the node (cacheText, cacheEntries); fits in the padding
	oldLines int32  // lines replaced, summed over changes, forward direction (Vim's entry sizes)
	newLines int32  // lines inserted, summed over changes, forward direction
	typed    uint32 // bit i: changes[i] merges typing (see entryOf); fits in the padding
}

// pos32 is a Pos as a node record keeps it: half the size, so that a long
// history's records take less memory (see packPos).
type pos32 struct{ line, col int32 }

// packPos is p as a record keeps it; a line or column past the int32
// range (a line longer than 2 GiB) is kept as the largest.
func packPos(p Pos) pos32 {
	clamp := func(v int) int32 { return int32(min(max(v, math.MinInt32), math.MaxInt32)) }
	return pos32{line: clamp(p.Line), col: clamp(p.Col)}
}

// pos is the Pos p keeps.
func (p pos32) pos() Pos { return Pos{Line: int(p.line), Col: int(p.col)} }

// chunk holds the records of chunkSize consecutive slots.
type chunk[T any] struct {
	gen uint64
	r   [chunkSize]T
}

// page points to pageSize consecutive chunks.
type page[T any] struct {
	gen uint64
	c   [pageSize]*chunk[T]
}

// dir is a two-level directory of records of type T.
type dir[T any] struct {
	pages []*page[T]
	gen   uint64 // snapGen when pages was last copied (meaningless in a Snapshot)
}

// newDir returns a directory whose first chunk exists, made at gen.
func newDir[T any](gen uint64) dir[T] {
	p := &page[T]{gen: gen}
	p.c[0] = &chunk[T]{gen: gen}
	return dir[T]{pages: []*page[T]{p}, gen: gen}
}

func (d *dir[T]) at(i nid) *T {
	return &d.pages[int(i)>>(chunkShift+pageShift)].c[(int(i)>>chunkShift)&pageMask].r[int(i)&chunkMask]
}

// extend makes sure slot i has a chunk, creating it (and its page) at gen.
// Only slots no snapshot can see are added, so writing into a page a
// snapshot shares is safe: the snapshot never reads that entry.
func (d *dir[T]) extend(i nid, gen uint64) {
	pi, ci := int(i)>>(chunkShift+pageShift), (int(i)>>chunkShift)&pageMask
	if pi == len(d.pages) {
		d.pages = append(d.pages, &page[T]{gen: gen})
	}
	if p := d.pages[pi]; p.c[ci] == nil {
		p.c[ci] = &chunk[T]{gen: gen}
	}
}

// write returns slot i for writing. When shared (a snapshot may read the
// slot), a chunk or page older than gen is copied first, and the top slice
// once per generation.
func (d *dir[T]) write(i nid, gen uint64, shared bool) *T {
	pi, ci := int(i)>>(chunkShift+pageShift), (int(i)>>chunkShift)&pageMask
	p := d.pages[pi]
	c := p.c[ci]
	if shared && c.gen < gen {
		nc := new(chunk[T])
		*nc = *c
		nc.gen = gen
		if p.gen < gen {
			np := new(page[T])
			*np = *p
			np.gen = gen
			if d.gen < gen {
				d.pages = append(make([]*page[T], 0, cap(d.pages)), d.pages...)
				d.gen = gen
			}
			d.pages[pi] = np
			p = np
		}
		p.c[ci] = nc
		c = nc
	}
	return &c.r[int(i)&chunkMask]
}

// store is the part of the storage a snapshot captures.
type store struct {
	mdir dir[meta]
	ddir dir[data]
	n    int // slots in use, including the unused slot 0
}

// newStore returns an empty store (slot 0 only) made at gen.
func newStore(gen uint64) store {
	return store{n: 1, mdir: newDir[meta](gen), ddir: newDir[data](gen)}
}

func (s *store) m(i nid) *meta { return s.mdir.at(i) }

func (s *store) d(i nid) *data { return s.ddir.at(i) }

// find returns the live node with sequence number seq, or 0.
func (s *store) find(seq int) nid {
	lo, hi := 1, s.n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.m(nid(mid)).seq < seq {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < s.n {
		if m := s.m(nid(lo)); m.seq == seq && !m.dead {
			return nid(lo)
		}
	}
	return 0
}

// alloc appends a zeroed slot and returns it.
func (t *Tree) alloc() nid {
	if t.st.n == 0 {
		t.st = newStore(t.snapGen) // slot 0 is the nil sentinel
	}
	i := nid(t.st.n)
	t.st.mdir.extend(i, t.snapGen)
	t.st.ddir.extend(i, t.snapGen)
	t.st.n++
	if int(i) >= len(t.marks) {
		t.marks = append(t.marks, make([]uint32, int(i)+1-len(t.marks))...)
	}
	return i
}

// mw returns node i's meta for writing, copying its chunk first when a
// snapshot may read it.
func (t *Tree) mw(i nid) *meta {
	return t.st.mdir.write(i, t.snapGen, int(i) < t.snapCount)
}

// dwShared returns node i's data for writing, copying its chunk first when a
// snapshot may read it. Writes to the open node use t.st.d directly: no
// snapshot reads the open node's slot (snapshots keep their own copy of it).
func (t *Tree) dwShared(i nid) *data {
	return t.st.ddir.write(i, t.snapGen, int(i) < t.snapCount)
}

// changedFlag is Vim's UH_CHANGED of node i.
func (t *Tree) changedFlag(i nid) bool {
	m := t.st.m(i)
	return m.flagEpoch != t.writeEpoch || m.changed
}

func (t *Tree) setChangedFlag(i nid, v bool) {
	m := t.mw(i)
	m.changed = v
	m.flagEpoch = t.writeEpoch
}

// maybeCompact rebuilds the storage without dead slots once they outnumber
// the live ones, so that memory follows the tree's size and not the history
// ever made. Amortised O(1) per freed node.
func (t *Tree) maybeCompact() {
	if t.dead < 256 || t.dead <= t.numhead {
		return
	}
	t.compact()
}

func (t *Tree) compact() {
	old := t.st
	remap := make([]nid, old.n)
	t.st = newStore(t.snapGen)
	t.marks = t.marks[:0]
	for i := 1; i < old.n; i++ {
		if old.m(nid(i)).dead {
			continue
		}
		j := t.alloc()
		remap[i] = j
		*t.st.m(j) = *old.m(nid(i))
		*t.st.d(j) = *old.d(nid(i))
	}
	for i := nid(1); int(i) < t.st.n; i++ {
		m := t.st.m(i)
		m.next, m.prev, m.altNext, m.altPrev = remap[m.next], remap[m.prev], remap[m.altNext], remap[m.altPrev]
	}
	t.oldhead, t.newhead, t.curhead = remap[t.oldhead], remap[t.newhead], remap[t.curhead]
	t.skip.renumber(remap)
	t.open, t.phys = remap[t.open], remap[t.phys]
	if t.savedKnown {
		t.saved = remap[t.saved]
	}
	if len(t.labels.byName) > 0 {
		nl := &labelSet{byName: map[string]nid{}, byNode: map[nid]string{}, gen: t.snapGen}
		for name, i := range t.labels.byName {
			nl.byName[name] = remap[i]
			nl.byNode[remap[i]] = name
		}
		t.labels = nl
	}
	clear(t.marks)
	t.lastMark = 0
	t.dead = 0
	t.snapCount = 0
}
