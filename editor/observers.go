package editor

import "github.com/kjx-editor/kjx/buffer"

// Change observers: what keeps line numbers on their text while changes
// are applied, as Vim's mark_adjust does. A change's line movement is
// computed once, and only when an observer holds a line of the changed
// buffer; each observer then moves its own lines. apply (and the reload
// of a file changed on disk) know no observer by name: the buffer's
// marks, the window's jump list and, while :g runs, its marked lines are
// the three registered in New.

// lineObserver holds line numbers of buffers that must follow changes.
type lineObserver interface {
	// watches reports whether the observer holds a line of b now.
	watches(b *Buffer) bool
	// linesMoved moves the observer's lines of b for one change.
	linesMoved(b *Buffer, sh lineShift)
}

// lineObservers are the editor's observers, fixed in New.
func (e *Editor) lineObservers() []lineObserver {
	return e.observers
}

// changeApplied tells the observers of b about the change that replaced
// old by new at off (b's text is already changed); shift says how it
// moves lines (shiftOf, or joinShiftOf for J's).
func (e *Editor) changeApplied(b *Buffer, off int, old, new string, shift func(buffer.Rope, int, string, string) lineShift) {
	var sh lineShift
	computed := false
	for _, o := range e.lineObservers() {
		if !o.watches(b) {
			continue
		}
		if !computed {
			sh, computed = shift(b.text(), off, old, new), true
			if sh.noop() {
				return
			}
		}
		o.linesMoved(b, sh)
	}
}

// bufferMarks observes the marks of every buffer (marks.go).
type bufferMarks struct{}

func (bufferMarks) watches(b *Buffer) bool             { return len(b.marks) > 0 }
func (bufferMarks) linesMoved(b *Buffer, sh lineShift) { moveMarks(b, sh) }

// windowJumps observes the current window's jump list (jumplist.go).
type windowJumps struct{ e *Editor }

func (w windowJumps) watches(b *Buffer) bool {
	j := &w.e.win.jumps
	return len(j.entries) > 0 || (j.pcPending && j.prevOK)
}
func (w windowJumps) linesMoved(b *Buffer, sh lineShift) { w.e.win.jumps.moveLines(b, sh) }

// globalMarked is :g's list of marked lines while its command runs (-1:
// the line was deleted and is skipped); empty otherwise (ex_edit.go).
type globalMarked []int

func (g *globalMarked) watches(*Buffer) bool { return len(*g) > 0 }

// linesMoved keeps :g's marked lines on their text while its command
// changes the buffer (:g works on the current buffer only).
func (g *globalMarked) linesMoved(_ *Buffer, sh lineShift) {
	for i, l := range *g {
		if l < 0 {
			continue
		}
		n, ok := sh.apply(l)
		if !ok {
			n = -1 // deleted: skipped
		}
		(*g)[i] = n
	}
}
