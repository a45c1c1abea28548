package editor

import (
	"context"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/undo"
)

const pasteSource = undo.SourcePaste

// Feed queues keys and processes everything queued. typed says whether
// the keys come from the user (each typed Normal-mode key closes the undo
// block, as Vim's typeahead does) or from a script, :normal, a macro or
// Vim's -s (they do not).
func (e *Editor) Feed(keys []Key, typed bool) {
	for _, k := range keys {
		e.queue = append(e.queue, queued{k: k, typed: typed})
	}
	e.drain()
}

// Interrupt is CTRL-C while the editor is busy (Vim's got_int): the keys
// not typed that are queued or running (a macro that runs itself, a long
// :normal) are dropped at the next key, with the message "Interrupted".
// Scripts of any length are never stopped otherwise, as in Vim, where a
// recursive macro that never fails also runs until interrupted. Safe to
// call from any goroutine.
func (e *Editor) Interrupt() { e.interrupt.Store(true) }

// interrupted reports, once, whether Interrupt was called, and then
// flushes the keys not typed.
func (e *Editor) interrupted() bool {
	if !e.interrupt.Load() {
		return false
	}
	e.interrupt.Store(false)
	e.beep()
	e.msg("Interrupted")
	return true
}

// HandleKey processes one typed key.
func (e *Editor) HandleKey(k Key) { e.Feed([]Key{k}, true) }

// drain processes the typeahead until it is empty.
func (e *Editor) drain() {
	if e.draining {
		return
	}
	e.draining = true
	defer func() { e.draining = false }()
	for len(e.queue) > 0 && !e.quit {
		q := e.queue[0]
		e.queue = e.queue[1:]
		if q.typed && !q.nomap && e.mapKey(q.k) {
			continue
		}
		if !q.typed && e.interrupted() {
			continue
		}
		e.dispatch(q.k, q.typed)
	}
}

// dispatch handles one key in the current mode.
func (e *Editor) dispatch(k Key, typed bool) {
	if e.recording != 0 && typed {
		if (e.mode == ModeNormal || e.mode.visual()) && len(e.pending) == 0 && k.IsRune('q') {
			e.stopRecording()
			return
		}
		e.recorded = append(e.recorded, k)
	}
	switch e.mode {
	case ModeNormal, ModeVisual, ModeVisualLine, ModeVisualBlock:
		if typed {
			e.sync()
		}
		e.normalKey(k)
		if e.ins != nil && e.ins.oneCmd && e.mode == ModeNormal && len(e.pending) == 0 {
			// CTRL-O: one command done, back to Insert mode. As after an
			// arrow key, the insert goes on in a new undo block.
			e.ins.oneCmd = false
			e.mode = ModeInsert
			e.win.clampCursor(true)
			e.restartInsert()
		}
	case ModeInsert, ModeReplace:
		e.insertKey(k)
	case ModeCmdline:
		e.cmdlineKey(k)
	case ModeConfirm:
		e.confirmKey(k, typed)
	}
	if e.mode != ModeInsert && e.mode != ModeReplace {
		e.finishChange()
	}
}

// EndStep ends a batch of scripted keys the way Vim's feedkeys(keys,
// 'xt') does: Insert and Command-line mode are left as with <Esc> and an
// incomplete command is dropped; Visual mode stays.
func (e *Editor) EndStep() {
	e.flushHeld()
	switch e.mode {
	case ModeInsert, ModeReplace:
		e.Feed([]Key{K(KeyEsc)}, false)
	case ModeCmdline:
		e.Feed([]Key{K(KeyEsc)}, false)
	case ModeConfirm:
		e.abortConfirm()
	}
	if e.ins != nil && e.ins.oneCmd {
		e.ins.oneCmd = false
		e.mode = ModeInsert
		e.Feed([]Key{K(KeyEsc)}, false)
	}
	e.pending = e.pending[:0]
}

// ExecEx runs an Ex command line as if typed after ':' and <CR> (undo is
// synced first, as a typed ':' does). It reports whether it succeeded.
func (e *Editor) ExecEx(line string) bool {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	e.sync()
	e.addCmdHistory(':', line)
	return e.execExLine(line, true)
}

// Paste inserts text as one insert and one undo step (bracketed paste):
// in Normal mode it is put before the cursor like P of a charwise
// register; in Insert mode it is inserted at the cursor; on the command
// line it is typed.
func (e *Editor) Paste(text string) {
	switch e.mode {
	case ModeInsert, ModeReplace:
		saved := e.src
		e.src = pasteSource
		e.insertTyped(text)
		e.src = saved
		// The paste joins the Insert-mode session's undo step, as in
		// Vim; the step is labelled a paste all the same.
		e.buf().tree.MarkSource(pasteSource)
	case ModeCmdline:
		e.cmdlineInsert(text)
	default:
		e.sync()
		saved := e.src
		e.src = pasteSource
		e.put(register{text: text}, false, false, 1, false)
		e.src = saved
		e.finishChange()
		e.sync()
	}
}

// Input is one event for Run: keys (typed), a paste, an Ex command, a
// mouse click or a wheel scroll.
type Input struct {
	Keys  []Key
	Paste string
	Ex    string
	// Click, when not nil, is a mouse click in the text (MouseClick).
	Click *Click
	// Scroll, when non-zero, scrolls by that many lines: > 0 towards the
	// end of the buffer (MouseScroll).
	Scroll int
	// Resize, when non-zero, sets the window size.
	Height, Width int
	// Restore, when non-zero, goes to undo state Restore (RestoreRoot: the
	// original text) as one movement, without touching the : history.
	Restore int
	// RestoreBack goes back to the state before the last restore, as
	// g<BS> does (the undo panel's Backspace).
	RestoreBack bool
	// Revert, when not nil, applies one hunk of another state to the
	// text as a new undo step (the undo panel's r, panel_revert.go).
	Revert *Revert
	// Undo undoes one step, as u in Normal mode (the undo panel's u).
	Undo bool
}

// UIConfig is the part of the configuration that the UI applies itself:
// the undo-tree panel's [panel] options and [keys.panel] key maps.
type UIConfig struct {
	PanelRight    bool   // panel.side = "right"
	PanelWidth    int    // panel.width
	PanelDiff     string // panel.diff: "below", "replace" or "off"
	PanelAbsolute bool   // panel.time_format = "absolute"
	PanelASCII    bool   // panel.glyphs = "ascii"
	// PanelKeys maps keys typed while the panel has the keyboard to panel
	// keys, both in key notation (validated by package config).
	PanelKeys map[string]string
}

// UIConfigFrom returns the UI's part of c.
func UIConfigFrom(c config.Config) UIConfig {
	return UIConfig{
		PanelRight:    c.Panel.Side == config.SideRight,
		PanelWidth:    c.Panel.Width,
		PanelDiff:     string(c.Panel.Diff),
		PanelAbsolute: c.Panel.TimeFormat == config.TimeAbsolute,
		PanelASCII:    c.Panel.Glyphs == config.GlyphsASCII,
		PanelKeys:     c.Keys.Panel,
	}
}

// RunHooks are optional callbacks of RunWith. They are called on the
// editor's goroutine and must not block.
type RunHooks struct {
	// Config receives the UI's part of the configuration: once when Run
	// starts, if the configuration file is watched (WatchConfig), and
	// after every reload the editor applied.
	Config func(UIConfig)
}

// Run is the editor goroutine's loop for the UI: it applies inputs and
// publishes a View after each batch (skipping views while more input is
// already queued). It returns when ctx ends, in closes or a command quits.
func (e *Editor) Run(ctx context.Context, in <-chan Input, publish func(View)) {
	e.RunWith(ctx, in, publish, RunHooks{})
}

// RunWith is Run with hooks.
func (e *Editor) RunWith(ctx context.Context, in <-chan Input, publish func(View), hooks RunHooks) {
	defer e.runPersist()()   // the undo-file save timer; Close at the end
	defer e.runDiskWatch()() // watch the open files for changes on disk (disk_watch.go)
	uiConfig := func() {
		if hooks.Config != nil && e.configUpdates() != nil {
			hooks.Config(UIConfigFrom(e.live.cur))
		}
	}
	uiConfig()
	publish(e.View())
	var held heldWait // 'timeoutlen' (timeout.go)
	defer held.stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-held.ch:
			held.expired(e)
			held.arm(e) // keys typed again after a shorter left side wait anew
			e.checkPending()
			publish(e.View())
			if e.quit {
				return
			}
		case <-e.saveTick():
			if e.Tick(e.clock.Now()) {
				publish(e.View())
			}
		case r := <-e.undoResults():
			if e.undoResult(r) {
				publish(e.View())
			}
		case batch, ok := <-e.diskEvents(): // disk_watch.go
			e.onDiskEvents(batch, ok)
			publish(e.View())
		case u, ok := <-e.configUpdates(): // configlive.go
			e.onConfigUpdate(u, ok)
			uiConfig()
			publish(e.View())
		case ev, ok := <-in:
			if !ok {
				return
			}
			e.handleInput(ev)
			// Coalesce: apply everything already waiting before publishing.
			for more := true; more && !e.quit; {
				select {
				case ev, ok := <-in:
					if !ok {
						publish(e.View())
						return
					}
					e.handleInput(ev)
				default:
					more = false
				}
			}
			e.checkPending() // reloads that waited for the command to end (disk.go)
			held.arm(e)
			publish(e.View())
			if e.quit {
				return
			}
		}
	}
}

func (e *Editor) handleInput(ev Input) {
	if ev.Height > 0 || ev.Width > 0 {
		e.Resize(ev.Height, ev.Width)
	}
	if len(ev.Keys) > 0 {
		e.Feed(ev.Keys, true)
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
		e.restoreState(ev.Restore)
	}
	if ev.RestoreBack {
		e.restoreBackInput()
	}
	if ev.Revert != nil {
		e.revertHunk(*ev.Revert)
	}
	if ev.Undo {
		e.undoInput()
	}
}

// Resize sets the screen size; the window gets every row but the command
// line (a UI that draws a status line passes one row less).
func (e *Editor) Resize(height, width int) {
	if height > 0 {
		e.cfg.Height = height
		e.win.height = max(height-1, 1)
	}
	if width > 0 {
		e.cfg.Width = width
		e.win.width = width
	}
	e.scrollToCursor()
}
