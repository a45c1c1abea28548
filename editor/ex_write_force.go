package editor

import (
	"context"

	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// keepOutsideVersion runs before :w! replaces b's file after it changed
// on disk (DiskChanged): the text on disk, which the user may never have
// seen, becomes a state of source external (one reload node holding the
// line diff), and the buffer's text comes back on top of it as one
// change of source ex. The write then saves that last state, and u from
// it shows the outside version: :w! loses no version of the file.
// Nothing is recorded when the file cannot be read or has the buffer's
// lines.
func (e *Editor) keepOutsideVersion(b *Buffer) {
	l, err := loadFile(b.name)
	if err != nil {
		return
	}
	mine := b.tree.Freeze()
	ctx := context.Background()
	toDisk, err := linediff.Changes(ctx, mine, l.Text)
	if err != nil || len(toDisk) == 0 {
		return
	}
	cur := b.lastCur
	if b == e.win.buf {
		cur = e.win.cur
	}
	if err := e.replaceFromDisk(b, l, toDisk, undo.SourceExternal, false); err != nil {
		e.internalError("keep the version on disk", err)
		return
	}
	back, err := linediff.Changes(ctx, b.tree.Freeze(), mine)
	if err != nil {
		e.internalError("keep the version on disk", err)
		return
	}
	note := b.beforeSave()
	b.tree.Save(undo.Pos(cur), undo.SourceEx)
	for _, c := range back {
		if err := b.tree.Apply(c); err != nil {
			e.internalError("keep the version on disk", err)
			return
		}
	}
	b.tree.Sync()
	b.afterSave(note)
	b.noteState()
	if b == e.win.buf {
		e.win.cur = cur
		e.win.clampCursor(false)
	}
}
