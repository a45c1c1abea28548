package undo

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kjx-editor/kjx/buffer"
)

// ErrUndojoinAfterUndo is Vim's E790.
var ErrUndojoinAfterUndo = errors.New("E790: undojoin is not allowed after undo")

// Save is Vim's u_save: before a change, make sure an open block exists,
// creating a new node (and pruning) when the tree is synced. cursor is the
// cursor before the change. A Save without a following Apply still creates
// a (no-op) node, as Vim's `x` on an empty line does. With 'undolevels' < 0
// no node is created and the existing history is freed.
func (t *Tree) Save(cursor Pos, src Source) {
	t.cursor = cursor
	if !t.synced {
		return
	}
	t.normalize()
	oldCurhead := t.curhead
	if oldCurhead != 0 {
		t.newhead = t.st.m(oldCurhead).next
		t.curhead = 0
	}
	t.pruneLevels(&oldCurhead)
	if t.levels < 0 {
		if oldCurhead != 0 {
			t.freeBranch(oldCurhead, nil)
		}
		t.synced = false
		t.open = 0
		t.maybeCompact()
		return
	}
	if t.maxNodes > 0 {
		before := t.numhead
		for t.numhead >= t.maxNodes && t.pruneOne(&oldCurhead) {
		}
		t.pruned += before - t.numhead
	}
	t.link(oldCurhead, cursor, src)
	t.maybeCompact()
}

// link creates the new header below newhead, in front of oldCurhead's
// siblings (Vim's u_savecommon).
func (t *Tree) link(oldCurhead nid, cursor Pos, src Source) {
	var altPrev nid
	if oldCurhead != 0 {
		altPrev = t.st.m(oldCurhead).altPrev
	}
	t.keepText(t.phys)
	now := t.nowUnix()
	u := t.alloc()
	depth := t.rootDepth + 1
	if t.newhead != 0 {
		depth = t.st.m(t.newhead).depth + 1
	}
	*t.mw(u) = meta{
		next: t.newhead, altNext: oldCurhead, altPrev: altPrev,
		seq: t.seqLast + 1, time: now, depth: depth,
		flagEpoch: t.writeEpoch, changed: t.modified, emptyBuf: t.empty,
	}
	*t.st.d(u) = data{before: packPos(cursor), after: packPos(cursor), src: src}
	if oldCurhead != 0 {
		if altPrev != 0 {
			t.mw(altPrev).altNext = u
		}
		t.mw(oldCurhead).altPrev = u
		if t.oldhead == oldCurhead {
			t.oldhead = u
		}
	}
	if t.newhead != 0 {
		t.mw(t.newhead).prev = u
	}
	t.seqLast++
	t.seqCur = t.seqLast
	t.timeCur = now + 1
	t.shape++
	t.newhead = u
	if t.oldhead == 0 {
		t.oldhead = u
	}
	t.numhead++
	t.phys = u
	t.synced = false
	t.open = u
	t.openShared = false
	t.pend.drop()
	t.openInfo = t.openInfo[:0]
	t.closedInfo = closedInfo{}
	t.openLinked(u)
}

// Apply applies c to the text and records it in the open block. Without an
// open block it first calls Save(Cursor(), SourceTyped). With 'undolevels'
// < 0 the text changes without history. A change that lies inside, or
// touches, the text the block's previous change produced is merged with it
// (exactly: the merged change still turns the parent's text into this
// node's text), so typing 1 000 characters stores one change; merging is
// amortised O(1) per key (pending.go).
func (t *Tree) Apply(c buffer.Change) error {
	if t.synced {
		t.Save(t.cursor, SourceTyped)
	}
	if c.Old == c.New {
		if _, err := t.Text().Apply(c); err != nil {
			return fmt.Errorf("undo: apply change at offset %d: %w", c.Off, err)
		}
		return nil
	}
	var d *data
	n, merging := 0, false
	if t.open != 0 {
		d = t.st.d(t.open)
		if t.openShared {
			d.changes = slices.Clip(slices.Clone(d.changes))
			t.openShared = false
		}
		n = len(d.changes)
		merging = n > 0 && !d.whole && t.pend.touchesLast(d.changes[n-1], c)
		if !merging {
			t.finalizeLast(d)
		}
	}
	if err := t.tx.Apply(c); err != nil {
		return fmt.Errorf("undo: apply change at offset %d: %w", c.Off, err)
	}
	t.empty = t.tx.Len() == 0 // an empty text is taken for an empty buffer; see SetEmpty
	t.modified = true
	switch {
	case t.open == 0:
	case merging:
		t.pend.merge(d.changes[n-1], c)
		if c.New != "" {
			// Typing: what Vim saved as its Insert-mode entry (see
			// entryOf). Deleting does not make a change typed: whole
			// lines deleted one after the other (:g/x/d) stay whole
			// lines, and so does o with the autoindent <Esc> removes.
			d.typed |= typedBit(n - 1)
		}
	default:
		if n == 0 {
			d.changes = t.newChangeSlice(c)
		} else {
			d.changes = append(d.changes, c)
		}
		t.openInfo = append(t.openInfo, entryOf(t.Text(), c, c.Off+len(c.New), false))
	}
	return nil
}

// finalizeLast makes the open block d's last change final before a change
// that does not merge with it is applied: its pending state is written
// and dropped, and its entry's first line is taken from the text, in which
// its offset still has the same prefix.
func (t *Tree) finalizeLast(d *data) {
	t.settle()
	t.pend.drop()
	if k := len(t.openInfo) - 1; k >= 0 && t.openInfo[k].top < 0 {
		t.openInfo[k].resolve(t.Text(), d.changes[len(d.changes)-1])
	}
	t.finalEntry(d)
}

// newChangeSlice returns a one-change slice cut from a shared array, so
// that a commit does not allocate its own (its capacity is one: growing
// it copies).
func (t *Tree) newChangeSlice(c buffer.Change) []buffer.Change {
	if len(t.arena) == cap(t.arena) {
		t.arena = make([]buffer.Change, 0, 256)
	}
	t.arena = append(t.arena, c)
	k := len(t.arena)
	return t.arena[k-1 : k : k]
}

// SetCursorAfter records the cursor after the open block's changes (call it
// before Sync).
func (t *Tree) SetCursorAfter(p Pos) {
	t.cursor = p
	if t.open != 0 {
		t.st.d(t.open).after = packPos(p)
	}
}

// Sync closes the open block: the next Save starts a new node.
func (t *Tree) Sync() {
	if t.synced {
		return
	}
	if t.levels >= 0 {
		t.curhead = 0
	}
	t.closeBlock()
	t.synced = true
}

// closeBlock stores the open node's line counts and forgets it.
func (t *Tree) closeBlock() {
	t.settle()
	t.pend.drop()
	if t.open != 0 {
		if d := t.st.d(t.open); !d.whole {
			if k := len(t.openInfo) - 1; k > 0 && t.openInfo[k].top < 0 {
				t.openInfo[k].resolve(t.Text(), d.changes[len(d.changes)-1])
			}
			d.oldLines, d.newLines = blockLines(t.openInfo)
			t.closeEntries(d)
			// The entries stay for a :undojoin that reopens the block
			// before the text changes again (see Join).
			t.closedInfo = closedInfo{node: t.open, ver: t.tx.Version()}
			t.open = 0
			return
		}
	}
	t.openInfo = t.openInfo[:0]
	t.closedInfo = closedInfo{}
	t.open = 0
}

// resolveLastInfo resolves the top line of the open block's last entry,
// which Sync leaves unresolved when it is the block's only one.
func (t *Tree) resolveLastInfo(d *data) {
	if k := len(t.openInfo) - 1; k >= 0 && t.openInfo[k].top < 0 {
		t.openInfo[k].resolve(t.Text(), d.changes[k])
	}
}

// closedInfo says which closed block Tree.openInfo still holds the entries
// of, and at which version of the text: while the text is unchanged, they
// are what rebuildInfo would compute again.
type closedInfo struct {
	node nid
	ver  uint64
}

// Join is :undojoin: the next change joins the previous block. It is a
// no-op when nothing changed yet, when the block is still open or with
// 'undolevels' < 0, and fails with E790 after undo/redo.
func (t *Tree) Join() error {
	if t.newhead == 0 {
		return nil
	}
	if t.curhead != 0 {
		return ErrUndojoinAfterUndo
	}
	if !t.synced || t.levels < 0 {
		return nil
	}
	if t.normalize(); t.curhead != 0 {
		// A Vi-style undo left the text before the last change: joining
		// it would record against the wrong text.
		return ErrUndojoinAfterUndo
	}
	t.synced = false
	t.open = t.newhead
	t.dwShared(t.open) // the reopened slot must be private before it changes
	t.openShared = true
	d := t.st.d(t.open)
	kept := t.closedInfo
	t.closedInfo = closedInfo{}
	same := kept.node == t.open && kept.ver == t.tx.Version()
	t.reopen(t.open, same)
	if same && len(t.openInfo) == len(d.changes) {
		// A script's undojoin after each line: the entries kept at Sync,
		// with no text to undo and redo.
		t.resolveLastInfo(d)
		return nil
	}
	t.openInfo = rebuildInfo(t.openInfo[:0], t.Text(), d.changes, d.typed)
	return nil
}

// MarkSaved records a successful write of the whole buffer to its own file:
// 'modified' is reset, every node becomes "was modified", the write counter
// grows and the last applied change carries it (Vim's u_update_save_nr).
func (t *Tree) MarkSaved() {
	t.modified = false
	t.writeEpoch++
	t.saveLast++
	t.saveCur = t.saveLast
	u := t.newhead
	if t.curhead != 0 {
		u = t.st.m(t.curhead).next
	}
	if u != 0 {
		t.mw(u).saveNr = int32(t.saveLast)
	}
	t.saved, t.savedKnown = t.phys, true
}

// Reload records that the buffer's text was replaced by newText (":e!" or a
// reload after the file changed on disk), as Vim's 'undoreload' does: one new
// node holds the whole replacement (stored as a minimal change, common
// prefix and suffix trimmed), the buffer becomes unmodified, and undo brings
// the old text back. With 'undolevels' < 0 the history is freed instead.
// src is SourceReload or SourceExternal (any other is recorded as
// SourceReload): those two sources mark whole-buffer nodes, also in Images.
func (t *Tree) Reload(newText buffer.Rope, src Source) {
	if src != SourceExternal {
		src = SourceReload
	}
	t.normalize()
	t.Sync()
	old := t.Freeze() // read after Save below
	if t.levels < 0 {
		t.Reset(newText)
		return
	}
	c, changed := minimalChange(old, newText)
	cur := t.cursor
	if changed {
		if l, ok := reloadCursorLine(old, newText, c.Off); ok {
			cur = Pos{Line: l}
		}
	}
	t.Save(cur, src)
	if t.open != 0 {
		d := t.st.d(t.open)
		d.whole = true
		d.oldLines, d.newLines = int32(lineCount(old)), int32(lineCount(newText))
		if changed {
			d.changes = append(d.changes, c)
		}
	}
	t.setText(newText)
	t.empty = t.tx.Len() == 0
	t.Sync()
	t.modified = false
	t.writeEpoch++
	t.saved, t.savedKnown = t.phys, true
}

// Reset frees the whole history and sets the text (a reload too big for
// 'undoreload'). seq_last keeps its value, so numbering continues.
func (t *Tree) Reset(text buffer.Rope) {
	t.normalize()
	t.setText(text)
	t.empty = t.tx.Len() == 0
	t.shape++
	t.st = newStore(t.snapGen)
	t.skip.reset()
	t.marks = make([]uint32, 1, chunkSize)
	t.lastMark = 0
	t.oldhead, t.newhead, t.curhead, t.phys, t.open = 0, 0, 0, 0, 0
	t.pend.drop() // an open block's pending change goes with the history
	t.numhead, t.dead = 0, 0
	t.seqCur, t.saveCur, t.timeCur = 0, 0, 0
	t.synced = true
	t.modified = false
	t.writeEpoch++
	t.labels = &labelSet{byName: map[string]nid{}, byNode: map[nid]string{}, gen: t.snapGen}
	t.saved, t.savedKnown = 0, true
}

// normalize makes Vim's bookkeeping agree with the text again after a
// Vi-style repeated undo ('undolevels' <= 0) left the buffer showing the
// other side of its one change than Vim's links say.
func (t *Tree) normalize() {
	b := t.newhead
	if t.curhead != 0 {
		b = t.st.m(t.curhead).next
	}
	if b == t.phys {
		return
	}
	p := t.phys
	if p == 0 {
		t.curhead = t.oldhead
		t.seqCur, t.timeCur = 0, 0
		return
	}
	m := t.st.m(p)
	t.curhead = m.prev
	if m.prev == 0 {
		t.newhead = p
	}
	t.seqCur, t.timeCur = m.seq, m.time
}

// minimalChange is the single change turning a into b, with the common
// prefix and suffix trimmed.
func minimalChange(a, b buffer.Rope) (buffer.Change, bool) {
	as, bs := a.String(), b.String()
	if as == bs {
		return buffer.Change{}, false
	}
	p := 0
	for p < len(as) && p < len(bs) && as[p] == bs[p] {
		p++
	}
	s := 0
	for s < len(as)-p && s < len(bs)-p && as[len(as)-1-s] == bs[len(bs)-1-s] {
		s++
	}
	return buffer.Change{Off: p, Old: as[p : len(as)-s], New: bs[p : len(bs)-s]}, true
}

// reloadCursorLine is Vim's u_find_first_changed: the first line of the new
// text that differs from the old one (0-based), when Vim moves the cursor.
// Lines before the one holding the first differing byte are equal, so the
// comparison starts there.
func reloadCursorLine(old, nw buffer.Rope, prefix int) (int, bool) {
	oc, nc := lineCount(old), lineCount(nw)
	lnum := 1
	if prefix > 0 {
		lnum = old.LineOf(min(prefix, old.Len())) + 1
	}
	for ; lnum < nc && lnum <= oc; lnum++ {
		if lineText(old, lnum-1) != lineText(nw, lnum-1) {
			return lnum - 1, true
		}
	}
	if nc != oc {
		return lnum - 1, true
	}
	return 0, false
}
