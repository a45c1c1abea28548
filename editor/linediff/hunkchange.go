package linediff

import "github.com/kjx-editor/kjx/buffer"

// HunkChange returns the change that applies hunk h of the diff from old
// to new to old alone: the lines h removes replaced by the lines it adds,
// its context left as it is (the undo panel reverts one hunk with it).
// The change follows the text model: lines are joined by "\n" without a
// final newline, so removing or adding whole lines takes the newline
// after them, or the one before them at the end of the text. Applying the
// changes of every hunk of a Result, last hunk first, turns old into new.
func HunkChange(old, new buffer.Rope, h Hunk) buffer.Change {
	o, n := h.OldStart-1, h.NewStart-1
	if h.OldLines == 0 {
		o = h.OldStart // "-3,0": after old line 3
	}
	if h.NewLines == 0 {
		n = h.NewStart
	}
	oa, ob, na, nb := -1, -1, -1, -1
	for _, l := range h.Lines {
		switch l.Op {
		case Equal:
			o++
			n++
		case Delete:
			if oa < 0 {
				oa, na = o, n
			}
			o++
			ob, nb = o, max(nb, n)
		case Insert:
			if oa < 0 {
				oa, na = o, n
			}
			n++
			ob, nb = max(ob, o), n
		}
	}
	if oa < 0 {
		return buffer.Change{Off: 0}
	}
	return lineRangeChange(old, new, oa, ob, na, nb)
}

// lineRangeChange replaces lines [oa, ob) of old with lines [na, nb) of
// new.
func lineRangeChange(old, new buffer.Rope, oa, ob, na, nb int) buffer.Change {
	oldLines := old.Newlines() + 1
	switch {
	case oa < ob && na < nb:
		a := old.LineStart(oa)
		return buffer.Change{Off: a, Old: old.SliceString(a, old.LineEnd(ob-1)),
			New: new.SliceString(new.LineStart(na), new.LineEnd(nb-1))}
	case oa < ob: // only removed lines
		switch {
		case ob < oldLines:
			a := old.LineStart(oa)
			return buffer.Change{Off: a, Old: old.SliceString(a, old.LineStart(ob))}
		case oa > 0:
			a := old.LineEnd(oa - 1)
			return buffer.Change{Off: a, Old: old.SliceString(a, old.LineEnd(ob-1))}
		}
		return buffer.Change{Off: 0, Old: old.String()}
	case na < nb: // only added lines
		text := new.SliceString(new.LineStart(na), new.LineEnd(nb-1))
		if oa < oldLines {
			return buffer.Change{Off: old.LineStart(oa), New: text + "\n"}
		}
		return buffer.Change{Off: old.Len(), New: "\n" + text}
	}
	return buffer.Change{}
}
