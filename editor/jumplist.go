package editor

import (
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// The jumplist, as Vim keeps it per window (:h jumplist). Every jump
// command (G, gg, /, n, %, {, ', :N, :s, ...) calls setPCMark, which sets
// the ' mark and appends the cursor to the list. CTRL-O and CTRL-I (Tab)
// walk the list; the first CTRL-O after a jump first appends the cursor,
// so that CTRL-I comes back. Like Vim, entries on the same line of the
// same buffer are merged lazily: before CTRL-O, CTRL-I and :jumps only the
// latest of them stays. Entries move with their lines when text changes
// (undo and redo included) and stay on the first line of a deletion.

// jumpListSize is Vim's JUMPLISTSIZE: the oldest entry goes beyond it.
const jumpListSize = 100

// jump is one jumplist entry.
type jump struct {
	buf *Buffer
	pos Pos
}

// jumpList is a window's jumplist; idx is Vim's w_jumplistidx: the entry
// CTRL-O/CTRL-I last went to, or len(entries) after a new jump.
type jumpList struct {
	entries []jump
	back    []jump // entries' backing array once the list is full (push)
	idx     int
	seeded  bool // the window's first buffer's start is in the list

	// prevPC is Vim's w_prev_pcmark: the ' mark before the last
	// setPCMark, which checkPCMark puts back when the jump did not move
	// the cursor. It is valid while pcPending (and prevOK) is set.
	prevPC    Pos
	prevOK    bool
	pcPending bool
	keep      int // inside :keepjumps: jumps set no mark and no entry
}

// keepJumps starts a :keepjumps command; the returned function ends it.
func (e *Editor) keepJumps() func() {
	j := &e.win.jumps
	j.keep++
	return func() { j.keep-- }
}

// keepPCMark makes the ' mark p stay even when the cursor does not move.
func (j *jumpList) keepPCMark(p Pos) { j.prevPC, j.prevOK = p, true }

// setPCMark remembers the cursor before a jump, as Vim's setpcmark: the '
// mark (the old one is kept aside for checkPCMark) and a new jumplist
// entry.
func (e *Editor) setPCMark() {
	if e.globalBusy || e.win.jumps.keep > 0 {
		return // :g set it once before its commands; :keepjumps
	}
	b, j := e.buf(), e.jumps()
	old, ok := b.marks['\'']
	if !ok {
		old = Pos{} // never set: Vim's first line
	}
	j.prevPC, j.prevOK, j.pcPending = old, old.Line >= 0, true
	b.marks['\''] = e.win.cur
	j.push(b, e.win.cur)
}

// markEntered records the cursor in the buffer an :edit or an argument
// command just entered, as Vim's do_ecmd leaves it in the jumplist (the
// first CTRL-O after `:next` stays in the new file).
func (e *Editor) markEntered() {
	if e.globalBusy || e.win.jumps.keep > 0 {
		return
	}
	e.jumps().push(e.buf(), e.win.cur)
}

// checkPCMark is Vim's checkpcmark, run after each Normal-mode command:
// when the command that set the ' mark left the cursor on it, or the
// mark's line was deleted, the previous ' mark comes back.
func (e *Editor) checkPCMark() {
	j := &e.win.jumps
	if !j.pcPending {
		return
	}
	j.pcPending = false
	b := e.buf()
	if pc, ok := b.marks['\'']; ok && j.prevOK && (pc == e.win.cur || pc.Line < 0) {
		b.marks['\''] = j.prevPC
	}
}

// jumps returns the current window's jumplist; a new one holds the start
// of the buffer, as Vim's does for the file it starts on.
func (e *Editor) jumps() *jumpList {
	j := &e.win.jumps
	if !j.seeded {
		j.seeded = true
		j.entries = append(j.entries, jump{buf: e.buf()})
		j.idx = len(j.entries)
	}
	return j
}

// push appends p in b after a jump, as Vim's setpcmark, and makes the
// list's position its end. A full list drops its oldest entry by moving
// its start over a backing array twice its size, so the entries are
// copied down once per jumpListSize jumps, not at every jump (a script of
// {N}go commands jumps at every line).
func (j *jumpList) push(b *Buffer, p Pos) {
	if len(j.entries) == cap(j.entries) && len(j.entries) >= jumpListSize {
		j.entries = j.slideDown()
	}
	j.entries = append(j.entries, jump{buf: b, pos: p})
	if len(j.entries) > jumpListSize {
		j.entries[0] = jump{} // no longer holds its buffer
		j.entries = j.entries[1:]
	}
	j.idx = len(j.entries)
}

// slideDown copies the entries to the start of the backing array,
// making it on first use, and returns them there.
func (j *jumpList) slideDown() []jump {
	if j.back == nil {
		j.back = make([]jump, 2*jumpListSize)
	}
	n := copy(j.back, j.entries)
	clear(j.back[n:])
	return j.back[:n]
}

// cleanup is Vim's cleanup_jumplist: an entry is dropped when a later one
// is on the same line of the same buffer; idx follows its entry.
func (j *jumpList) cleanup() {
	to := 0
	atEnd := j.idx == len(j.entries)
	for from, en := range j.entries {
		if j.idx == from {
			j.idx = to
		}
		dup := false
		for _, later := range j.entries[from+1:] {
			if later.buf == en.buf && later.pos.Line == en.pos.Line {
				dup = true
				break
			}
		}
		if !dup {
			j.entries[to] = en
			to++
		}
	}
	clear(j.entries[to:])
	j.entries = j.entries[:to]
	if atEnd {
		j.idx = to
	}
}

// move is Vim's movemark: it steps count entries (negative: older) and
// returns the entry to go to, or false when there is none. The first step
// back after a jump first records the cursor.
func (e *Editor) moveJump(count int) (jump, bool) {
	j := e.jumps()
	j.cleanup()
	if len(j.entries) == 0 || j.idx+count < 0 || j.idx+count >= len(j.entries) {
		return jump{}, false
	}
	if j.idx == len(j.entries) {
		e.setPCMark()
		j.idx-- // skip the entry just added
		if j.idx+count < 0 {
			return jump{}, false
		}
	}
	j.idx += count
	return j.entries[j.idx], true
}

// cmdJump is CTRL-O (count entries back) and CTRL-I / Tab (forward).
func cmdJump(e *Editor, c *ncmd) {
	n := c.count1()
	if c.name == "<C-o>" {
		n = -n
	}
	to, ok := e.moveJump(n)
	if !ok {
		e.beep()
		return
	}
	if to.buf != e.buf() {
		if e.buf().Modified() {
			e.errMsg("E37: No write since last change (add ! to override)")
			return
		}
		e.switchTo(to.buf)
	}
	if to.pos.Line >= lineCount(e.text()) {
		e.errMsg("E19: Mark has invalid line number")
		return
	}
	e.win.cur = to.pos
	e.win.clampCursor(false)
	e.win.wantCol = -1
}

// moveLines moves the entries of b for a change, as Vim's mark_adjust
// does for the jumplist: entries on deleted lines go to the first of them.
func (j *jumpList) moveLines(b *Buffer, sh lineShift) {
	if j.pcPending && j.prevOK {
		if p, ok := sh.movePos(j.prevPC); ok {
			j.prevPC = p
		} else {
			j.prevOK = false
		}
	}
	// Typing a line break moves the 100 entries at every key: the ones
	// above the change are skipped without a call.
	first := sh.firstLine()
	for i := range j.entries {
		en := &j.entries[i]
		if en.buf != b || en.pos.Line < first {
			continue
		}
		if !sh.join { // movePos without its column rule, inlined
			n, ok := sh.apply(en.pos.Line)
			if !ok {
				n = sh.delFrom
			}
			en.pos.Line = n
			continue
		}
		if p, ok := sh.movePos(en.pos); ok {
			en.pos = p
		} else {
			en.pos.Line = sh.delFrom
		}
	}
}

// adjustJumpsUndo moves the entries of b for one undo entry.
func (e *Editor) adjustJumpsUndo(b *Buffer, en undo.LineEntry) {
	if en.OldSize == en.NewSize {
		return
	}
	e.win.jumps.moveLines(b, lineShift{delFrom: en.Top, delTo: en.Top + en.OldSize - 1, shiftFrom: en.Top + en.OldSize, delta: en.NewSize - en.OldSize})
}

// jumpLines is the :jumps listing.
func (e *Editor) jumpLines() []string {
	j := e.jumps()
	j.cleanup()
	out := []string{" jump line  col file/text"}
	r := e.text()
	for i, en := range j.entries {
		mark, dist := ' ', j.idx-i
		if i == j.idx {
			mark = '>'
		}
		if dist < 0 {
			dist = -dist
		}
		out = append(out, fmt.Sprintf("%c %2d %5d %4d %s", mark, dist, en.pos.Line+1, en.pos.Col, e.jumpText(en, r)))
	}
	if j.idx == len(j.entries) {
		out = append(out, ">")
	}
	return out
}

// jumpText is what :jumps shows for an entry: the line without its
// leading blanks, cut to the window, for the current buffer, else the
// file name.
func (e *Editor) jumpText(en jump, r interface{ Newlines() int }) string {
	if en.buf != e.buf() {
		if en.buf.name == "" {
			return "-invalid-"
		}
		return en.buf.name
	}
	if en.pos.Line > r.Newlines() {
		return "-invalid-"
	}
	s := strings.TrimLeft(lineText(e.text(), en.pos.Line), " \t")
	room := e.win.width - 16
	if room <= 0 {
		return s
	}
	w := 0
	for from, state := 0, -1; from < len(s); {
		c, cw, next := cells.Cut(s[from:], state)
		if w += cells.Width(c, cw); w >= room {
			return s[:from]
		}
		from, state = from+len(c), next
	}
	return s
}

func exJumps(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.say(e.jumpLines()...)
	return nil
}

func exClearjumps(e *Editor, c *exparse.Cmd, rg exRange) error {
	j := e.jumps()
	j.entries, j.idx = nil, 0
	return nil
}
