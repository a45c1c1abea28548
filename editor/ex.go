package editor

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/undo"
)

// exRange is an evaluated range: 0-based lines l1..l2; count is the number
// of addresses given (0: the command's default applies). l1 or l2 may be
// -1 for Vim's line 0 (":0put", ":m0").
type exRange struct {
	l1, l2 int
	count  int
}

// errAbort stops the rest of a command line after an error message was
// shown.
var errAbort = errors.New("aborted")

// maxExDepth is Vim's limit on nested command lines (do_cmdline's
// call_depth: 200, or 'maxfuncdepth' when larger, which kjx does not have).
const maxExDepth = 200

// execExLine runs an Ex command line as one undo block (the caller syncs
// first when the line was typed). It reports whether every command
// succeeded.
func (e *Editor) execExLine(line string, typed bool) bool {
	// Vim's do_cmdline: command lines run inside command lines (:normal
	// running ':', @: , a sourced script) nest at most maxExDepth deep.
	// Only the depth counts, never how many keys or lines ran: a script
	// of any length runs whole.
	if e.nest.depth >= maxExDepth {
		e.errMsg("E169: Command too recursive")
		return false
	}
	e.nest.depth++
	defer func() { e.nest.depth-- }()
	saved := e.src
	e.src = undo.SourceEx
	defer func() { e.src = saved }()
	ok := true
	rest := line
	for {
		c, err := exparse.Parse(rest)
		if err != nil {
			if e.tryLabelUndo(rest) {
				break
			}
			e.errMsg("%s", err.Error())
			ok = false
			break
		}
		if err := e.execEx(c); err != nil {
			if !errors.Is(err, errAbort) {
				e.errMsg("%s", err.Error())
			}
			ok = false
			break
		}
		if c.Next == "" || e.quit {
			break
		}
		if e.mode == ModeConfirm && e.pendingConfirm != nil {
			e.pendingConfirm.rest = c.Next // runs when the :s///c prompt ends
			break
		}
		rest = c.Next
	}
	e.finishChange()
	if e.mode == ModeNormal {
		// Vim's mb_adjust_cursor after the command: a column past the
		// line's end (an Ex command that set only the line, such as :j
		// doing nothing) becomes the first, one just at the end the last.
		if typed && e.win.cur.Line < lineCount(e.text()) && e.win.cur.Col > lineLen(e.text(), e.win.cur.Line) {
			e.win.cur.Col = 0
		}
		e.win.clampCursor(false)
	}
	e.scrollToCursor()
	return ok
}

// exFunc runs one parsed Ex command.
type exFunc func(e *Editor, c *exparse.Cmd, rg exRange) error

var exCommands map[string]exFunc

func init() {
	exCommands = map[string]exFunc{
		"":           exGotoLine,
		"substitute": exSubstitute, "&": exSubstitute, "~": exSubstitute,
		"smagic": exSubstitute, "snomagic": exSubstitute,
		"global": exGlobal, "vglobal": exGlobal,
		"normal": exNormal,
		"delete": exDelete, "yank": exYank, "put": exPut,
		"move": exMove, "copy": exCopy, "t": exCopy,
		"join": exJoin, ">": exShift, "<": exShift,
		"print": exPrint, "list": exPrint, "number": exPrint, "#": exPrint, "Print": exPrint,
		"=": exLineNumber, "goto": exGoto,
		"k": exMark, "mark": exMark,
		"wundo": exWundo, "rundo": exRundo, "undostats": exUndostats, "undopurge": exUndopurge,
		"undo": exUndo, "redo": exRedo, "undojoin": exUndojoin,
		"earlier": exEarlierLater, "later": exEarlierLater, "undolist": exUndolist,
		"checkpoint": exCheckpoint, "checkpoints": exCheckpoints, "rewind": exRewind, "fork": exFork, "undotree": exUIRequest, "undodiff": exUndodiff, "undograb": exUndograb,
		"UndotreeToggle": exUIRequest, "UndotreeShow": exUIRequest, "UndotreeHide": exUIRequest, "UndotreeFocus": exUIRequest,
		"sleep": exSleep, "messages": exMessages,
		"registers": exRegisters, "display": exRegisters, "marks": exMarks, "delmarks": exDelmarks,
		"jumps": exJumps, "clearjumps": exClearjumps,
		"write": exWrite, "update": exWrite, "wq": exWriteQuit, "xit": exWriteQuit, "exit": exWriteQuit,
		"quit": exQuit, "close": exQuit, "qall": exQuitAll, "quitall": exQuitAll,
		"wall": exWriteAll, "wqall": exWriteAll, "xall": exWriteAll,
		"checktime": exChecktime, "diffdisk": exDiffdisk,
		"edit": exEdit, "enew": exEnew, "saveas": exSaveas, "read": exRead, "file": exFile,
		"buffers": exBuffers, "files": exBuffers, "ls": exBuffers,
		"buffer": exBuffer, "bnext": exBufferNext, "bprevious": exBufferNext, "bNext": exBufferNext,
		"bfirst": exBufferFirst, "brewind": exBufferFirst, "blast": exBufferFirst,
		"args": exArgs, "next": exNext, "Next": exPrevious, "previous": exPrevious,
		"first": exFirstLast, "last": exFirstLast,
		"argument": exArgument, "argadd": exArgadd, "argedit": exArgedit, "argdelete": exArgdelete, "hide": exHide,
		"argdo": exArgdo, "bufdo": exBufdo,
		"bdelete": exBufferDelete, "bwipeout": exBufferDelete, "bunload": exBufferDelete,
		"set": exSet, "setlocal": exSet, "setglobal": exSet,
		"syntax": exSyntax, "colorscheme": exColorscheme,
		"nohlsearch": func(e *Editor, c *exparse.Cmd, rg exRange) error { e.search.hl = false; return nil },
		"help":       exHelp,
		"redraw":     func(e *Editor, c *exparse.Cmd, rg exRange) error { return nil },
		"pwd":        exPwd,
		"sort":       exSort,
		"retab":      exRetab,
		"echo":       exEcho,
		"source":     exSource,
		"!":          exBang,
		"version":    func(e *Editor, c *exparse.Cmd, rg exRange) error { e.say("kjx " + Version); return nil },
	}
}

// Version is the kjx version string.
const Version = "0.1.0-dev"

// execEx runs one parsed command.
func (e *Editor) execEx(c exparse.Cmd) error {
	if c.Name == "" && len(c.Range.Addrs) == 0 && !c.Range.Whole {
		return nil // empty line or comment
	}
	if e.args.quitMore > 0 {
		e.args.quitMore--
	}
	f := exCommands[c.Name]
	if f == nil {
		return fmt.Errorf("E492: Not an editor command: %s", c.Raw)
	}
	var rg exRange
	var err error
	if c.OtherRange() {
		rg, err = otherRange(c.Range)
	} else {
		rg, err = e.evalRange(c.Range, c.DefaultAll(), c.Name == "")
	}
	if err != nil {
		return err
	}
	if c.Name != "" && !c.ZeroLine() && !c.OtherRange() {
		rg.l1, rg.l2 = max(rg.l1, 0), max(rg.l2, 0) // Vim's correct_range
	}
	if slices.Contains(c.Mods, "keepjumps") {
		defer e.keepJumps()()
	}
	slot := e.nest.cmds.take(c)
	defer e.nest.cmds.release()
	return f(e, slot, rg)
}

// otherRange is a range of file or buffer numbers (Cmd.OtherRange): plain
// numbers, kept as given (1-based); count is 0 without a range.
func otherRange(r exparse.Range) (exRange, error) {
	if r.Whole {
		return exRange{l1: 1, l2: math.MaxInt32, count: 2}, nil
	}
	if len(r.Addrs) == 0 {
		return exRange{}, nil
	}
	var nums []int
	for _, a := range r.Addrs {
		if a.Kind != exparse.AddrNumber || len(a.Then) > 0 {
			return exRange{}, errors.New("E16: Invalid range")
		}
		nums = append(nums, a.Number+a.Offset)
	}
	nums = nums[max(len(nums)-2, 0):]
	rg := exRange{l1: nums[0], l2: nums[len(nums)-1], count: len(r.Addrs)}
	if rg.l1 > rg.l2 {
		rg.l1, rg.l2 = rg.l2, rg.l1
	}
	return rg, nil
}

// evalRange evaluates a range against the cursor line. For a range
// without a command (bare), only the last address counts, and one past
// the end is the last line, as in Vim's ex_range_without_command.
func (e *Editor) evalRange(r exparse.Range, defAll, bare bool) (exRange, error) {
	n := lineCount(e.text())
	cur := e.win.cur.Line
	if r.Whole {
		return exRange{l1: 0, l2: n - 1, count: 2}, nil
	}
	if len(r.Addrs) == 0 {
		if defAll {
			return exRange{l1: 0, l2: n - 1}, nil
		}
		return exRange{l1: cur, l2: cur}, nil
	}
	var lines []int
	base := cur
	for _, a := range r.Addrs {
		l, err := e.evalAddr(a, base)
		if err != nil {
			return exRange{}, err
		}
		if bare {
			l = min(l, n-1)
		}
		if l < -1 || l >= n {
			return exRange{}, errors.New("E16: Invalid range")
		}
		lines = append(lines, l)
		if a.SetCursor {
			base = max(l, 0)
			e.win.cur = Pos{Line: base}
		}
	}
	if len(lines) > 2 {
		lines = lines[len(lines)-2:]
	}
	rg := exRange{l1: lines[0], l2: lines[len(lines)-1], count: len(r.Addrs)}
	if rg.l1 > rg.l2 && !bare {
		rg.l1, rg.l2 = rg.l2, rg.l1 // Vim asks; headless and kjx swap
	}
	return rg, nil
}

// evalAddr evaluates one address; Vim's line 0 is -1.
func (e *Editor) evalAddr(a exparse.Addr, base int) (int, error) {
	n := lineCount(e.text())
	var l int
	switch a.Kind {
	case exparse.AddrNumber:
		l = a.Number - 1
	case exparse.AddrCurrent:
		l = base
	case exparse.AddrLast:
		l = n - 1
	case exparse.AddrMark:
		p, ok := e.exMarkLine(a.Mark)
		if !ok {
			return 0, errAbort
		}
		l = p
	case exparse.AddrSearch, exparse.AddrSearchBack, exparse.AddrPrevSearch:
		var err error
		l, err = e.searchLine(a, base)
		if err != nil {
			return 0, err
		}
	}
	l += a.Offset
	for _, t := range a.Then {
		var err error
		l, err = e.searchLine(t, l)
		if err != nil {
			return 0, err
		}
		l += t.Offset
	}
	return l, nil
}

// exMarkLine is the line of a mark in a range ('a, '<, '>).
func (e *Editor) exMarkLine(m byte) (int, bool) {
	p, ok := e.markPos(string(rune(m)))
	if !ok {
		return 0, false
	}
	return p.Line, true
}

// searchLine finds the next (or previous) line matching an address's
// pattern, starting after (before) line base.
func (e *Editor) searchLine(a exparse.Addr, base int) (int, error) {
	pat := a.Pattern
	back := a.Kind == exparse.AddrSearchBack || (a.Kind == exparse.AddrPrevSearch && a.Mark == '?')
	switch {
	case a.Kind == exparse.AddrPrevSearch && a.Mark == '&':
		pat = e.lastSub.pattern
	case pat == "":
		pat = e.search.pattern
	default:
		e.search.pattern = pat
		e.search.backward = back
		e.search.offset = ""
	}
	if pat == "" {
		return 0, errors.New("E35: No previous regular expression")
	}
	re, err := e.compilePattern(pat)
	if err != nil {
		return 0, err
	}
	r := e.text()
	n := lineCount(r)
	base = max(base, 0)
	wrapped := false
	for i := 1; i <= n; i++ {
		l := base + i
		if back {
			l = base - i
		}
		if l < 0 || l >= n {
			if !e.opt.WrapScan {
				break
			}
			l = (l + n) % n
			if !wrapped {
				wrapped = true
				e.wrapMessage(back)
			}
		}
		if re.matchLine(lineText(r, l)) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("E486: Pattern not found: %s", pat)
}

// tryLabelUndo handles ":undo NAME" (a checkpoint label), which the Vim
// parser rejects as trailing characters. A name that does not start with
// a letter is a label only if it exists, so that ":undo -1" is Vim's
// E488 and not an unknown label.
func (e *Editor) tryLabelUndo(line string) bool {
	s := strings.TrimLeft(line, ": \t")
	for _, p := range []string{"undo ", "und ", "u "} {
		if !strings.HasPrefix(s, p) {
			continue
		}
		name := strings.TrimSpace(s[len(p):])
		if name == "" {
			return false
		}
		if _, ok := e.buf().tree.LabelSeq(name); ok || unicode.IsLetter(rune(name[0])) {
			return e.gotoLabel(name)
		}
	}
	return false
}

// exGotoLine is a range without a command (:N): not a jump in Vim 9.0 (no
// ' mark, no jumplist entry). A line past the end is the last line (Vim
// without '-' in 'cpoptions'); evalRange has clamped it.
func exGotoLine(e *Editor, c *exparse.Cmd, rg exRange) error {
	e.beginLine(max(rg.l2, 0))
	return nil
}
