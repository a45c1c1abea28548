package ui

// The UI goroutine's input: terminal events, keys, pastes, the panel's
// keys and resizes, turned into session input.

import (
	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// handle processes one terminal event.
func (l *loop) handle(ev tcell.Event) {
	switch ev := ev.(type) {
	case *tcell.EventPaste:
		if ev.Start() {
			l.inPaste, l.lastCR = true, false
			l.paste.Reset()
			return
		}
		l.inPaste = false
		if l.paste.Len() > 0 {
			l.send(session.Input{Paste: l.paste.String()})
		}
	case *tcell.EventKey:
		if l.inPaste {
			l.pasteKey(ev)
			return
		}
		l.key(ev)
	case *tcell.EventResize:
		w, h := ev.Size()
		l.fb.width = w
		l.sync = true
		l.send(session.Input{Height: l.textHeight(w, h), Width: l.textWidth(w)})
	case *tcell.EventMouse:
		l.mouse(ev)
	}
}

// textHeight is the editor's Height on a w×h screen: every row but the
// command line, less the panel's full-width preview pane
// (panel.diff = "bottom"); the editor keeps one for the status line.
func (l *loop) textHeight(w, h int) int {
	return max(h-1-l.r.Panel.bottomRows(w, h), 1)
}

// textWidth is the text window's width on a screen w wide.
func (l *loop) textWidth(w int) int {
	if pw := l.r.Panel.width(w); l.r.Panel.Open && pw > 0 {
		return w - pw - 1
	}
	return w
}

// pasteKey adds a key that arrived inside a bracketed paste to the
// pasted text; CR LF and lone CRs become newlines.
func (l *loop) pasteKey(ev *tcell.EventKey) {
	t := pasteText(ev)
	if ev.Key() == tcell.KeyCtrlJ && l.lastCR {
		l.lastCR = false
		return // the LF of a CR LF
	}
	l.lastCR = ev.Key() == tcell.KeyEnter
	if ev.Key() == tcell.KeyCtrlJ {
		t = "\n"
	}
	l.paste.WriteString(t)
}

// key handles one key press outside a paste.
func (l *loop) key(ev *tcell.EventKey) {
	k, ok := translateKey(ev)
	if !ok {
		return
	}
	for _, k := range typedKeys(k) {
		l.keyPress(k)
	}
}

// keyPress handles one key as typed.
func (l *loop) keyPress(k editor.Key) {
	p := l.r.Panel
	if k == editor.K(editor.KeyF5) || k == editor.Ctrl('l') {
		l.flushPanelHeld()
	}
	switch {
	case k == editor.K(editor.KeyF5):
		l.togglePanel()
		return
	case k == editor.Ctrl('l'):
		// Redraw everything, whoever has the focus (the editor also
		// hears it when the text has the focus).
		l.fb.clearMessages()
		l.refreshMessages()
		l.sync = true
		if p.Open && p.Focus {
			return
		}
	case p.Open && p.Focus:
		l.panelTyped(k)
		return
	case l.ctrlW:
		l.ctrlW = false
		if k.Code == editor.KeyRune && (k.Rune == 'w' || k.Rune == 'h' || k.Rune == 'l' || k.Rune == 'p' || k == editor.Ctrl('w')) {
			p.Focus = true
			l.dirty = true
			return
		}
		l.send(session.Input{Keys: []editor.Key{editor.Ctrl('w'), k}})
		return
	case k == editor.Ctrl('w') && p.Open && l.vmode == editor.ModeNormal && l.pend == "":
		l.ctrlW = true
		return
	case k == editor.K(editor.KeyTab) && p.Open && l.vmode == editor.ModeNormal && l.pend == "":
		// Tab moves the keyboard to the panel as it moves it back (in
		// Vim's Normal mode Tab is CTRL-I, the jump forward, which the
		// open panel takes over; closed, Tab is CTRL-I again).
		p.Focus = true
		l.dirty = true
		return
	case k == editor.Ctrl('z') && l.vmode == editor.ModeNormal && l.pend == "":
		l.suspend()
		return
	}
	if l.fb.hitEnter() {
		l.fb.dismiss()
		l.refreshMessages()
		if k == editor.K(editor.KeyEnter) || k == editor.R(' ') || k == editor.K(editor.KeyEsc) {
			return
		}
	}
	if k == editor.Ctrl('c') && l.stop != nil {
		// The editor may be busy with a macro that runs itself, as in
		// Vim: CTRL-C stops it before the key is queued behind it.
		l.stop()
	}
	l.send(session.Input{Keys: []editor.Key{k}})
}

// panelKey gives a key to the focused panel and carries out its action.
func (l *loop) panelKey(k editor.Key) {
	p := l.r.Panel
	if !undopanel.Handles(k) {
		return
	}
	switch a := p.Key(k); a.Kind {
	case undopanel.ActRestore:
		l.send(restoreInput(a.Seq))
	case undopanel.ActRestoreBack:
		l.send(session.Input{RestoreBack: true})
	case undopanel.ActRevertHunk:
		if in, ok := p.revertInput(a); ok {
			l.send(in)
		}
	case undopanel.ActUndo:
		l.send(session.Input{Undo: true})
	case undopanel.ActFork:
		l.send(forkInput(a.Seq))
		p.Focus = false // the keys go to the new buffer, as after :fork
	case undopanel.ActClose:
		p.Open, p.Focus = false, false
		p.search.stop()
		l.resized()
	case undopanel.ActFocusText:
		p.Focus = false
	}
	l.dirty = true
}

// togglePanel opens the panel with the focus, or closes it.
func (l *loop) togglePanel() {
	p := l.r.Panel
	p.Open = !p.Open
	p.Focus = p.Open
	l.resized()
	l.dirty = true
}

// resized tells the editor the text window's new size.
func (l *loop) resized() {
	w, h := l.surf.Size()
	l.fb.width = w
	l.send(session.Input{Height: l.textHeight(w, h), Width: l.textWidth(w)})
}

// suspend stops kjx like a shell's job control (CTRL-Z) and restores the
// screen when the shell resumes it.
func (l *loop) suspend() {
	if err := l.scr.Suspend(); err != nil {
		return
	}
	stopSelf()
	if err := l.scr.Resume(); err == nil {
		l.sync = true
	}
}
