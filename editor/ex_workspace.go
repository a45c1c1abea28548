package editor

// The workspace history's commands (:checkpoints, :rewind) and the small
// API the session's rewind uses to load, move and write buffers. The
// checkpoints themselves, the plan of a rewind and its safety rules are
// the session's (editor/session/workspace*.go); :checkpoint is in
// ex_undo.go.

import (
	"fmt"
	"os"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// exCheckpoints is :checkpoints: the workspace's checkpoints, newest
// first.
func exCheckpoints(e *Editor, c *exparse.Cmd, rg exRange) error {
	lines, err := e.workspace.Checkpoints()
	if err != nil {
		return err
	}
	e.say(lines...)
	return nil
}

// exRewind is :rewind[!] TARGET: every file of the workspace back to a
// checkpoint. Without ! it asks first.
func exRewind(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	if c.Arg == "" {
		return e.openPicker() // picker.go
	}
	return e.rewind(c.Arg, false, c.Bang)
}

// rewind plans a rewind to target and, once confirmed (or when confirmed
// is already true), makes it.
func (e *Editor) rewind(target string, current, confirmed bool) error {
	q, lines, err := e.workspace.Rewind(target, current, confirmed)
	if err != nil || q == "" {
		return err
	}
	e.askYesNo(q, lines, func() {
		if _, _, err := e.workspace.Rewind(target, current, true); err != nil {
			e.errMsg("%s", err.Error())
		}
	})
	e.msg("%s", q)
	return nil
}

// rewoundNote remembers a rewind for the status line until the next
// change: sig is the buffers' undo counters right after it.
type rewoundNote struct {
	label string
	sig   int
}

// undoSignature sums every buffer's undo counters: it changes with any
// change or movement.
func (e *Editor) undoSignature() int {
	n := 0
	for _, b := range e.bufs {
		n += b.tree.SeqLast()*31 + b.tree.Current()
	}
	return n
}

// SetRewound shows "⟲ label" in the status line until the next change
// (the session calls it after a rewind).
func (e *Editor) SetRewound(label string) {
	e.rewound = rewoundNote{label: label, sig: e.undoSignature()}
}

// rewoundLabel is the label to show, "" once anything changed.
func (e *Editor) rewoundLabel() string {
	if e.rewound.label != "" && e.rewound.sig != e.undoSignature() {
		e.rewound = rewoundNote{}
	}
	return e.rewound.label
}

// MoveTo moves b to undo state seq as one movement of its tree, as :undo
// N does (every state stays reachable). It fails when the tree has no
// such state.
func (e *Editor) MoveTo(b *Buffer, seq int) error {
	t := b.tree
	t.Sync()
	res := t.Goto(seq)
	if res.Err != nil {
		return res.Err
	}
	if t.Current() != seq {
		return fmt.Errorf("%s has no undo state %d", b.name, seq)
	}
	e.afterBufferMove(b)
	return nil
}

// SetText makes text b's text as one new undo state of source src
// (a rewind to a text its tree does not hold).
func (e *Editor) SetText(b *Buffer, text buffer.Rope, src undo.Source) {
	t := b.tree
	t.Sync()
	t.Reload(text, src)
	t.Sync()
	e.afterBufferMove(b)
}

// afterBufferMove keeps the cursor of b's windows inside its text.
func (e *Editor) afterBufferMove(b *Buffer) {
	b.empty = b.tree.Empty()
	if e.win.buf == b {
		e.win.clampCursor(false)
	}
}

// WriteOwn writes the whole of b to its own file, crash-safely and
// quietly (no message), exactly as :w does otherwise (the undo file and
// the disk state follow). It refuses a file changed on disk since it was
// read, like :w without !.
func (e *Editor) WriteOwn(b *Buffer) error {
	n := len(e.msgs)
	err := e.writeBuffer(b, b.name, 0, lineCount(b.tree.Text())-1, false, false)
	e.msgs = e.msgs[:n]
	return err
}

// OnDisk reports whether b's file exists as far as the editor knows: it
// was read or written, and not seen removed since.
func (b *Buffer) OnDisk() bool { return !b.noFile && b.disk.state != DiskRemoved }

// RemoveOwn deletes b's file (a rewind to before kjx created it). b keeps
// its text and history; writing it again re-creates the file.
func (e *Editor) RemoveOwn(b *Buffer) error {
	if err := os.Remove(b.name); err != nil && !isNotExist(err) {
		return fmt.Errorf("remove %s: %w", b.name, err)
	}
	b.noFile, b.stat = true, nil
	return nil
}
