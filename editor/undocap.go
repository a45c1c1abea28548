package editor

import "github.com/kjx-editor/kjx/undo"

// undoNodeCap is the node cap of a new undo tree: undo.max_entries (the
// undo package's default when unset), raised to 'undolevels'+1 when the
// user asked for more levels than that, so ":set undolevels=200000" keeps
// 200 000 levels in memory. A negative cap (no cap) and a negative
// 'undolevels' (no history) are left alone.
func (e *Editor) undoNodeCap() int {
	n := e.cfg.UndoMaxNodes
	if n == 0 {
		n = undo.DefaultMaxNodes
	}
	if n < 0 || e.opt.UndoLevels < 0 {
		return n
	}
	return max(n, e.opt.UndoLevels+1)
}

// SetUndoMaxNodes sets undo.max_entries for the undo trees made from now
// on (a configuration reload); existing trees keep their cap.
func (e *Editor) SetUndoMaxNodes(n int) { e.cfg.UndoMaxNodes = n }
