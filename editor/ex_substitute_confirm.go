package editor

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/undo"
)

// subConfirm is a :s///c waiting for answers. The editor is in
// ModeConfirm while it exists; each key of the typeahead answers the
// prompt for the current match, as Vim's do_sub reads them with
// plain_vgetc (unmapped).
//
// Matching goes on in the original text (scan), as Vim matches in its
// copy of the line. Accepted replacements in the line being asked about
// are pending: the View shows them, and they go into the buffer together
// when the scan leaves that line (or the command ends), as Vim saves a
// line for undo when it leaves it; a replacement that joins or splits
// lines goes in at once, as in Vim. Every typed answer closes the undo
// block, as Vim's typeahead does, so a confirmed :s over several lines is
// one undo step per stretch of answers (one step with untyped answers or
// a), and a :s that replaced nothing makes no undo step.
type subConfirm struct {
	sp   *subSpec
	scan *subScan
	cur  subMatch
	// delta is the buffer offset minus the original offset after the
	// edits in the buffer; lines is how many line breaks they added.
	delta, lines int
	// pending are the accepted replacements not yet in the buffer (all
	// in chain pendChain); pendShift is their length change.
	pending   []offEdit
	pendChain int
	pendShift int
	nsubs     int
	nlines    int
	lastChain int
	ask       bool // false after 'a'
	prompt    string
	// global is the rest of the :g that runs this :s, resumed when it
	// ends (nil outside :g).
	global *globalResume
	// rest is what followed the :s on its command line ("| cmd"), run
	// when it ends.
	rest string
}

// globalResume is where a :g stopped by a :s///c goes on.
type globalResume struct {
	cmd  string
	next int // index in Editor.globalLines
}

// ConfirmView is the match a :s///c asks about, for the UI to highlight.
type ConfirmView struct {
	Active bool
	// Match is the match as a rope-offset range of View.Text.
	Match [2]int
	// Prompt is Vim's question ("replace with X (y/n/a/q/l/^E/^Y)?").
	Prompt string
}

// viewConfirm fills the View while a :s///c asks: the match, the prompt,
// and the text with the replacements accepted in the current line.
func (e *Editor) viewConfirm(v *View) {
	c := e.pendingConfirm
	if c == nil || e.mode != ModeConfirm {
		return
	}
	st, en := c.shownRange(c.cur)
	v.Confirm = ConfirmView{Active: true, Match: [2]int{st, en}, Prompt: c.prompt}
	if len(c.pending) > 0 {
		t := v.Text
		for i := len(c.pending) - 1; i >= 0; i-- {
			p := c.pending[i]
			base := c.scan.base + c.delta
			t = t.Replace(base+p.start, base+p.end, p.new)
		}
		v.Text = t
	}
}

// shownRange is where match m is in the text as shown: the buffer with
// the pending replacements (which all come before m).
func (c *subConfirm) shownRange(m subMatch) (int, int) {
	s := c.scan
	d := c.delta + c.pendShift
	return s.base + m.m[0] + d, s.base + s.clip(m.m[1]) + d
}

// commitPending puts the pending replacements into the buffer as one
// change, with the undo position at the cursor as it is (Vim's cursor
// when it leaves the line).
func (e *Editor) commitPending() {
	c := e.pendingConfirm
	if len(c.pending) == 0 {
		c.pendChain = -1
		return
	}
	s := c.scan
	first, last := c.pending[0], c.pending[len(c.pending)-1]
	var nw strings.Builder
	pos := first.start
	for _, p := range c.pending {
		nw.Write(s.text[pos:p.start])
		nw.WriteString(p.new)
		pos = p.end
	}
	old := string(s.text[first.start:last.end])
	e.apply(s.base+first.start+c.delta, old, nw.String())
	c.delta += nw.Len() - len(old)
	c.lines += strings.Count(nw.String(), "\n") - strings.Count(old, "\n")
	c.pending, c.pendShift, c.pendChain = c.pending[:0], 0, -1
}

// startConfirm begins :s///c: it finds the first match and asks about it.
func (e *Editor) startConfirm(sp *subSpec, noErr bool) error {
	scan := newSubScan(sp.re.re, e.frozenText(), max(sp.l1, 0), sp.l2, sp.global)
	m, ok := scan.next()
	if !ok {
		if noErr || e.globalBusy {
			return nil
		}
		return fmt.Errorf("E486: Pattern not found: %s", sp.pat)
	}
	if !e.globalBusy {
		e.setPCMark()
	}
	e.pendingConfirm = &subConfirm{sp: sp, scan: scan, cur: m, lastChain: -1, pendChain: -1, ask: true,
		prompt: fmt.Sprintf("replace with %s (y/n/a/q/l/^E/^Y)?", sp.rep)}
	e.mode = ModeConfirm
	e.askConfirm()
	return nil
}

// askConfirm puts the cursor on the current match and shows the prompt.
func (e *Editor) askConfirm() {
	c := e.pendingConfirm
	st, _ := c.shownRange(c.cur)
	line := c.cur.line + c.lines
	e.win.cur = Pos{Line: line, Col: st - lineStart(e.text(), line)}
	e.scrollToCursor()
	e.msg("%s", c.prompt)
}

// confirmKey answers the prompt of a :s///c with one key.
func (e *Editor) confirmKey(k Key, typed bool) {
	c := e.pendingConfirm
	if c == nil {
		if e.picker != nil {
			e.pickerKey(k) // picker.go
			return
		}
		e.answer(k)
		return
	}
	saved := e.src
	e.src = undo.SourceEx // the changes belong to the :s command line
	defer func() { e.src = saved }()
	if typed {
		e.sync()
	}
	switch {
	case k.IsRune('q') || k.Code == KeyEsc || k.IsCtrl('c') || k.IsCtrl('['):
		e.endConfirm()
	case k.IsRune('n'):
		c.scan.advance(c.cur, true)
		e.nextConfirm()
	case k.IsRune('y'):
		if e.replaceConfirmed() {
			c.scan.advance(c.cur, false)
			e.nextConfirm()
		}
	case k.IsRune('l'):
		e.replaceConfirmed()
		e.endConfirm()
	case k.IsRune('a'):
		c.ask = false
		e.replaceRest()
		e.endConfirm()
	case k.IsCtrl('e'), k.IsCtrl('y'):
		e.scrollConfirm(k.IsCtrl('e'))
		e.msg("%s", c.prompt)
	default:
		e.msg("%s", c.prompt)
	}
}

// scrollConfirm scrolls the window one line (CTRL-E towards the end,
// CTRL-Y towards the start) as Vim's scrollup_clamp and scrolldown_clamp:
// not when that would take the match off the screen ('scrolloff' kept).
func (e *Editor) scrollConfirm(down bool) {
	w := e.win
	h := max(w.height, 1)
	so := min(e.opt.ScrollOff, (h-1)/2)
	if down {
		if w.top < lineCount(e.text())-1 && w.cur.Line >= w.top+1+so {
			w.top++
		}
		return
	}
	if w.top > 0 && w.cur.Line <= w.top-1+h-1-so {
		w.top--
	}
}

// nextConfirm asks about the next match, or ends the command.
func (e *Editor) nextConfirm() {
	c := e.pendingConfirm
	m, ok := c.scan.next()
	if !ok {
		e.endConfirm()
		return
	}
	if m.chain != c.pendChain {
		e.commitPending() // Vim leaves the line before it looks further
	}
	c.cur = m
	e.askConfirm()
}

// replaceConfirmed replaces the current match; false after an error
// (which ends the command).
func (e *Editor) replaceConfirmed() bool {
	c := e.pendingConfirm
	rep, err := c.sp.expand(c.scan, c.cur)
	if err != nil {
		e.errMsg("%s", err.Error())
		e.endConfirm()
		return false
	}
	line := c.cur.line + c.lines
	ed := c.scan.bufferEdit(c.cur, rep)
	c.nsubs++
	if c.cur.chain != c.lastChain {
		c.nlines++
		c.lastChain = c.cur.chain
	}
	if len(c.pending) == 0 {
		c.pendChain = c.cur.chain
	}
	e.win.cur = Pos{Line: line}
	switch {
	case countNL(c.scan.text[ed.start:ed.end]) > 0:
		c.pending = append(c.pending, ed)
		e.commitPending() // Vim joins lines at once
	case strings.Contains(ed.new, "\n"):
		e.splitConfirmed(ed)
	default:
		c.pending = append(c.pending, ed)
		c.pendShift += len(ed.new) - (ed.end - ed.start)
	}
	// Vim leaves the cursor at the start of the line, moved down by the
	// line breaks the replacement inserted.
	e.win.cur = Pos{Line: line + strings.Count(rep, "\n")}
	return true
}

// splitConfirmed makes a replacement that breaks the line the way Vim
// does: the new lines up to the last break are inserted above the line at
// once, and the line itself, replaced up to the end of the match by what
// follows the last break, stays pending until the scan leaves it (so an
// undo step in between shows the line as it was).
func (e *Editor) splitConfirmed(ed offEdit) {
	c := e.pendingConfirm
	s := c.scan
	beg := bytes.LastIndexByte(s.text[:ed.start], '\n') + 1
	var head strings.Builder
	pos := beg
	for _, p := range c.pending {
		head.Write(s.text[pos:p.start])
		head.WriteString(p.new)
		pos = p.end
	}
	head.Write(s.text[pos:ed.start])
	cut := strings.LastIndexByte(ed.new, '\n')
	head.WriteString(ed.new[:cut+1])
	e.apply(s.base+beg+c.delta, "", head.String())
	c.delta += head.Len()
	c.lines += strings.Count(ed.new, "\n")
	tail := ed.new[cut+1:]
	c.pending = append(c.pending[:0], offEdit{start: beg, end: ed.end, new: tail})
	c.pendShift = len(tail) - (ed.end - beg)
}

// replaceRest replaces the current match and all the others without
// asking (the answer a), in one pass over the buffer as a :s without c.
func (e *Editor) replaceRest() {
	c := e.pendingConfirm
	edits := append([]offEdit(nil), c.pending...)
	line := c.cur.line + c.lines
	c.pending, c.pendShift, c.pendChain = nil, 0, -1
	for {
		rep, err := c.sp.expand(c.scan, c.cur)
		if err != nil {
			e.errMsg("%s", err.Error())
			break
		}
		c.nsubs++
		if c.cur.chain != c.lastChain {
			c.nlines++
			c.lastChain = c.cur.chain
		}
		ed := c.scan.bufferEdit(c.cur, rep)
		edits = append(edits, ed)
		// The cursor ends on the last match's line, moved down by the
		// line breaks of the replacements so far.
		e.win.cur = Pos{Line: c.cur.line + c.lines + strings.Count(rep, "\n")}
		c.lines += strings.Count(ed.new, "\n") - countNL(c.scan.text[ed.start:ed.end])
		c.scan.advance(c.cur, false)
		m, ok := c.scan.next()
		if !ok {
			break
		}
		c.cur = m
	}
	if len(edits) == 0 {
		return
	}
	cur := e.win.cur
	e.win.cur = Pos{Line: line}
	e.applyOffEdits(c.scan, edits, c.delta)
	e.win.cur = cur
}

// endConfirm finishes a :s///c (all matches answered, q, <Esc>, l, or a).
func (e *Editor) endConfirm() {
	c := e.pendingConfirm
	if c == nil {
		e.mode = ModeNormal
		return
	}
	e.commitPending()
	e.pendingConfirm = nil
	e.mode = ModeNormal
	if c.nsubs > 0 {
		if !c.ask { // Vim's beginline(BL_WHITE | BL_FIX): curswant follows
			e.win.cur.Col = firstNonBlank(lineText(e.text(), e.win.cur.Line))
			e.win.wantCol = -1
		}
		if e.globalBusy {
			e.globalSubs += c.nsubs
			e.globalSubLines += c.nlines
		} else {
			e.subMessage(c.nsubs, c.nlines)
		}
	}
	e.win.clampCursor(false)
	e.scrollToCursor()
	if c.rest != "" {
		e.execExLine(c.rest, false)
		if e.mode == ModeConfirm && e.pendingConfirm != nil {
			// Another :s///c on the same line: :g goes on after it.
			if e.pendingConfirm.global == nil {
				e.pendingConfirm.global = c.global
			}
			return
		}
	}
	if c.global != nil {
		saved := e.src
		e.src = undo.SourceEx
		e.runGlobal(c.global.cmd, c.global.next)
		e.src = saved
	}
}

// abortConfirm answers every pending prompt with <Esc>, as Vim does when
// the typeahead of a script runs out: a :g goes on with its next line,
// whose prompt is left the same way.
func (e *Editor) abortConfirm() {
	e.ask, e.picker = nil, nil // a yes/no question (question.go) is answered "no", the picker closed
	for e.mode == ModeConfirm && e.pendingConfirm != nil {
		e.endConfirm()
	}
	if e.mode == ModeConfirm {
		e.mode = ModeNormal
	}
}
