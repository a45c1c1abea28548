package undo

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// ErrInvalidArgument is Vim's E475; the Err of Earlier and Later wraps it
// with the argument ("E475: Invalid argument: 3x").
var ErrInvalidArgument = errors.New("E475: Invalid argument")

// NotFoundError is Vim's E830 ("E830: Undo number 99 not found").
type NotFoundError struct{ N int64 }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("E830: Undo number %d not found", e.N)
}

// Step is [count]g- (count < 0) or [count]g+ (count > 0).
func (t *Tree) Step(count int) Result { return t.undoTime(int64(count), false, false, false) }

// Earlier is :earlier ARG ("" means 1): a count, or a count followed by one
// of s, m, h, d (a time) or f (file writes). kjx also accepts a sum of
// times such as "1h30m" (Vim rejects it). Anything else is E475.
func (t *Tree) Earlier(arg string) Result { return t.timeArg(arg, -1) }

// Later is :later ARG; see Earlier.
func (t *Tree) Later(arg string) Result { return t.timeArg(arg, 1) }

// Goto is :undo N: go to the state after change N anywhere in the tree (0:
// the root).
func (t *Tree) Goto(seq int) Result { return t.undoTime(int64(seq), false, false, true) }

func (t *Tree) timeArg(arg string, sign int64) Result {
	n, sec, file, err := ParseTimeArg(arg)
	if err != nil {
		return Result{Text: t.Freeze(), Cursor: t.cursor, Err: err}
	}
	return t.undoTime(sign*n, sec, file, false)
}

// maxCount bounds parsed counts so that sums and clock arithmetic cannot
// overflow.
const maxCount = int64(1) << 40

// ParseTimeArg parses the argument of :earlier and :later: it returns the
// count (seconds when sec), and whether it counts seconds or file writes.
func ParseTimeArg(arg string) (n int64, sec, file bool, err error) {
	s := strings.TrimSpace(arg)
	if s == "" {
		return 1, false, false, nil
	}
	bad := fmt.Errorf("%w: %s", ErrInvalidArgument, s)
	parts := 0
	for s != "" {
		i := 0
		var v int64
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			v = min(v*10+int64(s[i]-'0'), maxCount)
			i++
		}
		if i == 0 {
			return 0, false, false, bad
		}
		parts++
		if i == len(s) {
			if parts > 1 {
				return 0, false, false, bad
			}
			return v, false, false, nil
		}
		var mult int64
		switch s[i] {
		case 's':
			mult = 1
		case 'm':
			mult = 60
		case 'h':
			mult = 3600
		case 'd':
			mult = 86400
		case 'f':
			if parts > 1 || i+1 != len(s) {
				return 0, false, false, bad
			}
			return v, false, true, nil
		default:
			return 0, false, false, bad
		}
		n = min(n+v*mult, maxCount)
		sec = true
		s = s[i+1:]
	}
	return n, true, false, nil
}

// undoTime is Vim's undo_time: step is a count (seq), seconds (sec), file
// writes (file) or an absolute seq (absolute).
func (t *Tree) undoTime(step int64, sec, file, absolute bool) Result {
	if t.numhead > 1 {
		// After a Vi-style repeated undo Vim acts on its stale bookkeeping;
		// with the single node 'undolevels' 0 keeps that is what the
		// tracking of the text's real state reproduces. With more nodes
		// (the option was lowered on a bigger tree) make them agree first.
		t.normalize()
	}
	t.Sync()
	t.steps = t.steps[:0]
	emptyBefore := t.empty
	target, closest, dosec, dofile := t.timeTarget(step, sec, file, absolute)
	closestStart := closest
	closestSeq := int64(t.seqCur)
	above, didUndo := false, true
	var found nid
	var mark uint32
	if target != 0 {
		for round := 1; round <= 2; round++ {
			found, mark = t.search(round, &target, dosec, dofile, step, &closest, &closestSeq, closestStart)
			if found != 0 {
				break
			}
			if absolute {
				return Result{Text: t.Freeze(), Cursor: t.cursor, Err: &NotFoundError{N: step}}
			}
			if closest == closestStart {
				if step < 0 {
					return t.noMove(MsgOldest)
				}
				return t.noMove(MsgNewest)
			}
			target = closestSeq
			dosec, dofile = false, false
			if step < 0 {
				above = true // stop above the header
			}
		}
	}
	if found != 0 || target == 0 {
		t.goUp(target, above, mark)
		if target > 0 {
			didUndo = t.goDown(target, above, mark, didUndo)
		}
	}
	return t.end(emptyBefore, didUndo, absolute)
}

// timeTarget computes Vim's target and the start value of closest.
func (t *Tree) timeTarget(step int64, sec, file, absolute bool) (target, closest int64, dosec, dofile bool) {
	if absolute {
		return step, -1, false, false
	}
	dosec, dofile = sec, file
	switch {
	case dosec:
		target = t.timeCur + step
	case dofile && step < 0:
		// Changes after the last write count as one write, so that
		// ":earlier 1f" undoes all changes since the last save.
		u := t.newhead
		if t.curhead != 0 {
			u = t.st.m(t.curhead).next
		}
		if u != 0 && t.st.m(u).saveNr != 0 {
			target = int64(t.saveCur) + step
		} else {
			target = int64(t.saveCur) + step + 1
		}
		if target <= 0 {
			dofile = false // before the first write: the root
		}
	case dofile:
		target = int64(t.saveCur) + step
		if target > int64(t.saveLast) {
			target = int64(t.seqLast) + 1 // after the last write: the newest change
			dofile = false
		}
	default:
		target = int64(t.seqCur) + step
	}
	if step < 0 {
		return max(target, 0), -1, dosec, dofile
	}
	switch {
	case dosec:
		closest = t.nowUnix() + 1
	case dofile:
		closest = int64(t.saveLast) + 2
	default:
		closest = int64(t.seqLast) + 2
	}
	return min(target, closest-1), closest, dosec, dofile
}

// search does one round of Vim's search. When the answer does not depend
// on the walk order it takes a shortcut: a seq or a write number is looked
// up directly, and a time search scans the nodes for the closest one,
// falling back to the literal walk when two candidates tie on both sides of
// the target (only the walk order decides those). The shortcut then marks
// exactly what the literal walk would have left marked on the path that
// matters, so the movement code is the same for both.
func (t *Tree) search(round int, target *int64, dosec, dofile bool, step int64,
	closest, closestSeq *int64, closestStart int64) (nid, uint32) {
	if !t.literal {
		switch {
		case !dosec && !dofile:
			if *target > 0 && *target <= math.MaxInt32 {
				if u := t.st.find(int(*target)); u != 0 {
					return u, t.markPath(u)
				}
			}
		case dofile:
			if u := t.findSaveNr(*target); u != 0 {
				*target = int64(t.st.m(u).seq)
				return u, t.markPath(u)
			}
		case round == 1:
			if t.scanTime(*target, step, closest, closestSeq, closestStart) {
				return 0, 0
			}
		}
	}
	mark, nomark := t.newMarks()
	return t.walk(round, target, dosec, dofile, step, closest, closestSeq, closestStart, mark, nomark), mark
}

// goUp undoes changes up the tree as far as needed (Vim's first loop).
func (t *Tree) goUp(target int64, above bool, mark uint32) {
	for {
		u := t.newhead
		if t.curhead != 0 {
			u = t.st.m(t.curhead).next
		}
		if u == 0 || (target > 0 && t.marks[u] != mark) || (int64(t.st.m(u).seq) == target && !above) {
			return
		}
		t.curhead = u
		t.undoredo(u, true)
		if target > 0 {
			t.marks[u] = mark + 1 // nomark: don't go back down here
		}
	}
}

// goDown redoes changes down the marked path, moving each branch taken to
// the front of its siblings (Vim's second loop). It returns did_undo.
func (t *Tree) goDown(target int64, above bool, mark uint32, didUndo bool) bool {
	for {
		u := t.curhead
		if u == 0 {
			return didUndo
		}
		// Go back to the first branch with a mark, then find the last
		// branch with a mark: that's the one.
		for p := t.st.m(u).altPrev; p != 0 && t.marks[p] == mark; p = t.st.m(u).altPrev {
			u = p
		}
		last := u
		for n := t.st.m(last).altNext; n != 0 && t.marks[n] == mark; n = t.st.m(last).altNext {
			last = n
		}
		if last != u {
			u = t.toFront(last)
		}
		t.curhead = u
		if t.marks[u] != mark {
			return didUndo // must have reached the target
		}
		m := t.st.m(u)
		if int64(m.seq) == target && above {
			t.seqCur = int(target - 1) // Vim's quirk: may name another branch
			return didUndo
		}
		t.undoredo(u, false)
		m = t.st.m(u)
		if m.prev == 0 {
			t.newhead = u
		}
		t.curhead = m.prev
		didUndo = false
		if int64(m.seq) == target || m.prev == 0 || t.marks[m.prev] != mark {
			return didUndo // found it (or Vim's internal error: stop)
		}
	}
}

// toFront moves sibling u to the front of its sibling list so that u and
// CTRL-R take it, and returns it.
func (t *Tree) toFront(u nid) nid {
	first := u
	for p := t.st.m(first).altPrev; p != 0; p = t.st.m(first).altPrev {
		first = p
	}
	if first == u {
		return u
	}
	t.shape++
	lm := *t.st.m(u)
	if lm.altNext != 0 {
		t.mw(lm.altNext).altPrev = lm.altPrev
	}
	t.mw(lm.altPrev).altNext = lm.altNext
	w := t.mw(u)
	w.altPrev, w.altNext = 0, first
	t.mw(first).altPrev = u
	if t.oldhead == first {
		t.oldhead = u
	}
	if lm.next != 0 {
		t.mw(lm.next).prev = u
	}
	return u
}

// newMarks returns a fresh (mark, nomark) pair for a walk.
func (t *Tree) newMarks() (uint32, uint32) {
	if t.lastMark >= math.MaxUint32-4 {
		clear(t.marks)
		t.lastMark = 0
	}
	t.lastMark += 2
	return t.lastMark - 1, t.lastMark
}
