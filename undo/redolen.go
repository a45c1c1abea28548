package undo

// RedoLen counts the states CTRL-R would reach one after another from the
// current state: the length of the preferred path below it (the status
// line's "↶ N"). It walks that path in the snapshot's storage without
// allocating: O(its length), a few nanoseconds a state.
func (s Snapshot) RedoLen() int {
	i := s.oldhead
	if s.phys != 0 {
		i = s.st.m(s.phys).prev
	}
	n := 0
	for ; i != 0; i = s.st.m(i).prev {
		n++
	}
	return n
}

// Shape identifies the tree's shape: it changes whenever a node is added
// or removed or the order of some node's children changes (a jump makes
// the branches it goes down preferred), and starts at a random value per
// tree. Movements along the preferred path (u, CTRL-R) keep it. A reader
// that remembers RedoLen for one state can derive it for another state on
// the same preferred path while Shape stays the same.
func (s Snapshot) Shape() uint64 { return s.shape }
