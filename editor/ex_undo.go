package editor

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// applyUndo makes move, a movement in the current buffer's undo tree,
// and shows its result: the text is the tree's, the cursor is where Vim
// puts it, the marks moved as Vim's undo and redo move them.
func (e *Editor) applyUndo(move func(*undo.Tree) undo.Result) {
	b := e.buf()
	b.tree.TrackPath(true) // for the marks (afterUndoMove)
	res := move(b.tree)
	if res.Moved {
		e.afterUndoMove()
		e.win.cur = res.Cursor
		e.win.clampCursor(false)
		e.win.wantCol = -1
	}
	if res.Message != "" {
		e.msgKeep("%s", res.Message)
		if strings.HasPrefix(res.Message, "Already at") {
			e.beep()
		}
	}
	if res.Err != nil {
		e.errMsg("%s", res.Err.Error())
	}
}

func exUndo(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	if c.HasCount {
		e.restoreWith(func(t *undo.Tree) undo.Result { return t.Goto(c.Count) })
		return nil
	}
	e.applyUndo(func(t *undo.Tree) undo.Result { return t.Undo(1) })
	return nil
}

func exRedo(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	e.applyUndo(func(t *undo.Tree) undo.Result { return t.Redo(1) })
	return nil
}

func exUndojoin(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.buf().tree.Join(); err != nil {
		return err
	}
	return nil
}

func exEarlierLater(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	if c.Name == "earlier" {
		e.applyUndo(func(t *undo.Tree) undo.Result { return t.Earlier(c.Arg) })
	} else {
		e.applyUndo(func(t *undo.Tree) undo.Result { return t.Later(c.Arg) })
	}
	return nil
}

func exUndolist(e *Editor, c *exparse.Cmd, rg exRange) error {
	rows := e.buf().tree.List()
	if len(rows) == 1 && rows[0] == undo.MsgNothingToUndo {
		e.msg("%s", rows[0]) // Vim shows this one as a message, not as list output
		return nil
	}
	e.say(rows...)
	return nil
}

// exCheckpoint is :checkpoint NAME: label the current undo state.
func exCheckpoint(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg == "" {
		return errors.New("E471: Argument required")
	}
	// The current state of the current file is labelled (state 0 cannot
	// be: then only the workspace checkpoint, if there is one, names it).
	noChange := e.buf().tree.Current() == 0
	if !noChange {
		if err := e.labelState(c.Arg); err != nil {
			return err
		}
	}
	took, err := e.workspace.Checkpoint(c.Arg) // every file of the workspace (ex_workspace.go)
	if err != nil || took || !noChange {
		return err
	}
	return e.labelState(c.Arg) // Vim-style error: nothing to label
}

// exSleep is :sleep N (seconds) or :sleep Nm (milliseconds), on the
// editor's clock (instant with a virtual clock).
func exSleep(e *Editor, c *exparse.Cmd, rg exRange) error {
	n := 1
	if c.HasCount {
		n = c.Count
	}
	d := time.Duration(n) * time.Second
	if c.Arg == "m" {
		d = time.Duration(n) * time.Millisecond
	}
	e.clock.Sleep(d)
	e.persist.Slept() // the undo-file save timer runs on the editor's clock
	return nil
}

func exMessages(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg == "clear" {
		e.history = nil
		return nil
	}
	e.say(e.history...)
	return nil
}

// labelState names the current undo state (:checkpoint NAME).
func (e *Editor) labelState(name string) error {
	if err := e.buf().tree.Label(name); err != nil {
		return fmt.Errorf("E475: Invalid argument: %s (%v)", name, err)
	}
	return nil
}

// gotoLabel is :undo NAME. It reports whether it handled the command.
func (e *Editor) gotoLabel(name string) bool {
	e.sync()
	e.restoreWith(func(t *undo.Tree) undo.Result { return t.GotoLabel(name) })
	return true
}
