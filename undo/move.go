package undo

import (
	"fmt"
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
	before := t.text
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
	return t.end(before, undo, false)
}

func (t *Tree) noMove(msg string) Result {
	return Result{Text: t.text, Cursor: t.cursor, Message: msg}
}

// undoredo is Vim's u_undoredo without the text work: it moves the
// physical state across h, swaps the 'modified' flags and updates seq_cur,
// save_nr_cur and time_cur.
func (t *Tree) undoredo(h nid, undo bool) {
	m := t.st.m(h)
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

// end applies the queued steps and builds Vim's message (u_undo_end).
func (t *Tree) end(before buffer.Rope, didUndo, absolute bool) Result {
	cur, newCount, err := t.finish()
	t.cursor = cur
	res := Result{Text: t.text, Cursor: cur, Moved: len(t.steps) > 0, Err: err}
	if t.text.Len() == 0 {
		newCount--
	}
	d := realLines(before) - realLines(t.text)
	var n int
	var what string
	switch {
	case d == -1:
		n, what = 1, "more line"
	case d < -1:
		n, what = -d, "more lines"
	case d == 1:
		n, what = 1, "line less"
	case d > 1:
		n, what = d, "fewer lines"
	default:
		n, what = newCount, "changes"
		if newCount == 1 {
			what = "change"
		}
		if n < 0 {
			n = -n
		}
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
	res.Message = strconv.Itoa(n) + " " + what + "; " + rel + " #" + strconv.Itoa(seq) + "  " + age
	clear(t.steps)
	t.steps = t.steps[:0]
	return res
}

// finish applies the queued steps to the text. Only the last step decides
// the cursor (every node has at least one entry for Vim's cursor rules, so
// the cursor after a node never depends on the one before), so all earlier
// steps go to the rope in one ApplyAll. It returns the cursor and the
// number of lines the steps inserted (Vim's u_newcount).
func (t *Tree) finish() (Pos, int, error) {
	if len(t.steps) == 0 {
		return t.cursor, 0, nil
	}
	newCount := 0
	for _, s := range t.steps {
		o, n := entryLines(t.st.d(s.n))
		if s.back {
			newCount += o
		} else {
			newCount += n
		}
	}
	r := t.text
	t.chg = t.chg[:0]
	for _, s := range t.steps[:len(t.steps)-1] {
		t.chg = appendChanges(t.chg, t.st.d(s.n).changes, s.back)
	}
	if len(t.chg) > 0 {
		var err error
		r, err = r.ApplyAll(t.chg)
		clear(t.chg)
		if err != nil {
			return t.cursor, newCount, fmt.Errorf("undo: internal error: replaying %d changes: %w", len(t.chg), err)
		}
	}
	r, cur, err := t.applyWithCursor(r, t.steps[len(t.steps)-1])
	t.text = r
	return cur, newCount, err
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
