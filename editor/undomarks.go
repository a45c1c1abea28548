package editor

import "github.com/kjx-editor/kjx/undo"

// Marks and undo: Vim's u_undoredo replaces, entry by entry, the lines an
// entry saved with the lines it held, and for each entry whose line count
// changes it calls mark_adjust as if the old lines were deleted: marks on
// them are dropped (a-z, ^, ., ') or moved to the entry's first line
// (A-Z, <, >, the jumplist), and marks below move by the difference. The
// marks a-z are then restored from the undo header (undostate.go).

// adjustMarksUndo moves b's marks for one entry as Vim's u_undoredo does.
func adjustMarksUndo(b *Buffer, en undo.LineEntry) {
	if en.OldSize == en.NewSize {
		return
	}
	delta := en.NewSize - en.OldSize
	for name, p := range b.marks {
		switch {
		case p.Line >= en.Top+en.OldSize:
			p.Line += delta
		case p.Line < en.Top:
			continue
		case name == '\'':
			p = deletedMark()
		case name == '^' || name == '.' || (name >= 'a' && name <= 'z'):
			delete(b.marks, name)
			continue
		case name == '[' || name == ']':
			continue // Vim sets these apart, not through mark_adjust
		default:
			p.Line = en.Top
		}
		b.marks[name] = p
	}
}
