package editor

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// insertState is one Insert (or Replace) mode session.
type insertState struct {
	cmd          string // the command that started it: i a A I o O c R ...
	count        int    // repeat count applied at <Esc>
	keys         keyLog // keys typed in the session (for the count and for .)
	prefix       []Key  // the keys . replays before keys (the command itself)
	start        Pos    // where typing started (the 'start' limit of <BS>)
	replaced     []string
	block        *opRange // block I/A/c: text is copied to the other lines at <Esc>
	blockCol     int      // block I/A/c: the insert column on the first line (arrows move start, not it)
	blockTail    int      // block I/A/c: bytes of the first line after blockCol at the start
	oneCmd       bool     // CTRL-O: back to resume (Insert or Replace mode) after one command
	resume       Mode     // see oneCmd (Vim's restart_edit)
	eolLine      int      // CTRL-O past a line end: that line + 1, else 0 (Vim's ins_at_eol, o_lnum)
	literal      bool     // CTRL-V: the next key is inserted as is
	regWait      bool     // CTRL-R: the next key names a register
	aiLine       int      // line whose indent was only auto-inserted (-1: none)
	replay       bool     // replaying keys for a count: do not record them
	rcount       int      // the count . repeats with (0: none)
	redoRegister rune     // the register . repeats with
	visualRedo   *redoCmd // a Visual command that started this insert
	corner       bool     // block I/A: the cursor ends at the block's corner
	reserved     bool     // keys was sized for a long queue (reserveKeys)
}

// startInsert enters Insert mode (Replace mode for R).
func (e *Editor) startInsert(cmd string, count int, prefix []Key) {
	in := e.insSpare // the last session's state and key buffer, if any
	e.insSpare = nil // the session owns them until it ends
	if in == nil {
		in = new(insertState)
	}
	*in = insertState{cmd: cmd, count: count, prefix: prefix, start: e.win.cur, aiLine: e.autoIndentLine, keys: in.keys[:0]}
	e.ins = in
	if count > 1 {
		e.ins.rcount = count
	}
	e.autoIndentLine = -1
	e.mode = ModeInsert
	if cmd == "R" {
		e.mode = ModeReplace
	}
	e.win.clampCursor(true)
	e.win.wantCol = -1
}

// insertEditKey runs <BS>, <Del>, CTRL-W or CTRL-U.
func (e *Editor) insertEditKey(k Key) {
	switch {
	case k.Code == KeyBackspace || k.IsCtrl('h'):
		e.insertBackspace()
	case k.Code == KeyDelete:
		e.insertDelete()
	case k.IsCtrl('w'):
		e.insertDeleteWord()
	case k.IsCtrl('u'):
		e.insertDeleteLine()
	}
}

// literalRune is the character a CTRL-V'd key inserts.
func literalRune(k Key) rune {
	if k.Mod == ModCtrl && k.Rune >= 'a' && k.Rune <= 'z' {
		return k.Rune - 'a' + 1
	}
	return k.Rune
}

func (e *Editor) recordInsert(k Key) {
	if !e.ins.replay {
		if n := len(e.ins.keys); n == cap(e.ins.keys) {
			// Double: append grows a long slice by a quarter, which
			// copies a pasted file's keys about 25 times over.
			e.ins.keys = slices.Grow(e.ins.keys, max(n, 64))
		}
		e.ins.keys = e.ins.keys.add(k)
	}
}

// insertTyped inserts s at the cursor (overwriting in Replace mode).
func (e *Editor) insertTyped(s string) {
	if s == "" {
		return
	}
	if strings.Contains(s, "\n") {
		for i, part := range strings.Split(s, "\n") {
			if i > 0 {
				e.insertNewline()
			}
			e.insertTyped(part)
		}
		return
	}
	r := e.text()
	cur := e.win.cur
	off := posToOff(r, cur)
	e.ins.aiLine = -1
	if e.mode == ModeReplace {
		line := lineText(r, cur.Line)
		end := cur.Col
		for n := utf8.RuneCountInString(s); n > 0 && end < len(line); n-- {
			end = nextCol(line, end)
		}
		old := line[cur.Col:end]
		e.ins.replaced = append(e.ins.replaced, old)
		e.apply(off, old, s)
	} else {
		e.apply(off, "", s)
	}
	e.win.cur.Col += len(s)
}

// insertNewline is <CR>: split the line, with autoindent.
func (e *Editor) insertNewline() {
	r := e.text()
	cur := e.win.cur
	line := lineText(r, cur.Line)
	indent := ""
	if e.opt.AutoIndent {
		indent = leadingWhite(line)
		if cur.Col < len(indent) {
			indent = indent[:cur.Col]
		}
	}
	// An indent that was only auto-inserted is removed when the line stays
	// empty.
	if e.ins.aiLine == cur.Line && strings.TrimLeft(line, " \t") == "" && cur.Col == len(line) {
		ls := lineStart(r, cur.Line)
		e.apply(ls, line, "")
		cur.Col = 0
		e.win.cur = cur
		r = e.text()
	}
	off := posToOff(r, cur)
	// Vim drops the blanks before the cursor's new line when autoindent is on.
	rest := lineText(r, cur.Line)[cur.Col:]
	trim := 0
	if e.opt.AutoIndent {
		trim = len(rest) - len(strings.TrimLeft(rest, " \t"))
	}
	if e.mode == ModeReplace {
		e.ins.replaced = append(e.ins.replaced, "\n")
	}
	e.apply(off, rest[:trim], "\n"+indent)
	e.win.cur = Pos{Line: cur.Line + 1, Col: len(indent)}
	if indent != "" {
		e.ins.aiLine = cur.Line + 1
	}
}

// insertShift is CTRL-T / CTRL-D.
func (e *Editor) insertShift(right bool) {
	line := e.curLine()
	ws := leadingWhite(line)
	sw := e.opt.EffectiveShiftWidth()
	w := displayWidth(ws, e.opt.TabStop)
	nw := (w/sw + 1) * sw
	if !right {
		nw = max((w+sw-1)/sw-1, 0) * sw
	}
	ni := makeIndent(nw, e.opt.TabStop, e.opt.ExpandTab)
	ls := lineStart(e.text(), e.win.cur.Line)
	e.replaceRange(ls, ls+len(ws), ni)
	e.win.cur.Col = max(e.win.cur.Col+len(ni)-len(ws), len(ni))
}

// insertCopyChar is CTRL-Y (from the line above) and CTRL-E (below).
func (e *Editor) insertCopyChar(above bool) {
	l := e.win.cur.Line + 1
	if above {
		l = e.win.cur.Line - 1
	}
	if l < 0 || l >= lineCount(e.text()) {
		return
	}
	src := lineText(e.text(), l)
	vc := displayCol(e.curLine(), e.win.cur.Col, e.opt.TabStop)
	c := colAtDisplay(src, vc, e.opt.TabStop, true)
	if c >= len(src) {
		return
	}
	ch := src[c:nextCol(src, c)]
	e.recordText(ch)
	e.insertTyped(ch)
}

// recordText remembers inserted text for . and CTRL-A as the keys that
// type it.
func (e *Editor) recordText(s string) {
	for _, r := range s {
		switch r {
		case '\n':
			e.recordInsert(K(KeyEnter))
		case '\t':
			e.recordInsert(K(KeyTab))
		default:
			e.recordInsert(R(r))
		}
	}
}

// insertArrow moves the cursor in Insert mode. Like Vim, it closes the
// undo block and restarts what . will repeat.
func (e *Editor) insertArrow(k Key) {
	r := e.text()
	cur := e.win.cur
	line := lineText(r, cur.Line)
	switch k.Code {
	case KeyLeft:
		if cur.Col > 0 {
			cur.Col = prevCol(line, cur.Col)
		}
	case KeyRight:
		if cur.Col < len(line) {
			cur.Col = nextCol(line, cur.Col)
		}
	case KeyHome:
		cur.Col = 0
	case KeyEnd:
		cur.Col = len(line)
	case KeyUp, KeyDown, KeyPgUp, KeyPgDn:
		want := displayCol(line, cur.Col, e.opt.TabStop)
		d := 1
		if k.Code == KeyPgUp || k.Code == KeyPgDn {
			d = max(e.win.height-2, 1)
		}
		if k.Code == KeyUp || k.Code == KeyPgUp {
			d = -d
		}
		nl := min(max(cur.Line+d, 0), lineCount(r)-1)
		cur = Pos{Line: nl, Col: colAtDisplay(lineText(r, nl), want, e.opt.TabStop, true)}
	}
	e.win.cur = cur
	e.restartInsert()
}

// restartInsert makes the rest of an Insert session a new insert, as Vim
// does after an arrow key or CTRL-O: a new undo block, and . repeats only
// what is typed from here.
func (e *Editor) restartInsert() {
	cur := e.win.cur
	e.sync()
	in := e.ins
	in.count = 1
	in.rcount = 0
	in.redoRegister = 0
	in.start = cur
	in.prefix = insertPrefix("i")
	in.keys = in.keys[:0]
	in.replaced = nil
	in.aiLine = -1
	in.visualRedo = nil
}

// finishInsert is <Esc> (repeat the count, leave Insert mode) or CTRL-C.
func (e *Editor) finishInsert(repeat bool) {
	in := e.ins
	if repeat && in.count > 1 && !in.replay {
		in.replay = true
		e.repeatInsert(in)
		in.replay = false
	}
	// Remove an indent nobody typed after.
	if in.aiLine == e.win.cur.Line {
		line := e.curLine()
		if strings.TrimLeft(line, " \t") == "" && line != "" && e.win.cur.Col == len(line) {
			ls := lineStart(e.text(), e.win.cur.Line)
			e.apply(ls, line, "")
			e.win.cur.Col = 0
		}
	}
	blockCur := Pos{Line: -1}
	if in.block != nil {
		blockCur = e.finishBlockInsert(in)
	}
	b := e.buf()
	b.marks['^'] = e.win.cur
	if e.changed || len(in.keys) > 0 {
		b.marks['.'] = e.win.cur
	}
	keep := e.keepInsertKeys(in)
	e.mode = ModeNormal
	e.ins = nil
	if blockCur.Line >= 0 && in.corner {
		// After a block insert the cursor is at the block's top-left.
		e.win.cur = blockCur
	} else if e.win.cur.Col > 0 {
		e.win.cur.Col = ropePrevCol(e.text(), e.win.cur.Line, e.win.cur.Col)
	}
	e.win.clampCursor(false)
	e.win.wantCol = -1
	in.keys = keep
	e.insSpare = in // nothing else holds the state: the next session reuses it
}

// keepInsertKeys makes the ended session's keys what . and CTRL-A repeat,
// and returns the buffer the next session may type into (nil: none). The
// redo and CTRL-A share one exact copy of the keys (both only read them;
// the capacity keeps an append from writing over); the next session types
// into the buffer again, so a long session grows it once, not again every
// time. A buffer too long to keep (reusable) is theirs, not copied.
func (e *Editor) keepInsertKeys(in *insertState) keyLog {
	n := len(in.keys)
	var ins keyLog
	keep := reusable(in.keys)
	if keep == nil {
		ins = in.keys.add(K(KeyEsc))
	} else {
		ins = make(keyLog, n, n+1)
		copy(ins, in.keys)
		ins = ins.add(K(KeyEsc))
	}
	e.lastInsKeys = ins[:n:n]
	if in.visualRedo != nil {
		rd := *in.visualRedo
		rd.insert = ins
		e.redo = &rd
	} else {
		e.redo = &redoCmd{reg: in.redoRegister, count: in.rcount, keys: in.prefix, insert: ins}
	}
	return keep
}

// repeatInsert types the session's keys count-1 more times (the count of
// 3ix<Esc>). Plain text typed in Insert mode is inserted as one string:
// the same text, cursor and undo block as typing it again key by key, in
// one rope edit instead of one per key (7777777A0 would otherwise take
// seconds).
func (e *Editor) repeatInsert(in *insertState) {
	if text, ok := plainText(in.keys.keys()); ok && e.mode == ModeInsert && in.block == nil && in.cmd != "o" && in.cmd != "O" {
		e.insertTyped(strings.Repeat(text, in.count-1))
		return
	}
	for i := 1; i < in.count; i++ {
		if in.cmd == "o" || in.cmd == "O" {
			e.openLine(true)
		}
		for _, k := range in.keys.keys() {
			e.insertKey(k)
		}
	}
}

// plainText is the text keys type when every key is a plain character.
func plainText(keys []Key) (string, bool) {
	var b strings.Builder
	for _, k := range keys {
		if !k.Plain() {
			return "", false
		}
		b.WriteRune(k.Rune)
	}
	return b.String(), true
}

// insertedText turns typed keys into the text they insert (the ". register).
func insertedText(keys []Key) string {
	var b strings.Builder
	for _, k := range keys {
		switch {
		case k.Code == KeyEnter:
			b.WriteByte('\n')
		case k.Code == KeyTab:
			b.WriteByte('\t')
		case k.Plain():
			b.WriteRune(k.Rune)
		}
	}
	return b.String()
}

// insertPrefixes are the keys of the commands that start Insert mode,
// parsed once: every patch of a typed replay starts with one.
var insertPrefixes = func() map[string][]Key {
	m := map[string][]Key{}
	for _, name := range []string{"i", "a", "I", "A", "gI", "o", "O", "gi", "<Insert>", "R"} {
		m[name] = MustParseKeys(name)
	}
	return m
}()

// insertPrefix is the keys of the Insert command name, shared: the
// capacity is the length, so an append to them copies.
func insertPrefix(name string) []Key {
	if k, ok := insertPrefixes[name]; ok {
		return k[:len(k):len(k)]
	}
	return MustParseKeys(name)
}
