package editor

import "github.com/kjx-editor/kjx/undo"

// The path of an undo-tree movement. Vim's undo_time reaches a state by
// undoing headers up to the branch point and redoing headers down to the
// target, one u_undoredo each, and every one of them moves the marks and
// restores the named marks its header saved. kjx's tree makes the whole
// movement at once (:undo N, :earlier, :later, g-, 3u, the undo panel) and
// reports the headers it undid and redid with the line range of every
// entry (undo.Tree.LastPath), so the editor treats the marks as Vim does
// without a second pass over the text.

// marksAlongPath moves b's marks through the headers of path as Vim's
// u_undoredo does for each (the caller moves the jumplist with the same
// entries).
func (b *Buffer) marksAlongPath(path []undo.PathStep) {
	// Without named marks, and none saved by a header, the headers have
	// none to save or restore (adjusting marks deletes named ones, never
	// adds one): a long path then only moves marks.
	named := len(b.us.marksBefore) > 0 || len(b.us.marksUndone) > 0 || hasNamedMark(b)
	for _, st := range path {
		var saved map[rune]Pos
		if named && st.Back {
			saved = namedMarks(b)
		}
		if len(b.marks) > 0 {
			for _, en := range st.Entries {
				adjustMarksUndo(b, en)
			}
		}
		if named {
			b.restoreHeaderMarks(st, saved)
		}
	}
}

// hasNamedMark reports whether b has a mark a-z.
func hasNamedMark(b *Buffer) bool {
	for r := range b.marks {
		if r >= 'a' && r <= 'z' {
			return true
		}
	}
	return false
}
