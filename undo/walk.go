package undo

// walk is Vim's search loop in undo_time, literally: a depth-first walk over
// the whole tree from curhead (or newhead) that marks nodes visited with
// mark and nodes it backtracked from with nomark. In round 1 it keeps the
// candidate closest to the target; the order of visits, revisits included,
// breaks ties. It returns the node whose value equals the target (never
// for a time search), or 0.
func (t *Tree) walk(round int, target *int64, dosec, dofile bool, step int64,
	closest, closestSeq *int64, closestStart int64, mark, nomark uint32) nid {
	unmarked := func(u nid) bool { return u != 0 && t.marks[u] != mark && t.marks[u] != nomark }
	u := t.curhead
	if u == 0 {
		u = t.newhead
	}
	for u != 0 {
		t.marks[u] = mark
		m := t.st.m(u)
		var val int64
		switch {
		case dosec:
			val = m.time
		case dofile:
			val = int64(m.saveNr)
		default:
			val = int64(m.seq)
		}
		if round == 1 && !(dofile && val == 0) {
			t.consider(m.seq, val, *target, dosec, step, closest, closestSeq, closestStart)
		}
		if *target == val && !dosec {
			*target = int64(m.seq)
			return u
		}
		switch {
		case unmarked(m.prev): // go down
			u = m.prev
		case unmarked(m.altNext): // go to the alternate branch
			u = m.altNext
		case unmarked(m.next) && m.altPrev == 0: // go up from the first branch
			if u == t.curhead {
				t.marks[u] = nomark // still at the start: don't go through it
			}
			u = m.next
		default: // backtrack
			t.marks[u] = nomark
			if m.altPrev != 0 {
				u = m.altPrev
			} else {
				u = m.next
			}
		}
	}
	return 0
}

// consider is Vim's "remember the header that is closest to the target".
func (t *Tree) consider(seq int, val, target int64, dosec bool, step int64,
	closest, closestSeq *int64, closestStart int64) {
	s := int64(seq)
	if step < 0 && s > int64(t.seqCur) || step >= 0 && s <= int64(t.seqCur) {
		return // not in the right direction
	}
	var better bool
	if dosec && val == *closest {
		// Equal timestamps: the lowest (back) or highest (forward) seq.
		better = step < 0 && s < *closestSeq || step >= 0 && s > *closestSeq
	} else {
		better = *closest == closestStart || abs64(val-target) <= abs64(*closest-target)
	}
	if better {
		*closest = val
		*closestSeq = s
	}
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// scanTime finds what round 1 of a time search finds, without walking,
// when the walk order cannot matter: the closest candidates all share one
// timestamp (the lowest seq going back, the highest going forward wins).
// It reports false when candidates on both sides of the target tie, or a
// timestamp collides with Vim's start value: then only the walk can tell.
func (t *Tree) scanTime(target, step int64, closest, closestSeq *int64, closestStart int64) bool {
	type side struct {
		seq int
		val int64
		ok  bool
	}
	var sides [2]side
	best := int64(-1)
	cur := t.seqCur
	for i := nid(1); int(i) < t.st.n; i++ {
		m := t.st.m(i)
		if m.dead || (step < 0) != (m.seq <= cur) {
			continue
		}
		if m.time == closestStart {
			return false
		}
		d := abs64(m.time - target)
		if best < 0 || d < best {
			best = d
			sides = [2]side{}
		}
		if d != best {
			continue
		}
		k := 0
		if m.time > target {
			k = 1
		}
		if s := &sides[k]; !s.ok || (step < 0 && m.seq < s.seq) || (step >= 0 && m.seq > s.seq) {
			*s = side{seq: m.seq, val: m.time, ok: true}
		}
	}
	switch {
	case best < 0:
		return true // no candidate: closest stays at its start value
	case sides[0].ok && sides[1].ok:
		return false
	case sides[0].ok:
		*closest, *closestSeq = sides[0].val, int64(sides[0].seq)
	default:
		*closest, *closestSeq = sides[1].val, int64(sides[1].seq)
	}
	return true
}

// findSaveNr returns the node carrying write number nr (they are unique).
func (t *Tree) findSaveNr(nr int64) nid {
	if nr <= 0 {
		return 0
	}
	for i := nid(1); int(i) < t.st.n; i++ {
		if m := t.st.m(i); !m.dead && int64(m.saveNr) == nr {
			return i
		}
	}
	return 0
}

// markPath leaves the marks Vim's walk would leave where the movement looks
// when the walk finds target u: the current path from the state up to (not
// including) the lowest common ancestor, u itself if it is that ancestor,
// and below the ancestor each node on u's path together with its newer
// siblings (the walk visits siblings front to back and only backtracks from
// branches after the one holding u).
func (t *Tree) markPath(u nid) uint32 {
	mark, _ := t.newMarks()
	state := t.newhead // Vim's walk starts from its bookkeeping state
	if t.curhead != 0 {
		state = t.st.m(t.curhead).next
	}
	lca := lca(&t.st, t.rootDepth, state, u)
	for p := state; p != lca; p = t.st.m(p).next {
		t.marks[p] = mark
	}
	if lca == u {
		t.marks[u] = mark
		return mark
	}
	for p := u; p != lca; p = t.st.m(p).next {
		t.marks[p] = mark
		for s := t.st.m(p).altPrev; s != 0; s = t.st.m(s).altPrev {
			t.marks[s] = mark
		}
	}
	return mark
}
