package session

import (
	"context"

	"github.com/kjx-editor/kjx/editor"
)

// Input is one event for Run: keys (typed), a paste, an Ex command, a
// mouse click or a wheel scroll, a new size, a move in the undo tree.
type Input struct {
	Keys  []editor.Key
	Paste string
	Ex    string
	// Click, when not nil, is a mouse click in the text (MouseClick).
	Click *editor.Click
	// Scroll, when non-zero, scrolls by that many lines: > 0 towards the
	// end of the buffer (MouseScroll).
	Scroll int
	// Resize, when non-zero, sets the window size.
	Height, Width int
	// Restore, when non-zero, goes to undo state Restore
	// (editor.RestoreRoot: the original text) as one movement, without
	// touching the : history.
	Restore int
	// RestoreBack goes back to the state before the last restore, as
	// g<BS> does (the undo panel's Backspace).
	RestoreBack bool
	// Revert, when not nil, applies one hunk of another state to the
	// text as a new undo step (the undo panel's r).
	Revert *editor.Revert
	// Undo undoes one step, as u in Normal mode (the undo panel's u).
	Undo bool
	// Fork, when non-zero, opens state Fork of the current buffer as a
	// new buffer, as :fork N does (editor.RestoreRoot: the original
	// text; the undo panel's f).
	Fork int
}

// RunHooks are optional callbacks of RunWith. They are called on the
// session's goroutine and must not block.
type RunHooks struct {
	// Config receives the UI's part of the configuration: once when Run
	// starts, if the configuration file is watched (WatchConfig), and
	// after every reload the session applied.
	Config func(UIConfig)
}

// Run is the session goroutine's loop for the UI: it applies inputs to the
// core and publishes a View after each batch (skipping views while more
// input is already queued); beside the input it serves the undo-file save
// timer and the writer's results, the file and configuration watchers and
// the 'timeoutlen' wait. It returns when ctx ends, in closes or a command
// quits, after writing the undo files (FlushUndoFiles).
func (s *Session) Run(ctx context.Context, in <-chan Input, publish func(editor.View)) {
	s.RunWith(ctx, in, publish, RunHooks{})
}

// RunWith is Run with hooks.
func (s *Session) RunWith(ctx context.Context, in <-chan Input, publish func(editor.View), hooks RunHooks) {
	defer s.runPersist()()   // the undo-file save timer; FlushUndoFiles at the end
	defer s.runDiskWatch()() // watch the open files for changes on disk (watch.go)
	// An end from outside (SIGHUP: the terminal was closed) stops a macro
	// that runs itself, as CTRL-C does, so that the loop sees it and the
	// undo files are written; the core would otherwise never come back.
	defer context.AfterFunc(ctx, s.ed.Interrupt)()
	e := s.ed
	uiConfig := func() {
		if hooks.Config != nil && s.live.w != nil {
			hooks.Config(UIConfigFrom(s.live.cur))
		}
	}
	uiConfig()
	publish(e.TakeView())
	var held heldWait // 'timeoutlen' (timeout.go)
	defer held.stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-held.ch():
			held.expired(s)
			held.arm(s) // keys typed again after a shorter left side wait anew
			e.CheckPending()
			publish(e.TakeView())
			if e.Quit() {
				return
			}
		case <-s.saveTick():
			if s.runSaveTick() {
				publish(e.TakeView())
			}
		case r := <-s.undoResults():
			if s.undoResult(r) {
				publish(e.TakeView())
			}
		case batch, ok := <-s.diskEvents(): // watch.go
			s.onDiskEvents(batch, ok)
			publish(e.TakeView())
		case batch, ok := <-s.configEvents(): // configlive.go
			s.onConfigEvents(batch, ok)
			uiConfig()
			publish(e.TakeView())
		case err, ok := <-s.configErrors():
			s.onConfigError(err, ok)
			publish(e.TakeView())
		case ev, ok := <-in:
			if !ok {
				return
			}
			s.handleInput(ev)
			// Coalesce: apply everything already waiting before publishing.
			for more := true; more && !e.Quit(); {
				select {
				case ev, ok := <-in:
					if !ok {
						publish(e.TakeView())
						return
					}
					s.handleInput(ev)
				default:
					more = false
				}
			}
			e.CheckPending() // reloads that waited for the command to end (core: disk.go)
			held.arm(s)
			publish(e.TakeView())
			if e.Quit() {
				return
			}
		}
	}
}

// handleInput applies one input to the core.
func (s *Session) handleInput(ev Input) {
	e := s.ed
	if ev.Height > 0 || ev.Width > 0 {
		e.Resize(ev.Height, ev.Width)
	}
	if keys := s.afterInterrupt(ev.Keys); len(keys) > 0 {
		e.Feed(keys, true)
	}
	if ev.Click != nil {
		e.MouseClick(*ev.Click)
	}
	if ev.Scroll != 0 {
		e.MouseScroll(ev.Scroll)
	}
	if ev.Paste != "" {
		e.Paste(ev.Paste)
	}
	if ev.Ex != "" {
		e.ExecEx(ev.Ex)
	}
	if ev.Restore != 0 {
		e.RestoreState(ev.Restore)
	}
	if ev.RestoreBack {
		e.GoBackFromRestore()
	}
	if ev.Revert != nil {
		e.RevertHunk(*ev.Revert)
	}
	if ev.Undo {
		e.UndoAnyMode()
	}
	if ev.Fork != 0 {
		if err := e.ForkState(ev.Fork); err != nil {
			e.ShowError(err.Error())
		}
	}
}
