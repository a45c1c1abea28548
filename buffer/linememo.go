package buffer

// The line memo of a transient. A command reads the bounds of one line
// many times between two changes (the cursor's line: clamps, column
// walks, offsets), each a descent of the tree and a search for newlines
// in a leaf. A view borrowed from a transient remembers the last line any
// of its transient's views looked up, for as long as the text does not
// change, and answers LineBounds, LineStart, LineEnd and LineOf from it.

// lineMemo is one line's bounds in one version of a transient's text.
type lineMemo struct {
	ver        uint64 // the transient's version it holds for
	root       child  // and its root, as the view that filled it saw it
	line       int    // -1: none
	start, end int
}

// lineMemo returns the memo r may read and fill: its transient's, emptied
// when the text changed since it was filled; nil for a rope that is not
// the transient's current text (not borrowed, or stale).
func (r Rope) lineMemo() *lineMemo {
	tx := r.tx
	if tx == nil || r.root != tx.r.root || r.h != tx.r.h {
		return nil
	}
	m := &tx.lines
	if m.ver != tx.ver || m.root != r.root {
		*m = lineMemo{ver: tx.ver, root: r.root, line: -1}
	}
	return m
}
