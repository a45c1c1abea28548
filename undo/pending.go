package undo

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// Merging typing into the open block in amortised O(1) per key.
//
// Apply merges a change that touches the text the open block's last change
// produced into that change (merge). Done on strings, every typed key would
// copy the whole insert so far: typing n bytes would cost O(n²) time and
// garbage. Instead the open block's last change, once something merged into
// it, lives in a pending builder: its Old and New are gap buffers edited in
// place, and the change stored in the node (data.changes[len-1]) and its
// entry (Tree.openInfo's last) are stale until settle writes them. settle
// runs before anything reads them: before Apply appends another change,
// when the block closes (closeBlock), and when a view or Snapshot of the
// tree is taken (view), so a snapshot only ever sees immutable strings. The
// builder outlives settle: the next merge continues from it without copying
// the change back in, so a snapshot per key costs one string copy per key
// and no more.
//
// The pending state belongs to the open block: whatever opens or closes a
// block (link, Join, closeBlock, Reset) drops it.

// gapBufKeep is the capacity above which a gap buffer's array is released
// when its block closes instead of being kept for the next block.
const gapBufKeep = 64 << 10

// gapBuf is a byte string edited in place: its bytes are b[:gs] followed
// by b[ge:], with the gap in between left where the last edit happened. An
// edit costs the distance the gap moves plus the bytes inserted, amortised
// (the array doubles when the gap is too small): repeated edits at one
// place (typing, backspacing, deleting forward) are O(1) each.
type gapBuf struct {
	b      []byte // len(b) == cap(b)
	gs, ge int    // the gap is b[gs:ge]
}

// size is the length of the string held.
func (g *gapBuf) size() int { return len(g.b) - (g.ge - g.gs) }

// set makes the buffer hold s, with the gap at the end.
func (g *gapBuf) set(s string) {
	if len(g.b) < len(s) {
		g.b = make([]byte, max(2*len(s), 64))
	}
	g.gs = copy(g.b, s)
	g.ge = len(g.b)
}

// release forgets the contents, keeping a small array for reuse.
func (g *gapBuf) release() {
	if len(g.b) > gapBufKeep {
		g.b = nil
	}
	g.gs, g.ge = 0, len(g.b)
}

// moveGap puts the gap at pos (0 <= pos <= size).
func (g *gapBuf) moveGap(pos int) {
	switch {
	case pos < g.gs:
		n := g.gs - pos
		copy(g.b[g.ge-n:g.ge], g.b[pos:g.gs])
		g.gs, g.ge = pos, g.ge-n
	case pos > g.gs:
		n := pos - g.gs
		copy(g.b[g.gs:], g.b[g.ge:g.ge+n])
		g.gs, g.ge = pos, g.ge+n
	}
}

// replace replaces the del bytes at pos with ins (pos+del <= size).
func (g *gapBuf) replace(pos, del int, ins string) {
	g.moveGap(pos)
	g.ge += del
	if g.ge-g.gs < len(ins) {
		g.grow(len(ins))
	}
	g.gs += copy(g.b[g.gs:g.ge], ins)
}

// grow reallocates the array so that the gap holds at least need bytes.
func (g *gapBuf) grow(need int) {
	nb := make([]byte, max(2*(g.size()+need), 64))
	copy(nb, g.b[:g.gs])
	tail := len(g.b) - g.ge
	copy(nb[len(nb)-tail:], g.b[g.ge:])
	g.b, g.ge = nb, len(nb)-tail
}

// String returns a copy of the bytes held (one allocation, none for zero
// or one byte).
func (g *gapBuf) String() string {
	if g.ge == len(g.b) {
		return string(g.b[:g.gs])
	}
	var sb strings.Builder
	sb.Grow(g.size())
	sb.Write(g.b[:g.gs])
	sb.Write(g.b[g.ge:])
	return sb.String()
}

// pending is the open block's last change while merges build it (see the
// comment at the top of this file).
type pending struct {
	// on: old, new and off hold the open block's last change (a later
	// merge continues from them).
	on       bool
	oldDirty bool // old changed since the stored change's Old was written
	newDirty bool // new changed since the stored change's New was written
	off      int
	old, new gapBuf
}

// dirty reports whether the stored change and entry are stale.
func (p *pending) dirty() bool { return p.oldDirty || p.newDirty }

// drop forgets the pending change (its block closed or another opened);
// the stored change must not be stale.
func (p *pending) drop() {
	if !p.on {
		return // nothing merged since the last drop: the buffers are empty
	}
	p.on, p.oldDirty, p.newDirty = false, false, false
	p.old.release()
	p.new.release()
}

// touches reports whether c touches the text p produced:
// [p.Off, p.Off+len(p.New)] (closed: typing at either end merges).
func touches(off, newLen int, c buffer.Change) bool {
	return c.Off <= off+newLen && c.Off+len(c.Old) >= off
}

// touchesLast reports whether c touches the text the open block's last
// change produced: last (the stored change), or the pending change that
// stands for it.
func (p *pending) touchesLast(last, c buffer.Change) bool {
	if p.on {
		return touches(p.off, p.new.size(), c)
	}
	return touches(last.Off, len(last.New), c)
}

// merge merges c into the pending change when c touches the text it
// produced, loading last (the stored change) first when nothing is
// pending, and reports whether it did. Merging is exact: the merged change
// still turns the text before the first into the text after c.
func (p *pending) merge(last, c buffer.Change) bool {
	off, newLen := last.Off, len(last.New)
	if p.on {
		off, newLen = p.off, p.new.size()
	}
	if !touches(off, newLen, c) {
		return false
	}
	if !p.on {
		p.on, p.off = true, last.Off
		p.old.set(last.Old)
		p.new.set(last.New)
	}
	// With a = p.off, b = a+len(New) and c covering [c.Off, cEnd): the
	// merged change covers [min(a, c.Off), max(b, cEnd)); Old gains the
	// bytes c removed outside [a, b) (left and right), and New is the
	// previous New with c applied to the part of it c covers (left and
	// right, which c also removed, never enter it).
	a, b := p.off, p.off+p.new.size()
	cEnd := c.Off + len(c.Old)
	if c.Off < a {
		p.old.replace(0, 0, c.Old[:a-c.Off])
		p.oldDirty = true
	}
	if cEnd > b {
		p.old.replace(p.old.size(), 0, c.Old[b-c.Off:])
		p.oldDirty = true
	}
	lo, hi := max(c.Off, a), min(cEnd, b)
	p.new.replace(lo-a, hi-lo, c.New)
	p.newDirty = true
	p.off = min(a, c.Off)
	return true
}

// write stores the pending change in m (the stored change it stands for):
// only the strings that changed are rebuilt.
func (p *pending) write(m *buffer.Change) {
	m.Off = p.off
	if p.oldDirty {
		m.Old = p.old.String()
	}
	if p.newDirty {
		m.New = p.new.String()
	}
	p.oldDirty, p.newDirty = false, false
}

// settle writes the pending change into the open node and recomputes its
// entry, when they are stale. O(size of the change). The text is still
// the one right after the last merge: every other change of the text
// settles first (Apply, and the Sync before movements and reloads).
func (t *Tree) settle() {
	p := &t.pend
	if !p.dirty() || t.open == 0 {
		return
	}
	d := t.st.d(t.open)
	n := len(d.changes)
	m := &d.changes[n-1]
	p.write(m)
	t.openInfo[len(t.openInfo)-1] = entryOf(t.Text(), *m, m.Off+len(m.New), isTyped(d.typed, n-1))
}
