package editor

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// The path of an undo-tree movement. Vim's undo_time reaches a state by
// undoing headers up to the branch point and redoing headers down to the
// target, one u_undoredo each, and every one of them moves the marks and
// restores the named marks its header saved. kjx's tree makes the whole
// movement at once (:undo N, :earlier, :later, g-, 3u, the undo panel),
// so the editor walks the same path afterwards to treat the marks as Vim
// does.

// undoStep is one header on a movement's path: undone (back) or redone.
type undoStep struct {
	seq  int
	back bool
}

// undoPath lists the headers a movement from state from to state to
// undoes (up to the common ancestor) and then redoes, in order; nil when
// the tree does not hold them. A node's parent is older, so its sequence
// number is lower: the higher of the two states is never the ancestor,
// and the walk takes as many steps as the path is long.
func undoPath(s undo.Snapshot, from, to int) []undoStep {
	var path, down []undoStep
	for steps := 0; from != to; steps++ {
		if steps > s.Len()+1 {
			return nil
		}
		x := max(from, to)
		n, ok := s.Node(x)
		if !ok || n.Parent >= x {
			return nil
		}
		if x == from {
			path = append(path, undoStep{seq: from, back: true})
			from = n.Parent
		} else {
			down = append(down, undoStep{seq: to})
			to = n.Parent
		}
	}
	for i := len(down) - 1; i >= 0; i-- {
		path = append(path, down[i])
	}
	return path
}

// marksAlongPath moves b's marks through the headers of path, starting
// from the text before the movement, as Vim's u_undoredo does for each;
// it returns the entries applied (for the jumplist) when b has marks or
// withJumps is set.
func (b *Buffer) marksAlongPath(s undo.Snapshot, before buffer.Rope, path []undoStep, withJumps bool) []undoEntry {
	var all []undoEntry
	text := before
	for _, st := range path {
		var saved map[rune]Pos
		if st.back {
			saved = namedMarks(b)
		}
		n, ok := s.Node(st.seq)
		if !ok {
			return all
		}
		next, err := text.ApplyAll(nodeChanges(n, !st.back))
		if err != nil {
			return all // the node does not fit the text: leave the marks alone
		}
		if len(b.marks) > 0 || withJumps {
			ents := undoEntries(text, n, st.back)
			if len(ents) == 1 && ents[0].newSize < 0 {
				ents[0].newSize = lineCount(next)
			}
			for _, en := range ents {
				adjustMarksUndo(b, en)
			}
			all = append(all, ents...)
		}
		b.restoreHeaderMarks(st, saved)
		text = next
	}
	return all
}
