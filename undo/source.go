package undo

// MarkSource makes src the source of the open block, the node still
// receiving changes: a paste inside an Insert-mode session stays one undo
// step, as in Vim, and is labelled a paste. Without an open block it does
// nothing.
func (t *Tree) MarkSource(src Source) {
	if t.open != 0 {
		t.st.d(t.open).src = src
	}
}
