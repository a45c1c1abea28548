package undo

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/kjx-editor/kjx/buffer"
)

// The messages of a movement that found nothing to do.
const (
	MsgOldest = "Already at oldest change"
	MsgNewest = "Already at newest change"
)

// step is one node undone (back) or redone during a movement. Movements do
// all of Vim's bookkeeping first and queue the text work here; finish applies
// it to the rope in one batch.
type step struct {
	n    nid
	back bool // leave the node: apply its changes inverted, newest first
}

// Undo is [count]u.
func (t *Tree) Undo(count int) Result {
	if !t.synced {
		// Vim's u_undo: undo while a change is still open (a mapping or a
		// macro) first closes it and undoes just that block.
		t.Sync()
		count = 1
	}
	return t.doit(max(count, 1), true)
}

// Redo is [count]CTRL-R.
func (t *Tree) Redo(count int) Result { return t.doit(max(count, 1), false) }

// doit is Vim's u_doit.
func (t *Tree) doit(count int, undo bool) Result {
	t.steps = t.steps[:0]
	emptyBefore := t.empty
	for i := 0; i < count; i++ {
		if undo {
			switch {
			case t.curhead == 0:
				t.curhead = t.newhead
			case t.levels > 0:
				t.curhead = t.st.m(t.curhead).next
			}
			if t.numhead == 0 || t.curhead == 0 {
				t.curhead = t.oldhead // stick curhead at the end
				if i == 0 {
					return t.noMove(MsgOldest)
				}
				break
			}
			t.undoredo(t.curhead, true)
			continue
		}
		if t.curhead == 0 || t.levels <= 0 {
			if i == 0 {
				return t.noMove(MsgNewest)
			}
			break
		}
		h := t.curhead
		t.undoredo(h, false)
		next := t.st.m(h).prev
		if next == 0 {
			t.newhead = h
		}
		t.curhead = next
	}
	return t.end(emptyBefore, undo, false)
}

func (t *Tree) noMove(msg string) Result {
	return Result{Text: t.Freeze(), Cursor: t.cursor, Message: msg}
}

// undoredo is Vim's u_undoredo without the text work: it moves the
// physical state across h, swaps the 'modified' flags and updates seq_cur,
// save_nr_cur and time_cur.
func (t *Tree) undoredo(h nid, undo bool) {
	if len(t.steps) == 0 {
		t.pendLen = t.tx.Len()
	}
	m := t.st.m(h)
	back := t.phys == h
	switch t.phys {
	case h:
		t.steps = append(t.steps, step{n: h, back: true})
		t.phys = m.next
	case m.next:
		t.steps = append(t.steps, step{n: h})
		t.phys = h
	default:
		panic(fmt.Sprintf("undo: internal error: node #%d is not next to the current state #%d", m.seq, t.seqOf(t.phys)))
	}
	old := t.changedFlag(h)
	t.setChangedFlag(h, t.modified)
	t.modified = old
	t.swapEmpty(h, back)
	m = t.st.m(h)
	t.seqCur = m.seq
	if undo {
		t.seqCur = t.seqOf(m.next)
	}
	if m.saveNr != 0 {
		if undo {
			t.saveCur = int(m.saveNr) - 1
		} else {
			t.saveCur = int(m.saveNr)
		}
	}
	t.timeCur = m.time
}

// swapEmpty is Vim's handling of ML_EMPTY in u_undoredo: the node keeps
// whether the buffer was empty before this step (new_flags), and the buffer
// is empty after it when the node said so (old_flags & UH_EMPTYBUF) and no
// line is left (BUFEMPTY). The text is changed later, so its length after
// the step is tracked in pendLen.
func (t *Tree) swapEmpty(h nid, back bool) {
	delta := 0
	for _, c := range t.st.d(h).changes {
		delta += len(c.New) - len(c.Old)
	}
	if back {
		delta = -delta
	}
	t.pendLen += delta
	was := t.empty
	t.empty = t.st.m(h).emptyBuf && t.pendLen == 0
	if t.st.m(h).emptyBuf != was {
		t.mw(h).emptyBuf = was
	}
}

// end applies the queued steps and builds Vim's message (u_undo_end).
// emptyBefore is whether the buffer was empty when the movement started.
func (t *Tree) end(emptyBefore, didUndo, absolute bool) Result {
	oldCount, newCount := t.lineCounts(emptyBefore)
	cur, err := t.finish()
	t.cursor = cur
	res := Result{Text: t.Freeze(), Cursor: cur, Moved: len(t.steps) > 0, Err: err}
	if t.empty {
		newCount--
	}
	var u nid
	if t.curhead != 0 {
		m := t.st.m(t.curhead)
		switch {
		case absolute && m.next != 0:
			u, didUndo = m.next, false
		case didUndo:
			u = t.curhead
		default:
			u = m.next
		}
	} else {
		u = t.newhead
	}
	rel, seq, age := "after", 0, ""
	if didUndo {
		rel = "before"
	}
	if u != 0 {
		seq = t.st.m(u).seq
		age = AgeString(t.st.m(u).time, t.nowUnix(), t.loc)
	}
	res.Message = countPhrase(oldCount, newCount) + "; " + rel + " #" + strconv.Itoa(seq) + "  " + age
	clear(t.steps)
	t.steps = t.steps[:0]
	return res
}

// lineCounts are Vim's u_oldcount and u_newcount after the queued steps:
// reset once per movement (u_doit, undo_time), -1 when the buffer was empty
// before it, then every entry of every step adds the lines it finds
// (oldsize) and the lines it puts back (newsize).
func (t *Tree) lineCounts(emptyBefore bool) (oldCount, newCount int) {
	if emptyBefore {
		oldCount = -1
	}
	for _, s := range t.steps {
		o, n := entryLines(t.st.d(s.n))
		if s.back {
			o, n = n, o
		}
		oldCount += o
		newCount += n
	}
	return oldCount, newCount
}

// countPhrase is the start of u_undo_end's message: the lines added or
// removed when the line count changed, else the lines put back ("changes",
// which counts lines, not undo blocks).
func countPhrase(oldCount, newCount int) string {
	switch d := oldCount - newCount; {
	case d == -1:
		return "1 more line"
	case d < -1:
		return strconv.Itoa(-d) + " more lines"
	case d == 1:
		return "1 line less"
	case d > 1:
		return strconv.Itoa(d) + " fewer lines"
	case newCount == 1:
		return "1 change"
	default:
		return strconv.Itoa(max(newCount, -newCount)) + " changes"
	}
}

// finish applies the queued steps to the text. Only the last step decides
// the cursor (every node has at least one entry for Vim's cursor rules, so
// the cursor after a node never depends on the one before), so the earlier
// steps change the text in place with no cursor work.
func (t *Tree) finish() (Pos, error) {
	t.path.reset()
	if len(t.steps) == 0 {
		return t.cursor, nil
	}
	if t.path.on {
		// One step each: sized once, not grown by a quarter at a time
		// over a walk of the whole history.
		t.path.steps = slices.Grow(t.path.steps, len(t.steps))
	}
	last := len(t.steps) - 1
	for _, s := range t.steps[t.skipSteps(last):last] {
		if err := t.applyInPlace(s); err != nil {
			return t.cursor, err
		}
	}
	t.pathBegin(t.steps[last])
	r, cur, err := t.applyWithCursor(t.tx.Borrow(), t.steps[last])
	t.setText(r)
	return cur, err
}

// applyInPlace applies the changes of step s to the text in place,
// recording their line entries when the path is tracked.
func (t *Tree) applyInPlace(s step) error {
	t.pathBegin(s)
	d := t.st.d(s.n)
	linesBefore := 0
	if d.whole && t.path.on {
		linesBefore = lineCount(t.tx.Borrow())
	}
	n := len(d.changes)
	for k := 0; k < n; k++ {
		c := d.changes[k]
		if s.back {
			c = d.changes[n-1-k].Inverse()
		}
		if !d.whole {
			t.pathChange(t.tx.Borrow(), c)
		}
		if err := t.tx.Apply(c); err != nil {
			return fmt.Errorf("undo: internal error: replaying change %d of node #%d: %w", k, t.st.m(s.n).seq, err)
		}
	}
	if d.whole {
		t.pathEntry(LineEntry{OldSize: linesBefore, NewSize: lineCount(t.tx.Borrow())})
	}
	t.learnEntries(s)
	return nil
}

// appendChanges appends cs to dst, or their inverses newest first.
func appendChanges(dst, cs []buffer.Change, back bool) []buffer.Change {
	if !back {
		return append(dst, cs...)
	}
	for i := len(cs) - 1; i >= 0; i-- {
		dst = append(dst, cs[i].Inverse())
	}
	return dst
}

// entryLines is the (replaced, inserted) line count of a node in the
// forward direction. A node without changes is Vim's `x` on an empty line:
// one saved line that did not change.
func entryLines(d *data) (int, int) {
	if len(d.changes) == 0 && !d.whole {
		return 1, 1
	}
	return int(d.oldLines), int(d.newLines)
}
