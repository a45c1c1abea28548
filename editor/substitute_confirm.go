package editor

import (
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/undo"
)

// subConfirm is a :s///c waiting for answers. The editor is in
// ModeConfirm while it exists; each key of the typeahead answers the
// prompt for the current match, as Vim's do_sub reads them with
// plain_vgetc (unmapped).
//
// Replacements are made in the buffer as they are accepted; matching goes
// on in the original text (scan), as Vim matches in its copy of the line,
// and delta maps original offsets to the buffer. Undo follows Vim: a typed
// answer closes the undo block once the lines changed so far are behind
// the match being asked about (Vim saves a line for undo when it leaves
// it), so a confirmed :s over several lines is one undo step per stretch
// of answers, and a :s that replaced nothing makes no undo step.
type subConfirm struct {
	sp    *subSpec
	scan  *subScan
	cur   subMatch
	delta int // buffer offset minus original offset, after the edits so far
	// lines is how many line breaks the edits so far added (original
	// line + lines = buffer line, for text after them).
	lines     int
	nsubs     int
	nlines    int
	lastChain int
	// dirtyChain is the chain of replacements not yet in a closed undo
	// block (-1: none; -2: a joined or split line, closed at the next
	// typed answer whatever the chain).
	dirtyChain int
	ask        bool // false after 'a'
	prompt     string
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

// confirmView describes the pending :s///c.
func (e *Editor) confirmView() ConfirmView {
	c := e.subc
	if c == nil || e.mode != ModeConfirm {
		return ConfirmView{}
	}
	st, en := c.bufRange(c.cur)
	return ConfirmView{Active: true, Match: [2]int{st, en}, Prompt: c.prompt}
}

// bufRange is where match m is in the buffer now.
func (c *subConfirm) bufRange(m subMatch) (int, int) {
	s := c.scan
	st := s.base + m.m[0] + c.delta
	en := s.base + s.clip(m.m[1]) + c.delta
	return st, en
}

// startConfirm begins :s///c: it finds the first match and asks about it.
func (e *Editor) startConfirm(sp *subSpec, noErr bool) error {
	scan := newSubScan(sp.re.re, e.text(), max(sp.l1, 0), sp.l2, sp.global)
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
	// The first typed answer closes the undo block before the command
	// (the previous :s of a :g).
	e.subc = &subConfirm{sp: sp, scan: scan, cur: m, lastChain: -1, dirtyChain: -2, ask: true,
		prompt: fmt.Sprintf("replace with %s (y/n/a/q/l/^E/^Y)?", sp.rep)}
	e.mode = ModeConfirm
	e.askConfirm()
	return nil
}

// askConfirm puts the cursor on the current match and shows the prompt.
func (e *Editor) askConfirm() {
	c := e.subc
	st, _ := c.bufRange(c.cur)
	e.win.cur = offToPos(e.text(), st)
	e.scrollToCursor()
	e.msg("%s", c.prompt)
}

// confirmKey answers the prompt of a :s///c with one key.
func (e *Editor) confirmKey(k Key, typed bool) {
	c := e.subc
	if c == nil {
		e.mode = ModeNormal
		return
	}
	saved := e.src
	e.src = undo.SourceEx // the changes belong to the :s command line
	defer func() { e.src = saved }()
	if typed && c.dirtyChain != -1 && c.dirtyChain != c.cur.chain {
		e.sync()
		c.dirtyChain = -1
	}
	switch {
	case k.isRune('q') || k.Code == KeyEsc || k.isCtrl('c') || k.isCtrl('['):
		e.endConfirm()
	case k.isRune('n'):
		c.scan.advance(c.cur, true)
		e.nextConfirm()
	case k.isRune('y'):
		if e.replaceConfirmed() {
			c.scan.advance(c.cur, false)
			e.nextConfirm()
		}
	case k.isRune('l'):
		e.replaceConfirmed()
		e.endConfirm()
	case k.isRune('a'):
		c.ask = false
		e.replaceRest()
		e.endConfirm()
	case k.isCtrl('e'), k.isCtrl('y'):
		e.scrollConfirm(k.isCtrl('e'))
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
	c := e.subc
	m, ok := c.scan.next()
	if !ok {
		e.endConfirm()
		return
	}
	c.cur = m
	e.askConfirm()
}

// replaceConfirmed replaces the current match; false after an error
// (which ends the command).
func (e *Editor) replaceConfirmed() bool {
	c := e.subc
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
	old := string(c.scan.text[ed.start:ed.end])
	e.win.cur = Pos{Line: line}
	e.apply(c.scan.base+ed.start+c.delta, old, ed.new)
	c.delta += len(ed.new) - len(old)
	c.lines += strings.Count(ed.new, "\n") - strings.Count(old, "\n")
	c.dirtyChain = c.cur.chain
	if strings.Contains(old, "\n") || strings.Contains(ed.new, "\n") {
		// Vim saves a joined or split line at once, so the next typed
		// answer starts a new undo block.
		c.dirtyChain = -2
	}
	// Vim leaves the cursor at the start of the line, moved down by the
	// line breaks the replacement inserted.
	e.win.cur = Pos{Line: line + strings.Count(rep, "\n")}
	return true
}

// replaceRest replaces the current match and all the others without
// asking (the answer a), in one pass over the buffer as a :s without c.
func (e *Editor) replaceRest() {
	c := e.subc
	var edits []offEdit
	line := -1
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
		if len(edits) == 0 {
			line = c.cur.line + c.lines
		}
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
	c := e.subc
	e.subc = nil
	e.mode = ModeNormal
	if c == nil {
		return
	}
	if c.nsubs > 0 {
		if !c.ask {
			e.win.cur.Col = firstNonBlank(lineText(e.text(), e.win.cur.Line))
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
		if e.mode == ModeConfirm && e.subc != nil {
			// Another :s///c on the same line: :g goes on after it.
			if e.subc.global == nil {
				e.subc.global = c.global
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
	for e.mode == ModeConfirm && e.subc != nil {
		e.endConfirm()
	}
	if e.mode == ModeConfirm {
		e.mode = ModeNormal
	}
}
