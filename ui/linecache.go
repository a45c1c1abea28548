package ui

import (
	"sort"

	"github.com/kjx-editor/kjx/buffer"
)

// longLine is the length from which a line's layout checkpoints are
// cached: shorter lines are laid out from their start every time.
const longLine = 32 << 10

// lineCache remembers layout checkpoints of a few long lines, so that
// drawing far into a 1 MB line does not lay it out from its start every
// frame. An entry holds a copy of the line and is valid for any text in
// which the line has the same bytes (wherever it moved); checking that is
// one comparison per frame, far cheaper than a layout.
type lineCache struct {
	entries [4]cacheEntry
	clock   uint64 // for least-recently-used eviction
	frame   uint64 // the current frame: validity is checked once per frame
}

type cacheEntry struct {
	text      string     // the line's bytes
	opts      layoutOpts //
	marks     []linePos  // increasing checkpoints, offsets relative to the line start
	used      uint64
	checked   uint64 // frame in which text was last found equal
	lineStart int    // rope offset of the line when checked
}

// nextFrame starts a new frame: entries must be validated again.
func (c *lineCache) nextFrame() { c.frame++ }

// entry returns the cache entry for the line [start, end) of r laid out
// with opts, creating (or replacing) one if needed; nil for short lines.
func (c *lineCache) entry(r buffer.Rope, start, end int, opts layoutOpts) *cacheEntry {
	if end-start < longLine {
		return nil
	}
	c.clock++
	victim := 0
	for i := range c.entries {
		e := &c.entries[i]
		if e.used < c.entries[victim].used {
			victim = i
		}
		if e.text == "" || e.opts != opts || len(e.text) != end-start {
			continue
		}
		if e.checked == c.frame && e.lineStart == start || sameBytes(r, start, e.text) {
			e.checked, e.lineStart, e.used = c.frame, start, c.clock
			return e
		}
	}
	e := &c.entries[victim]
	*e = cacheEntry{text: r.SliceString(start, end), opts: opts, used: c.clock, checked: c.frame, lineStart: start}
	return e
}

// sameBytes reports whether r holds s at offset off.
func sameBytes(r buffer.Rope, off int, s string) bool {
	if off+len(s) > r.Len() {
		return false
	}
	it := r.Chunks(off)
	for len(s) > 0 && it.Next() {
		ch := it.Chunk()
		if d := off - it.Offset(); d > 0 {
			ch = ch[d:]
		}
		n := min(len(ch), len(s))
		if string(ch[:n]) != s[:n] {
			return false
		}
		s = s[n:]
	}
	return len(s) == 0
}

// best returns the last checkpoint before both col and off (relative to
// the line start), or the line start.
func (e *cacheEntry) best(col, off int) linePos {
	i := sort.Search(len(e.marks), func(i int) bool {
		return e.marks[i].col > col || e.marks[i].off > off
	})
	if i == 0 {
		return linePos{}
	}
	return e.marks[i-1]
}

// add records a checkpoint (relative to the line start) if it extends the
// known ones.
func (e *cacheEntry) add(p linePos) {
	if n := len(e.marks); n == 0 || p.off > e.marks[n-1].off {
		e.marks = append(e.marks, p)
	}
}
