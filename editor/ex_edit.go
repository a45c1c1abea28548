package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// exGlobal is :g/pat/cmd and :v/pat/cmd (and :g!).
func exGlobal(e *Editor, c *exparse.Cmd, rg exRange) error {
	if e.globalBusy {
		return errors.New("E147: Cannot do :global recursive with a range")
	}
	g, err := exparse.ParseGlobalArg(c.Arg)
	if err != nil {
		return err
	}
	pat := g.Pattern
	if pat == "" {
		pat = e.search.pattern
		if g.Prev == '&' {
			pat = e.lastSub.pattern
		}
	} else {
		e.search.pattern = pat
	}
	if pat == "" {
		return errors.New("E35: No previous regular expression")
	}
	re, err := e.compilePattern(pat)
	if err != nil {
		return err
	}
	invert := c.Name == "vglobal" || c.Bang
	r := e.text()
	var marked []int
	for l := max(rg.l1, 0); l <= rg.l2; l++ {
		if re.matchLine(lineText(r, l)) != invert {
			marked = append(marked, l)
		}
	}
	if len(marked) == 0 {
		if invert {
			e.msg("Pattern found in every line: %s", pat)
		} else {
			e.msg("Pattern not found: %s", pat)
		}
		return nil
	}
	cmd := g.Command
	if cmd == "" {
		cmd = "p"
	}
	e.setPCMark() // once, before the commands (Vim's global_exe)
	e.globalBusy = true
	e.globalLines = marked
	e.globalSubs, e.globalSubLines = 0, 0
	e.runGlobal(cmd, 0)
	return nil
}

// runGlobal runs :g's command on the marked lines from index i on. A
// :s///c in the command stops it while its prompt waits for answers;
// endConfirm then calls it again with the next index.
func (e *Editor) runGlobal(cmd string, i int) {
	if i == 0 {
		e.globalLineCount = lineCount(e.text())
	}
	for ; i < len(e.globalLines); i++ {
		l := e.globalLines[i]
		if l < 0 || l >= lineCount(e.text()) {
			continue
		}
		e.win.cur = Pos{Line: l}
		ok := e.execExLine(cmd, false)
		if e.mode == ModeConfirm && e.pendingConfirm != nil {
			e.pendingConfirm.global = &globalResume{cmd: cmd, next: i + 1}
			return
		}
		if !ok || e.quit {
			break
		}
	}
	e.globalBusy = false
	if e.globalSubs > 0 {
		e.toFirstNonBlank(e.win.cur.Line)
	}
	// Vim's global_exe: the substitutions if there are enough to report,
	// else the lines added or removed (held back while :g runs).
	if !e.subMessage(e.globalSubs, e.globalSubLines) {
		e.linesMessage(lineCount(e.text()) - e.globalLineCount)
	}
	e.globalLines = nil
}

func exDelete(e *Editor, c *exparse.Cmd, rg exRange) error {
	l1, l2 := e.countRange(c, rg)
	if e.buf().empty {
		e.beginLine(l1)
		return nil // Vim's op_delete: nothing to delete, not even for undo
	}
	reg := e.rangeText(opRange{kind: linewise, start: Pos{Line: l1}, end: Pos{Line: l2}})
	e.storeDelete(rune(c.Register), reg, false)
	e.beginLine(l1) // Vim's ex_operators: the cursor an undo restores
	e.deleteLines(l1, l2)
	l := min(l1, lineCount(e.text())-1)
	e.toFirstNonBlank(l)
	e.linesMessage(-(l2 - l1 + 1))
	return nil
}

// countRange applies a command's count: N lines starting at the range's
// last line.
func (e *Editor) countRange(c *exparse.Cmd, rg exRange) (int, int) {
	l1, l2 := max(rg.l1, 0), max(rg.l2, 0)
	if c.HasCount {
		l1 = l2
		l2 = min(l1+c.Count-1, lineCount(e.text())-1)
	}
	return l1, l2
}

func exYank(e *Editor, c *exparse.Cmd, rg exRange) error {
	l1, l2 := e.countRange(c, rg)
	e.opYank(rune(c.Register), opRange{kind: linewise, start: Pos{Line: l1}, end: Pos{Line: l2}}, false)
	return nil
}

func exPut(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.win.cur.Line = max(rg.l2, 0) // Vim's ex_put goes there first
	e.win.clampCursor(false)
	reg, ok := e.getReg(rune(c.Register))
	if !ok {
		return e.putMissing(rune(c.Register))
	}
	reg.kind = regLine
	// The cursor keeps its column (the one an undo restores).
	if rg.l2 < 0 {
		e.put(reg, false, false, 1, false)
	} else {
		e.put(reg, !c.Bang, false, 1, false)
	}
	// :put leaves the cursor on the last new line.
	last := e.win.cur.Line + countLines(reg.text) - 1
	e.toFirstNonBlank(last)
	return nil
}

// lineTarget parses the address argument of :m and :t.
func (e *Editor) lineTarget(arg string) (int, error) {
	if strings.TrimSpace(arg) == "" {
		return 0, errors.New("E14: Invalid address")
	}
	c, err := exparse.Parse(arg + "p")
	if err != nil || len(c.Range.Addrs) == 0 && !c.Range.Whole {
		return 0, errors.New("E14: Invalid address")
	}
	rg, err := e.evalRange(c.Range, false, false)
	if err != nil {
		return 0, err
	}
	return rg.l2, nil
}

func exMove(e *Editor, c *exparse.Cmd, rg exRange) error {
	dest, err := e.lineTarget(c.Arg)
	if err != nil {
		return err
	}
	l1, l2 := max(rg.l1, 0), rg.l2
	if dest >= l1 && dest < l2 {
		return errors.New("E134: Cannot move a range of lines into itself")
	}
	if dest == l2 || dest == l1-1 {
		// Vim's do_move moves nothing but puts the cursor where the
		// last line would be, then ex_copymove's beginline.
		e.beginLine(l2)
		return nil
	}
	r := e.text()
	text := r.SliceString(lineStart(r, l1), lineEnd(r, l2))
	n := l2 - l1 + 1
	from, moved := l1, marksOn(e.buf(), l1, l2)
	// Insert at the destination first, then delete the originals.
	e.insertLinesBelow(dest, text)
	newTop := dest + 1 - n
	if dest < l1 {
		l1 += n
		l2 += n
		newTop = dest + 1
	}
	e.deleteLines(l1, l2)
	for name, p := range moved { // Vim's do_move moves the marks with the lines
		p.Line += newTop - from
		e.buf().marks[name] = p
	}
	last := dest + n
	if dest > l2 {
		last = dest
	}
	if dest < 0 {
		last = n - 1
	}
	e.beginLine(last)
	e.linesMessage(0)
	if n > e.opt.Report {
		e.msg("%d lines moved", n)
	}
	return nil
}

// exCopy is :[range]t {address} (:co[py]): the lines are copied below
// the address, the cursor on the last copy's first non-blank.
func exCopy(e *Editor, c *exparse.Cmd, rg exRange) error {
	dest, err := e.lineTarget(c.Arg)
	if err != nil {
		return err
	}
	r := e.text()
	l1, l2 := max(rg.l1, 0), rg.l2
	e.insertLinesBelow(dest, r.SliceString(lineStart(r, l1), lineEnd(r, l2)))
	last := dest + l2 - l1 + 1
	e.beginLine(last)
	e.linesMessage(l2 - l1 + 1)
	return nil
}

// exJoin is :[range]j[oin][!] [count], as Vim's ex_join: the cursor goes
// to the first line even when nothing is joined; one line (":5j") joins
// the next, unless the range or count gave two addresses (":5,5j").
func exJoin(e *Editor, c *exparse.Cmd, rg exRange) error {
	last := lineCount(e.text()) - 1
	l1, l2 := max(rg.l1, 0), rg.l2
	addrs := rg.count
	if c.HasCount {
		l1 = l2
		l2 = min(l1+c.Count-1, last)
		addrs++
	}
	e.win.cur.Line = l1
	if l1 == l2 {
		if addrs >= 2 {
			return nil
		}
		if l2 == last {
			e.beep() // Vim's beep_flush, without a message
			return nil
		}
		l2++
	}
	e.joinLines(l1, l2-l1+1, !c.Bang) // the column stays: an undo restores it
	e.toFirstNonBlank(l1)
	return nil
}

func exShift(e *Editor, c *exparse.Cmd, rg exRange) error {
	l1, l2 := e.countRange(c, rg)
	amount := max(c.Amount, 1)
	if c.Name == "<" {
		amount = -amount
	}
	e.beginLine(l1) // Vim's ex_operators: the cursor an undo restores
	e.opShift(opRange{kind: linewise, start: Pos{Line: l1}, end: Pos{Line: l2}}, amount)
	e.toFirstNonBlank(l2)
	return nil
}

func exPrint(e *Editor, c *exparse.Cmd, rg exRange) error {
	l1, l2 := e.countRange(c, rg)
	r := e.text()
	num := c.Name == "number" || c.Name == "#" || strings.Contains(c.Flags, "#")
	for l := l1; l <= l2; l++ {
		t := lineText(r, l)
		if c.Name == "list" || strings.Contains(c.Flags, "l") {
			t = strings.ReplaceAll(t, "\t", "^I") + "$"
		}
		if num {
			t = fmt.Sprintf("%3d %s", l+1, t)
		}
		e.say(t)
	}
	e.beginLine(l2)
	return nil
}

func exLineNumber(e *Editor, c *exparse.Cmd, rg exRange) error {
	n := lineCount(e.text())
	if rg.count > 0 {
		n = rg.l2 + 1
	}
	e.say(fmt.Sprint(n))
	return nil
}

// exGoto is :goto N: go to byte N (1-based) of the buffer.
func exGoto(e *Editor, c *exparse.Cmd, rg exRange) error {
	n := 1
	if c.HasCount {
		n = c.Count
	} else if rg.count > 0 {
		n = rg.l2 + 1
	}
	r := e.text()
	off := min(max(n-1, 0), max(r.Len()-1, 0))
	e.setPCMark()
	e.win.cur = offToPos(r, off)
	e.win.clampCursor(false)
	e.win.wantCol = -1
	return nil
}

func exMark(e *Editor, c *exparse.Cmd, rg exRange) error {
	if len(c.Arg) != 1 {
		return errors.New("E191: Argument must be a letter or forward/backward quote")
	}
	saved := e.win.cur
	e.win.cur = Pos{Line: max(rg.l2, 0)}
	ok := e.setMark(c.Arg)
	e.win.cur = saved
	if !ok {
		return errors.New("E191: Argument must be a letter or forward/backward quote")
	}
	return nil
}
