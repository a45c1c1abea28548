package undo

import (
	"fmt"
)

// checkInvariants verifies the tree's structure: links agree with each
// other, the node count, the heads, the current path of preferred children,
// increasing sequence numbers and unique write numbers.
func checkInvariants(t *Tree) error {
	live := 0
	saves := map[int32]int{}
	lastSeq := 0
	for i := nid(1); int(i) < t.st.n; i++ {
		m := t.st.m(i)
		if m.seq <= lastSeq {
			return fmt.Errorf("slot %d: seq %d not above %d", i, m.seq, lastSeq)
		}
		lastSeq = m.seq
		if m.dead {
			continue
		}
		live++
		if m.seq > t.seqLast {
			return fmt.Errorf("#%d above seq_last %d", m.seq, t.seqLast)
		}
		wantDepth := t.rootDepth + 1
		if m.next != 0 {
			p := t.st.m(m.next)
			if p.dead || p.seq >= m.seq {
				return fmt.Errorf("#%d: bad parent #%d (dead %v)", m.seq, p.seq, p.dead)
			}
			wantDepth = p.depth + 1
		}
		if m.depth != wantDepth {
			return fmt.Errorf("#%d: depth %d, want %d", m.seq, m.depth, wantDepth)
		}
		first := t.oldhead
		if m.next != 0 {
			first = t.st.m(m.next).prev
		}
		found := false
		var prev nid
		for c := first; c != 0; c = t.st.m(c).altNext {
			if t.st.m(c).altPrev != prev {
				return fmt.Errorf("#%d: sibling list of #%d has a bad back link", m.seq, t.seqOf(m.next))
			}
			if t.st.m(c).next != m.next {
				return fmt.Errorf("#%d: sibling #%d has another parent", m.seq, t.seqOf(c))
			}
			if c == i {
				found = true
			}
			prev = c
		}
		if !found {
			return fmt.Errorf("#%d is not in its parent's children", m.seq)
		}
		if m.saveNr != 0 {
			if o, dup := saves[m.saveNr]; dup {
				return fmt.Errorf("write number %d on #%d and #%d", m.saveNr, o, m.seq)
			}
			saves[m.saveNr] = m.seq
			if int(m.saveNr) > t.saveLast {
				return fmt.Errorf("#%d: write number %d above %d", m.seq, m.saveNr, t.saveLast)
			}
		}
	}
	if live != t.numhead {
		return fmt.Errorf("numhead %d, %d live nodes", t.numhead, live)
	}
	if live+t.dead != t.st.n-1 {
		return fmt.Errorf("%d live + %d dead != %d slots", live, t.dead, t.st.n-1)
	}
	for _, h := range []nid{t.oldhead, t.newhead, t.curhead, t.phys, t.open} {
		if h != 0 && t.st.m(h).dead {
			return fmt.Errorf("a head names dead #%d", t.st.m(h).seq)
		}
	}
	if (t.oldhead == 0) != (live == 0) {
		return fmt.Errorf("oldhead %d with %d nodes", t.oldhead, live)
	}
	if t.curhead != 0 {
		first := t.oldhead
		if p := t.st.m(t.curhead).next; p != 0 {
			first = t.st.m(p).prev
		}
		if first != t.curhead {
			return fmt.Errorf("curhead #%d is not a preferred child", t.seqOf(t.curhead))
		}
	}
	b := t.newhead
	if t.curhead != 0 {
		b = t.st.m(t.curhead).next
	} else if b != 0 && t.st.m(b).prev != 0 {
		return fmt.Errorf("newhead #%d has children while nothing is undone", t.seqOf(b))
	}
	viToggled := t.levels <= 0 && (t.phys == t.curhead || t.numhead == 1 && b != 0 && t.phys == t.st.m(b).next)
	if b != t.phys && !viToggled {
		return fmt.Errorf("text state #%d, bookkeeping state #%d", t.seqOf(t.phys), t.seqOf(b))
	}
	if live > 0 && t.curhead == 0 && t.newhead == 0 {
		return fmt.Errorf("no heads with %d nodes", live)
	}
	for s := b; s != 0; s = t.st.m(s).next {
		first := t.oldhead
		if p := t.st.m(s).next; p != 0 {
			first = t.st.m(p).prev
		}
		if first != s {
			return fmt.Errorf("#%d on the current path is not a preferred child", t.seqOf(s))
		}
	}
	for name, u := range t.labels.byName {
		if t.labels.byNode[u] != name || t.st.m(u).dead {
			return fmt.Errorf("label %q is broken", name)
		}
	}
	if len(t.labels.byName) != len(t.labels.byNode) {
		return fmt.Errorf("label maps differ in size")
	}
	return nil
}
