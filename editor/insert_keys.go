package editor

// The keys of Insert and Replace mode: insertKey sorts a key into the
// second key of CTRL-V or CTRL-R, a key that ends or leaves the mode, an
// editing key, or a key that inserts (insert.go does the inserting).

// insertKey handles one key in Insert or Replace mode.
func (e *Editor) insertKey(k Key) {
	if e.ins.literal || e.ins.regWait {
		e.insertSecondKey(k)
		return
	}
	if e.insertControlKey(k) {
		return
	}
	e.recordInsert(k)
	e.insertRecordedKey(k)
}

// insertSecondKey is the key after CTRL-V (inserted literally) or after
// CTRL-R (a register's name).
func (e *Editor) insertSecondKey(k Key) {
	in := e.ins
	if in.literal {
		in.literal = false
		e.recordInsert(k)
		switch k.Code {
		case KeyRune:
			e.insertTyped(string(literalRune(k)))
		case KeyEnter, KeyTab, KeyEsc, KeyBackspace:
			// CTRL-V <CR> inserts a literal ^M, CTRL-V <Esc> a ^[ (Vim).
			e.insertTyped(string(controlRune(k.Code)))
		}
		return
	}
	in.regWait = false
	if k.Code != KeyRune {
		return
	}
	if reg, ok := e.pasteReg(k.Rune); ok {
		text := reg.text
		if reg.kind == regLine {
			text += "\n"
		}
		// . repeats the inserted text, not the CTRL-R.
		e.recordText(text)
		e.insertTyped(text)
	}
}

// insertControlKey runs the keys that . does not repeat as typed: <Esc>,
// CTRL-C, CTRL-O, the editing keys (remembered only when they did
// something), CTRL-R, CTRL-A, CTRL-E and CTRL-Y. It reports whether k was
// one of them.
func (e *Editor) insertControlKey(k Key) bool {
	switch {
	case k.Code == KeyEsc || k.IsCtrl('['):
		e.finishInsert(true)
	case k.IsCtrl('c'):
		e.finishInsert(false)
	case k.IsCtrl('o'):
		e.ctrlOBlock()
		e.wantColumn() // as Vim's edit() before each key: "A<C-o>j" aims past the end
		e.ctrlOOffEOL()
		e.ins.oneCmd, e.ins.resume = true, e.mode
		e.mode = ModeNormal
	case k.Code == KeyBackspace || k.IsCtrl('h'), k.Code == KeyDelete, k.IsCtrl('w'), k.IsCtrl('u'):
		// Vim's redo buffer gets nothing for a refused <BS>.
		before, n := e.win.cur, e.text().Len()
		e.insertEditKey(k)
		if e.win.cur != before || e.text().Len() != n {
			e.recordInsert(k)
		}
	case k.IsCtrl('r'):
		e.ins.regWait = true
	case k.IsCtrl('a'):
		// The previously inserted text, as if typed again.
		for _, lk := range e.lastInsKeys.keys() {
			e.insertKey(lk)
		}
	case k.IsCtrl('e'), k.IsCtrl('y'):
		e.insertCopyChar(k.IsCtrl('y'))
	default:
		return false
	}
	return true
}

// insertRecordedKey runs a key that . repeats as typed: text, <CR>,
// <Tab>, CTRL-V, CTRL-T/CTRL-D, <Insert> and the cursor keys.
func (e *Editor) insertRecordedKey(k Key) {
	switch {
	case k.Code == KeyEnter || k.IsCtrl('j') || k.IsCtrl('m'):
		e.insertNewline()
	case k.Code == KeyTab:
		e.insertTab()
	case k.IsCtrl('v') || k.IsCtrl('q'):
		e.ins.literal = true
	case k.IsCtrl('t'), k.IsCtrl('d'):
		e.insertShift(k.IsCtrl('t'))
	case k.Code == KeyInsert:
		if e.mode == ModeInsert {
			e.mode = ModeReplace
		} else {
			e.mode = ModeInsert
		}
	case k.Code == KeyLeft, k.Code == KeyRight, k.Code == KeyUp, k.Code == KeyDown,
		k.Code == KeyHome, k.Code == KeyEnd, k.Code == KeyPgUp, k.Code == KeyPgDn:
		e.insertArrow(k)
	case k.Plain():
		e.insertTyped(string(k.Rune))
	}
}

// ctrlOBlock ends a block I, A or c at CTRL-O as Vim does, whose Insert
// mode returns to the operator there: what was typed so far is copied to
// the block's lines, and the command and the rest of the insert act on
// the first line only. After a copy by I or A the cursor goes to the
// block's corner.
func (e *Editor) ctrlOBlock() {
	in := e.ins
	if in.block == nil {
		return
	}
	if at := e.finishBlockInsert(in); in.corner {
		e.win.cur = at
	}
	in.corner = false
}
