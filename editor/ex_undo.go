package editor

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// applyUndo shows the result of an undo-tree movement: the text is the
// tree's, the cursor is where Vim puts it.
func (e *Editor) applyUndo(res undo.Result) { e.applyUndoMarks(res, 0, 0) }

// applyUndoMarks is applyUndo for a movement that undid header undid or
// redid header redid (0: unknown), whose marks are restored as Vim does.
func (e *Editor) applyUndoMarks(res undo.Result, undid, redid int) {
	if res.Moved {
		e.afterUndoMove(undid, redid)
	}
	if res.Moved {
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
	t := e.buf().tree
	if c.HasCount {
		e.restoreWith(func(t *undo.Tree) undo.Result { return t.Goto(c.Count) })
		return nil
	}
	e.applyUndo(t.Undo(1))
	return nil
}

func exRedo(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.sync()
	e.applyUndo(e.buf().tree.Redo(1))
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
	t := e.buf().tree
	if c.Name == "earlier" {
		e.applyUndo(t.Earlier(c.Arg))
	} else {
		e.applyUndo(t.Later(c.Arg))
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
	return e.labelState(c.Arg)
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
