package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// Marks and undo: Vim's u_undoredo replaces, entry by entry, the lines an
// entry saved with the lines it held, and for each entry whose line count
// changes it calls mark_adjust as if the old lines were deleted: marks on
// them are dropped (a-z, ^, ., ') or moved to the entry's first line
// (A-Z, <, >, the jumplist), and marks below move by the difference. The
// marks a-z are then restored from the undo header (undostate.go).

// undoEntry is one of Vim's undo entries in 0-based lines: lines
// top..top+oldSize-1 of the text before it become newSize lines.
type undoEntry struct {
	top, oldSize, newSize int
}

// entryOfChange sees change c, applied to r, as Vim's entry: a change at a
// line start whose texts end in '\n' (or are empty) replaces exactly its
// whole lines; one at a line end whose texts start with '\n' and which
// ends at a line end replaces the whole lines after that line; any other
// change replaces every line it touches.
func entryOfChange(r buffer.Rope, c buffer.Change) undoEntry {
	no, nn := strings.Count(c.Old, "\n"), strings.Count(c.New, "\n")
	l := r.LineOf(min(c.Off, r.Len()))
	if c.Old == "" && c.New == "" {
		return undoEntry{top: l, oldSize: 1, newSize: 1}
	}
	endsNL := func(s string) bool { return s == "" || s[len(s)-1] == '\n' }
	startsNL := func(s string) bool { return s == "" || s[0] == '\n' }
	if endsNL(c.Old) && endsNL(c.New) && r.LineStart(l) == c.Off {
		return undoEntry{top: l, oldSize: no, newSize: nn}
	}
	if startsNL(c.Old) && startsNL(c.New) && c.Off == lineEndOff(r, l) {
		end := c.Off + len(c.Old)
		if end == r.Len() || r.ByteAt(end) == '\n' {
			return undoEntry{top: l + 1, oldSize: no, newSize: nn}
		}
	}
	return undoEntry{top: l, oldSize: no + 1, newSize: nn + 1}
}

// lineEndOff is the offset of the end of line l of r (its '\n' or the end
// of the text).
func lineEndOff(r buffer.Rope, l int) int {
	if l+1 < lineCount(r) {
		return r.LineStart(l+1) - 1
	}
	return r.Len()
}

// undoEntries lists the entries that undoing (back) or redoing node n
// applies, in order, each with the text it applies to. r is the text
// before the movement.
func undoEntries(r buffer.Rope, n undo.Node, back bool) []undoEntry {
	if n.Source == undo.SourceReload {
		return []undoEntry{{oldSize: lineCount(r), newSize: -1}}
	}
	changes := n.Changes
	var out []undoEntry
	for k := range changes {
		c := changes[k]
		if back {
			c = changes[len(changes)-1-k].Inverse()
		}
		out = append(out, entryOfChange(r, c))
		next, err := r.Apply(c)
		if err != nil {
			return nil // the node does not fit r: leave the marks alone
		}
		r = next
	}
	return out
}

// adjustMarksUndo moves b's marks for one entry as Vim's u_undoredo does.
func adjustMarksUndo(b *Buffer, en undoEntry) {
	if en.oldSize == en.newSize {
		return
	}
	delta := en.newSize - en.oldSize
	for name, p := range b.marks {
		switch {
		case p.Line >= en.top+en.oldSize:
			p.Line += delta
		case p.Line < en.top:
			continue
		case name == '\'':
			p = deletedMark()
		case name == '^' || name == '.' || (name >= 'a' && name <= 'z'):
			delete(b.marks, name)
			continue
		case name == '[' || name == ']':
			continue // Vim sets these apart, not through mark_adjust
		default:
			p.Line = en.top
		}
		b.marks[name] = p
	}
}

// nodeChanges returns the changes that redo (forward) or undo node n.
func nodeChanges(n undo.Node, forward bool) []buffer.Change {
	if forward {
		return n.Changes
	}
	out := make([]buffer.Change, len(n.Changes))
	for k := range n.Changes {
		out[k] = n.Changes[len(n.Changes)-1-k].Inverse()
	}
	return out
}
