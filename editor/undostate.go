package editor

import "github.com/kjx-editor/kjx/undo"

// Editor state that Vim keeps in its undo headers but kjx's undo tree does
// not: the named marks (restored by undo and redo) and whether the buffer
// was empty (Vim's ML_EMPTY). The editor keys them by sequence number.

// undoState is per-buffer bookkeeping beside the undo tree.
type undoState struct {
	// marksBefore[H] are the marks a-z when header H was created.
	marksBefore map[int]map[rune]Pos
	// marksUndone[H] are the marks a-z when header H was last undone.
	marksUndone map[int]map[rune]Pos
	// emptyAt[S] is whether the buffer had no lines in state S (a missing
	// S > 0 reads as false; see setEmptyAt).
	emptyAt map[int]bool
}

func (u *undoState) init() {
	if u.marksBefore == nil {
		u.marksBefore = map[int]map[rune]Pos{}
		u.marksUndone = map[int]map[rune]Pos{}
		u.emptyAt = map[int]bool{}
	}
}

// namedMarks copies the marks a-z; nil when none is set (most buffers:
// one map per undo header would be a third of a long history's memory).
func namedMarks(b *Buffer) map[rune]Pos {
	var m map[rune]Pos
	for r, p := range b.marks {
		if r >= 'a' && r <= 'z' {
			if m == nil {
				m = make(map[rune]Pos, 4)
			}
			m[r] = p
		}
	}
	return m
}

// setEmptyAt records whether the buffer was empty in state. Only true is
// stored (and state 0's value, whose absence means "as loaded"): a missing
// entry reads as false, and the flag only matters for a state whose text
// is empty, so long histories keep no entry per node.
func (u *undoState) setEmptyAt(state int, empty bool) {
	if empty || state == 0 {
		u.emptyAt[state] = empty
	} else {
		delete(u.emptyAt, state)
	}
}

// saveNote is what beforeSave learns for afterSave.
type saveNote struct {
	seqLast, state int
	empty, synced  bool
	marks          map[rune]Pos // the marks a-z; nil when none is set
}

// beforeSave is called before tree.Save; it returns what afterSave needs.
func (b *Buffer) beforeSave() saveNote {
	t := b.tree
	n := saveNote{seqLast: t.SeqLast(), state: t.SeqCur(), empty: b.empty, synced: t.Synced()}
	if n.synced {
		n.marks = namedMarks(b)
	}
	return n
}

// afterSave records the state of a header Save just created.
func (b *Buffer) afterSave(n saveNote) {
	t := b.tree
	if t.SeqLast() == n.seqLast || !n.synced {
		return
	}
	b.us.init()
	if len(n.marks) > 0 {
		b.us.marksBefore[t.SeqLast()] = n.marks
	}
	b.us.setEmptyAt(n.state, n.empty)
}

// noteState records the buffer's emptiness in its current undo state.
func (b *Buffer) noteState() {
	b.us.init()
	b.us.setEmptyAt(b.tree.SeqCur(), b.empty)
}

// afterUndoMove is afterMove for the current buffer, which also moves
// the jumplist's entries with the lines the movement changed.
func (e *Editor) afterUndoMove() {
	e.setPCMark() // Vim's undo and redo are jumps from the cursor before them
	b := e.buf()
	b.afterMove()
	if len(e.win.jumps.entries) > 0 {
		for _, st := range b.tree.LastPath() {
			for _, en := range st.Entries {
				e.adjustJumpsUndo(b, en)
			}
		}
	}
}

// afterMove restores what Vim's undo headers restore after the tree's
// last movement (tracked: see applyUndo): the marks move through every
// header undone and redone (undopath.go).
func (b *Buffer) afterMove() {
	b.us.init()
	if len(b.marks) > 0 || len(b.us.marksBefore) > 0 || len(b.us.marksUndone) > 0 {
		b.marksAlongPath(b.tree.LastPath())
	}
	empty, ok := b.us.emptyAt[b.tree.SeqCur()]
	if !ok && b.tree.SeqCur() == 0 {
		empty = b.loadedEmpty
	}
	b.empty = empty && b.text().Len() == 0
}

// restoreHeaderMarks restores the named marks of one header of a path:
// undoing it brings back the marks from before its change (and keeps
// the current ones, saved, for its redo); redoing it brings back those.
func (b *Buffer) restoreHeaderMarks(st undo.PathStep, saved map[rune]Pos) {
	if st.Back {
		if saved != nil {
			b.us.marksUndone[st.Seq] = saved
		} else {
			delete(b.us.marksUndone, st.Seq)
		}
		for r, p := range b.us.marksBefore[st.Seq] {
			b.marks[r] = p
		}
		return
	}
	for r, p := range b.us.marksUndone[st.Seq] {
		b.marks[r] = p
	}
}
