package undo

import (
	"fmt"
	"slices"

	"github.com/kjx-editor/kjx/buffer"
)

// ReloadChanges is Reload with the difference already known: changes turn
// the current text into the reloaded one, in ascending order with each
// offset in the text as the changes before it left it (what
// buffer.Rope.ApplyAll expects and editor/linediff.Changes returns). The
// new node stores exactly these changes, so reloading a 10 000-line file
// of which ten lines changed on disk keeps ten lines, not the span from
// the first difference to the last, and costs no pass over the text.
//
// Otherwise it is Reload: one whole-buffer node of source src
// (SourceReload or SourceExternal; any other is recorded as SourceReload),
// even when changes is empty; the buffer becomes unmodified, every node
// "was modified", and undo brings the old text back. With 'undolevels' < 0
// the history is freed instead. When the changes do not apply to the
// current text it returns an error and changes nothing.
func (t *Tree) ReloadChanges(changes []buffer.Change, src Source) error {
	if src != SourceExternal {
		src = SourceReload
	}
	t.normalize()
	old := t.Freeze() // read after Save below
	newText, err := old.ApplyAll(changes)
	if err != nil {
		return fmt.Errorf("undo: reload: %w", err)
	}
	t.Sync()
	if t.levels < 0 {
		t.Reset(newText)
		return nil
	}
	cur := t.cursor
	if len(changes) > 0 {
		if l, ok := reloadCursorLine(old, newText, changes[0].Off); ok {
			cur = Pos{Line: l}
		}
	}
	t.Save(cur, src)
	if t.open != 0 {
		d := t.st.d(t.open)
		d.whole = true
		d.oldLines, d.newLines = int32(lineCount(old)), int32(lineCount(newText))
		if len(changes) > 0 {
			d.changes = slices.Clip(slices.Clone(changes))
		}
	}
	t.setText(newText)
	t.empty = t.tx.Len() == 0
	t.Sync()
	t.modified = false
	t.writeEpoch++
	t.saved, t.savedKnown = t.phys, true
	return nil
}
