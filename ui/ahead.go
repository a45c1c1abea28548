package ui

import "github.com/kjx-editor/kjx/undo"

// aheadCount is the status line's "↶ N", the states CTRL-R would reach one
// after another, remembered from the last view: walking the preferred
// path costs its length (milliseconds for 100 000 states ahead), while u
// and CTRL-R move along that path without changing the tree's shape, so
// after them the count follows from the distance moved.
type aheadCount struct {
	buf   int
	shape uint64
	cur   int
	n     int
	ok    bool
}

// maxDerive bounds the walk up the tree that derives a count from the
// remembered one; a longer movement counts the path again.
const maxDerive = 64

// count returns the states ahead in snapshot s of buffer buf.
func (a *aheadCount) count(buf int, s undo.Snapshot) int {
	cur := s.Current()
	n, ok := 0, false
	if a.ok && a.buf == buf && a.shape == s.Shape() {
		switch {
		case cur == a.cur:
			n, ok = a.n, true
		default:
			if d, up := ancestorDistance(s, a.cur, cur); up { // undone towards the root
				n, ok = a.n+d, true
			} else if d, down := ancestorDistance(s, cur, a.cur); down { // redone
				n, ok = a.n-d, true
			}
		}
	}
	if !ok {
		n = s.RedoLen()
	}
	*a = aheadCount{buf: buf, shape: s.Shape(), cur: cur, n: n, ok: true}
	return n
}

// ancestorDistance reports how many edges lead up from state from to
// state anc, when anc is an ancestor of from at most maxDerive edges up.
func ancestorDistance(s undo.Snapshot, from, anc int) (int, bool) {
	for d := 0; d <= maxDerive; d++ {
		if from == anc {
			return d, true
		}
		if from == 0 {
			return 0, false
		}
		n, ok := s.Node(from)
		if !ok {
			return 0, false
		}
		from = n.Parent
	}
	return 0, false
}
