package undo

// pruneLevels is the 'undolevels' part of Vim's u_savecommon: while there
// are more headers than 'undolevels', free the oldest history. oldCurhead is
// the branch being detached by the new change (cleared when freed).
func (t *Tree) pruneLevels(oldCurhead *nid) {
	for t.numhead > t.levels && t.oldhead != 0 {
		u := t.oldhead
		switch {
		case u == *oldCurhead:
			// Undone to the root and changing: the old tree cannot be
			// reconnected, free all of it.
			t.freeBranch(u, oldCurhead)
		case t.st.m(u).altNext == 0:
			// No branch: fold just this header into the root.
			t.freeHeader(u, oldCurhead)
		default:
			// Free the oldest root-level branch as a whole.
			for n := t.st.m(u).altNext; n != 0; n = t.st.m(u).altNext {
				u = n
			}
			t.freeBranch(u, oldCurhead)
		}
	}
}

// Prune removes nodes until at most maxNodes remain (for persistence limits)
// and returns how many it removed. It folds the oldest change into the root
// while the root has a single child on the way to the current state, and
// otherwise drops the oldest branch hanging off that path, nearest the root
// first. It never removes the current state or its path from the root, so
// it can stop above maxNodes.
func (t *Tree) Prune(maxNodes int) int {
	t.normalize()
	before := t.numhead
	for t.numhead > max(maxNodes, 0) && t.pruneOne(nil) {
	}
	n := before - t.numhead
	t.pruned += n
	t.maybeCompact()
	return n
}

// pruneOne removes the oldest piece of history that is not on the path to
// the current state. protect is cleared when the node it names is removed.
func (t *Tree) pruneOne(protect *nid) bool {
	state := t.phys
	f := t.oldhead
	if f == 0 {
		return false
	}
	if state != 0 && f != state && t.st.m(f).altNext == 0 {
		t.freeHeader(f, protect) // f is the only root child, above the state
		return true
	}
	var p nid // walk down the current path, which is made of first children
	for {
		first := t.oldhead
		if p != 0 {
			first = t.st.m(p).prev
		}
		if first == 0 {
			return false
		}
		if p == state || t.st.m(first).altNext != 0 {
			last := first
			for n := t.st.m(last).altNext; n != 0; n = t.st.m(last).altNext {
				last = n
			}
			hadCurhead := t.curhead != 0
			t.freeBranch(last, protect)
			if last == first && p != 0 {
				t.mw(p).prev = 0
			}
			if hadCurhead && t.curhead == 0 {
				t.newhead = t.phys
			}
			return true
		}
		p = first
	}
}

// freeHeader is Vim's u_freeheader: free one header; its children take its
// place (at the root level this folds the header into the root).
func (t *Tree) freeHeader(u nid, uhpp *nid) {
	if n := t.st.m(u).altNext; n != 0 {
		t.freeBranch(n, uhpp) // an alternate redo list can never be reached again
	}
	m := *t.st.m(u)
	if m.altPrev != 0 {
		t.mw(m.altPrev).altNext = 0
	}
	if m.next == 0 {
		t.forgetRoot()
		t.oldhead = m.prev
		t.rootDepth = m.depth
		// The root moves down to u's state.
		if t.savedKnown && t.saved == 0 {
			t.savedKnown = false
		} else if t.saved == u {
			t.saved = 0
		}
	} else {
		t.mw(m.next).prev = m.prev
	}
	if m.prev == 0 {
		t.newhead = m.next
	} else {
		for c := m.prev; c != 0; c = t.st.m(c).altNext {
			t.mw(c).next = m.next
		}
	}
	t.freeEntries(u, uhpp)
}

// freeBranch is Vim's u_freebranch: free u, its older siblings and all
// their descendants. Freeing the first root-level header frees everything.
func (t *Tree) freeBranch(u nid, uhpp *nid) {
	if u == t.oldhead {
		keepSaved := t.savedKnown && t.saved == 0 && t.phys == 0
		for t.oldhead != 0 {
			t.freeHeader(t.oldhead, uhpp)
		}
		if keepSaved {
			t.saved, t.savedKnown = 0, true
		}
		return
	}
	if p := t.st.m(u).altPrev; p != 0 {
		t.mw(p).altNext = 0
	}
	stack := []nid{u}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		m := t.st.m(x)
		if m.altNext != 0 {
			stack = append(stack, m.altNext)
		}
		if m.prev != 0 {
			stack = append(stack, m.prev)
		}
		t.freeEntries(x, uhpp)
	}
}

// freeEntries is Vim's u_freeentries: drop references to u and kill it.
func (t *Tree) freeEntries(u nid, uhpp *nid) {
	t.shape++
	if t.curhead == u {
		t.curhead = 0
	}
	if t.newhead == u {
		t.newhead = 0
	}
	if uhpp != nil && *uhpp == u {
		*uhpp = 0
	}
	if t.phys == u {
		t.phys = 0 // folded: the root now has u's text
	}
	if t.open == u {
		t.open = 0
	}
	if t.savedKnown && t.saved == u {
		t.savedKnown = false
	}
	if name, ok := t.labels.byNode[u]; ok {
		ls := t.labelsW()
		delete(ls.byNode, u)
		delete(ls.byName, name)
	}
	t.forget(u)
	t.mw(u).dead = true
	t.numhead--
	t.dead++
}
