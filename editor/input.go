package editor

import "github.com/kjx-editor/kjx/undo"

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

// Interrupt is CTRL-C while the editor is busy (Vim's got_int): at the
// next key not typed, the keys queued (those of a macro that runs itself
// or of a long :normal, and keys typed ahead) are dropped, with the
// message "Interrupted". Scripts of any length are never stopped
// otherwise, as in Vim, where a recursive macro that never fails also
// runs until interrupted. Safe to call from any goroutine.
func (e *Editor) Interrupt() { e.interrupt.Store(true) }

// interrupted reports, once, whether Interrupt was called, with the
// message; the caller drops what it was running.
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
		if e.queuedInsertRun() {
			continue
		}
		q := e.queue[0]
		e.queue = e.queue[1:]
		if q.typed || q.scriptin {
			e.keyTick++
		}
		if q.typed && q.k == Ctrl('c') {
			// The CTRL-C that Interrupt announced, done with: an idle
			// CTRL-C must not stop the next macro.
			e.interrupt.Store(false)
		}
		if q.typed && !q.nomap && e.mapKey(q.k) {
			continue
		}
		if !q.typed && e.interrupted() {
			// Vim flushes all typeahead at CTRL-C: the keys of macros and
			// mappings, and keys typed ahead, which could start them again.
			e.queue = e.queue[:0]
			continue
		}
		e.dispatchQueued(q)
	}
	e.keptMsg = false // the typeahead ran out: Vim redraws and forgets keep_msg
	if e.mode != ModeCmdline {
		e.scrollToCursor() // Vim's update_topline before the redraw
	}
}

// dispatchQueued handles a key from the typeahead. A key read from a -s
// script marks the command line being edited as typed (see
// addLineHistory). An <Esc> not typed (from a macro, a mapping, :normal)
// runs the command line, as in Vim (c_<Esc>), where only a typed one
// abandons it; a :normal that ends in Command-line mode abandons it
// (runQueued).
func (e *Editor) dispatchQueued(q queued) {
	k := q.k
	if e.cmdline != nil {
		if q.scriptin {
			e.cmdline.typed = true
		} else if cl := e.cmdline; !q.typed && e.mode == ModeCmdline && !cl.literal && !cl.regWait && (k.Code == KeyEsc || k.IsCtrl('[')) {
			k = K(KeyEnter)
		}
	}
	e.dispatch(k, q.typed)
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
		e.endCtrlO()
	case ModeInsert, ModeReplace:
		e.insertKey(k)
	case ModeCmdline:
		if typed {
			e.cmdline.typed = true
		}
		e.cmdlineKey(k)
		e.endCtrlO() // <C-o>: and <C-o>/ end with the command line, run or not
	case ModeConfirm:
		e.confirmKey(k, typed)
		e.endCtrlO()
	}
	if e.mode != ModeInsert && e.mode != ModeReplace {
		e.finishChange()
	}
}

// endCtrlO goes back to Insert (or Replace) mode when the one command of
// CTRL-O is done (Normal mode, nothing pending). As after an arrow key,
// the insert goes on in a new undo block.
func (e *Editor) endCtrlO() {
	if e.ins != nil && e.ins.oneCmd && e.mode == ModeNormal && len(e.pending) == 0 {
		e.resumeAfterCtrlO()
	}
}

// resumeAfterCtrlO goes back to Insert (or Replace) mode after the
// command of CTRL-O. As in Vim's edit(), a cursor on the last character
// of its line goes past the end when it was past the end of that line at
// CTRL-O, or when curswant is further right ("<C-o>$", "<C-o>80|",
// "A<C-o>j").
func (e *Editor) resumeAfterCtrlO() {
	e.ins.oneCmd = false
	e.win.clampCursor(true)
	e.ctrlOBackToEOL()
	e.mode = e.ins.resume
	e.restartInsert()
}

// ctrlOBackToEOL is resumeAfterCtrlO's move past the end of the line.
func (e *Editor) ctrlOBackToEOL() {
	in, c, r := e.ins, e.win.cur, e.text()
	if n := lineLen(r, c.Line); c.Col < n && ropeNextCol(r, c.Line, c.Col) == n &&
		(in.eolLine == c.Line+1 || e.win.wantCol > e.wantColumnAt(c)) {
		e.win.cur.Col = n
	}
	in.eolLine = 0
}

// ctrlOOffEOL moves a cursor past the end of a line onto its last
// character for the command of CTRL-O, as Vim's ins_esc does, and
// remembers the line so that resumeAfterCtrlO puts it back.
func (e *Editor) ctrlOOffEOL() {
	c, r := e.win.cur, e.text()
	if n := lineLen(r, c.Line); c.Col > 0 && c.Col >= n {
		e.ins.eolLine = c.Line + 1
		e.win.cur.Col = ropePrevCol(r, c.Line, n)
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
		// Keys that end after CTRL-O end the insert as Vim's feedkeys()
		// does there: without its count (CTRL-O dropped it), and with the
		// cursor where CTRL-O or its unfinished command left it.
		in, cur := e.ins, e.win.cur
		in.oneCmd, in.count = false, 1
		e.mode = in.resume
		e.Feed([]Key{K(KeyEsc)}, false)
		e.win.cur = cur
		e.win.clampCursor(false)
	}
	e.pending = e.pending[:0]
}

// ExecEx runs an Ex command line as if typed after ':' and <CR> (undo is
// synced first, as a typed ':' does), but, like Vim's -c commands and
// sourced lines, it does not enter the ':' history. It reports whether
// it succeeded.
func (e *Editor) ExecEx(line string) bool {
	if e.mode != ModeNormal {
		e.Feed([]Key{K(KeyEsc), K(KeyEsc)}, false)
	}
	e.sync()
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
