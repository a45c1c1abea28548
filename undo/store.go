package undo

import (
	"github.com/kjx-editor/kjx/buffer"
)

// Node storage: fixed-size chunks of records, addressed by a slot index
// (nid). Slot 0 is never used, so the zero nid means "no node". Slots are
// handed out in creation order, which is also sequence-number order, so a
// binary search over the slots finds a seq.
//
// Sharing with snapshots: a Snapshot copies the two chunk directories (slice
// headers, not the chunks) and the slot count. A chunk whose gen is lower
// than Tree.snapGen may be referenced by a snapshot; writing one of its slots
// below Tree.snapCount first copies the chunk (and, once per snapshot
// generation, the directory). Slots at or above snapCount are invisible to
// every snapshot and are written in place. See doc.go.

const (
	chunkShift = 6
	chunkSize  = 1 << chunkShift
	chunkMask  = chunkSize - 1
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
	before   Pos // cursor before the change (Vim's uh_cursor)
	after    Pos
	src      Source
	whole    bool   // a reload: line counts and cursor treat it as one whole-buffer entry
	oldLines int32  // lines replaced, summed over changes, forward direction (Vim's entry sizes)
	newLines int32  // lines inserted, summed over changes, forward direction
	typed    uint32 // bit i: changes[i] merges typing (see entryOf); fits in the padding
}

type metaChunk struct {
	gen uint64
	m   [chunkSize]meta
}

type dataChunk struct {
	gen uint64
	d   [chunkSize]data
}

// store is the part of the storage a snapshot captures.
type store struct {
	mdir []*metaChunk
	ddir []*dataChunk
	n    int // slots in use, including the unused slot 0
}

func (s *store) m(i nid) *meta { return &s.mdir[i>>chunkShift].m[i&chunkMask] }

func (s *store) d(i nid) *data { return &s.ddir[i>>chunkShift].d[i&chunkMask] }

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
		t.st.n = 1 // slot 0 is the nil sentinel
	}
	i := t.st.n
	if i>>chunkShift == len(t.st.mdir) {
		t.st.mdir = append(t.st.mdir, &metaChunk{gen: t.snapGen})
		t.st.ddir = append(t.st.ddir, &dataChunk{gen: t.snapGen})
	}
	t.st.n++
	if i >= len(t.marks) {
		t.marks = append(t.marks, make([]uint32, i+1-len(t.marks))...)
	}
	return nid(i)
}

// mw returns node i's meta for writing, copying its chunk first when a
// snapshot may read it.
func (t *Tree) mw(i nid) *meta {
	ci := int(i) >> chunkShift
	c := t.st.mdir[ci]
	if c.gen < t.snapGen && int(i) < t.snapCount {
		nc := new(metaChunk)
		*nc = *c
		nc.gen = t.snapGen
		if t.mdirGen < t.snapGen {
			t.st.mdir = append(make([]*metaChunk, 0, cap(t.st.mdir)), t.st.mdir...)
			t.mdirGen = t.snapGen
		}
		t.st.mdir[ci] = nc
		c = nc
	}
	return &c.m[i&chunkMask]
}

// dwShared returns node i's data for writing, copying its chunk first when a
// snapshot may read it. Writes to the open node use t.st.d directly: no
// snapshot reads the open node's slot (snapshots keep their own copy of it).
func (t *Tree) dwShared(i nid) *data {
	ci := int(i) >> chunkShift
	c := t.st.ddir[ci]
	if c.gen < t.snapGen && int(i) < t.snapCount {
		nc := new(dataChunk)
		*nc = *c
		nc.gen = t.snapGen
		if t.ddirGen < t.snapGen {
			t.st.ddir = append(make([]*dataChunk, 0, cap(t.st.ddir)), t.st.ddir...)
			t.ddirGen = t.snapGen
		}
		t.st.ddir[ci] = nc
		c = nc
	}
	return &c.d[i&chunkMask]
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
	t.st = store{}
	t.mdirGen, t.ddirGen = t.snapGen, t.snapGen
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
