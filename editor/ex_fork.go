package editor

// :fork [N|NAME]: the text of a state of the current file as a new
// buffer whose history starts there. The current buffer does not move.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// exFork is :fork [N|NAME]: state N, the state labelled NAME, or the
// file's state at the workspace checkpoint NAME (no argument: the current
// state).
func exFork(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	b := e.buf()
	snap := b.tree.Snapshot()
	seq, err := e.forkTarget(b, snap, strings.TrimSpace(c.Arg))
	if err != nil {
		return err
	}
	return e.forkAt(b, snap, seq)
}

// ForkState is :fork N for the UI (the undo panel's f): the text of state
// seq of the current buffer as a new buffer.
func (e *Editor) ForkState(seq int) error {
	e.sync()
	b := e.buf()
	return e.forkAt(b, b.tree.Snapshot(), max(seq, 0))
}

// forkTarget resolves :fork's argument to a state of b.
func (e *Editor) forkTarget(b *Buffer, snap undo.Snapshot, arg string) (int, error) {
	if arg == "" {
		return snap.Current(), nil
	}
	if n, err := strconv.Atoi(arg); err == nil && n >= 0 {
		return n, nil
	}
	name := strings.Trim(arg, `"'`)
	if seq, ok := snap.LabelSeq(name); ok {
		return seq, nil
	}
	return e.workspace.StateOf(b, arg)
}

// forkAt opens the text of state seq of b as a new buffer FILE~seq and
// makes it current.
func (e *Editor) forkAt(b *Buffer, snap undo.Snapshot, seq int) error {
	if _, ok := snap.Node(seq); !ok && seq != 0 {
		return fmt.Errorf("E830: Undo number %d not found", seq)
	}
	text, err := snap.TextAt(seq)
	if err != nil {
		return fmt.Errorf("fork: state %d: %v", seq, err)
	}
	base := b.name
	if base == "" {
		base = "[No Name]"
	}
	name := fmt.Sprintf("%s~%d", base, seq)
	nb := e.findBuffer(name)
	if nb == nil {
		nb = e.newBuffer(name, text)
		nb.eol, nb.ff, nb.noFile = b.eol, b.ff, true
		nb.empty = text.Len() == 0
	}
	e.switchTo(nb)
	e.msg("%q: state %d of %q as a new buffer (:w NAME saves it)", name, seq, base)
	return nil
}
