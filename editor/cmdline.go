package editor

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// cmdline is the command line being edited (after :, / or ?).
type cmdline struct {
	kind    rune        // ':', '/' or '?'
	text    string      // what was typed
	pos     int         // byte offset of the cursor in text
	hist    int         // history index while browsing (-1: not browsing)
	prefix  string      // the text typed before browsing (history filter)
	regWait bool        // CTRL-R: the next key names a register
	literal bool        // CTRL-V: the next key is inserted as is
	op      *ncmd       // operator waiting for a / or ? motion
	count   int         // count of a / or ? motion
	visual  bool        // started from Visual mode
	comp    *completion // the <Tab> completion shown, if any (cmdline_complete.go)
	typed   bool        // a key of this line was typed (see addLineHistory)
}

// startCmdline enters Command-line mode with the given first text.
func (e *Editor) startCmdline(kind rune, init string) {
	e.cmdline = &cmdline{kind: kind, text: init, pos: len(init), hist: -1, visual: e.mode.visual()}
	e.mode = ModeCmdline
}

// startSearchCmdline starts typing a search pattern for / or ?, with an
// operator waiting for it when op is not nil.
func (e *Editor) startSearchCmdline(name string, op *ncmd) {
	count := 0
	if op != nil {
		count = op.count0()
	}
	kind := rune(name[0])
	e.startCmdline(kind, "")
	if op != nil {
		kept := *op // op is the running command's (cmdNesting): keep a copy
		op = &kept
	}
	e.cmdline.op = op
	e.cmdline.count = count
}

// history returns the history list for the command line kind.
func (e *Editor) historyFor(kind rune) *[]string {
	if kind == ':' {
		return &e.cmdHist
	}
	return &e.srchHist
}

// addHistory appends s to a history, removing an older copy.
func (e *Editor) addCmdHistory(kind rune, s string) {
	if s == "" {
		return
	}
	h := e.historyFor(kind)
	for i, x := range *h {
		if x == s {
			*h = append((*h)[:i], (*h)[i+1:]...)
			break
		}
	}
	*h = append(*h, s)
	if n := e.opt.History; n > 0 && len(*h) > n {
		*h = (*h)[len(*h)-n:]
	}
}

// addLineHistory puts a command line that is left into its history, with
// Vim's rule (getcmdline): a search line always, a ':' line only when one
// of its keys was typed by the user or read from a -s script. So lines of
// a sourced script, -c commands, :normal, macros and mappings leave the
// ':' history alone, and a line left with <Esc> is kept like one run.
// As in Vim's add_to_history, a search line replaces the one before it
// when no key was read from the user in between (two searches of one
// :normal, macro or mapping leave the last).
func (e *Editor) addLineHistory(cl *cmdline) {
	if cl.kind == ':' {
		if cl.typed {
			e.addCmdHistory(':', cl.text)
		}
		return
	}
	if cl.text == "" {
		return
	}
	if e.srchTick == e.keyTick && len(e.srchHist) > 0 {
		e.srchHist = e.srchHist[:len(e.srchHist)-1]
	}
	// Only a new entry can be replaced; one moved up from older history
	// stays.
	e.srchTick = -1
	if !slices.Contains(e.srchHist, cl.text) {
		e.srchTick = e.keyTick
	}
	e.addCmdHistory(cl.kind, cl.text)
}

// cmdlineKey handles one key in Command-line mode.
func (e *Editor) cmdlineKey(k Key) {
	cl := e.cmdline
	if cl.literal || cl.regWait {
		e.cmdlineSecondKey(k)
		return
	}
	if e.cmdlineEditKey(k) {
		return
	}
	switch {
	case k.Code == KeyEsc || k.IsCtrl('c') || k.IsCtrl('['),
		k.Code == KeyBackspace || k.IsCtrl('h'): // <BS> on an empty line
		e.leaveCmdline()
		e.addLineHistory(cl)
		if cl.visual {
			e.exitVisual()
		}
	case k.Code == KeyEnter || k.IsCtrl('j') || k.IsCtrl('m'):
		e.leaveCmdline()
		e.addLineHistory(cl)
		e.runCmdline(cl)
	case k.Code == KeyUp || k.Code == KeyDown || k.IsCtrl('p') || k.IsCtrl('n'):
		e.cmdlineHistory(k.Code == KeyUp || k.IsCtrl('p'), k.Code == KeyUp || k.Code == KeyDown)
	case k.IsCtrl('r'):
		cl.regWait = true
	case k.IsCtrl('v') || k.IsCtrl('q'):
		cl.literal = true
	case k.Code == KeyTab && k.Mod&ModShift != 0 && cl.kind == ':':
		e.completeCmdline(false)
	case k.Code == KeyTab:
		if cl.kind != ':' {
			e.cmdlineInsert("\t")
		} else {
			e.completeCmdline(true)
		}
	case k.Plain():
		e.cmdlineInsert(string(k.Rune))
	}
}

// cmdlineSecondKey is the key after CTRL-V (inserted literally) or after
// CTRL-R (a register's name).
func (e *Editor) cmdlineSecondKey(k Key) {
	cl := e.cmdline
	if cl.literal {
		cl.literal = false
		switch k.Code {
		case KeyRune:
			e.cmdlineInsert(string(literalRune(k)))
		case KeyEnter, KeyTab, KeyEsc, KeyBackspace:
			// CTRL-V <CR> is a literal ^M (":normal :s/a/b/c^My").
			e.cmdlineInsert(string(controlRune(k.Code)))
		}
		return
	}
	cl.regWait = false
	if k.Code == KeyRune {
		if reg, ok := e.pasteReg(k.Rune); ok {
			e.cmdlineInsert(strings.ReplaceAll(reg.text, "\n", "\r"))
		}
	}
}

// cmdlineEditKey runs a key that edits the line or moves in it: <BS> (on
// a line that is not empty), <Del>, CTRL-W, CTRL-U, <Left>, <Right>,
// <Home>/CTRL-B, <End>/CTRL-E. It reports whether k was one.
func (e *Editor) cmdlineEditKey(k Key) bool {
	cl := e.cmdline
	switch {
	case (k.Code == KeyBackspace || k.IsCtrl('h')) && cl.text != "":
		if cl.pos > 0 {
			_, n := utf8.DecodeLastRuneInString(cl.text[:cl.pos])
			cl.text = cl.text[:cl.pos-n] + cl.text[cl.pos:]
			cl.pos -= n
		}
	case k.Code == KeyDelete:
		if cl.pos < len(cl.text) {
			_, n := utf8.DecodeRuneInString(cl.text[cl.pos:])
			cl.text = cl.text[:cl.pos] + cl.text[cl.pos+n:]
		} else if cl.pos > 0 {
			_, n := utf8.DecodeLastRuneInString(cl.text)
			cl.text = cl.text[:len(cl.text)-n]
			cl.pos = len(cl.text)
		}
	case k.IsCtrl('w'):
		p := cl.pos
		for p > 0 && cl.text[p-1] == ' ' {
			p--
		}
		if p > 0 {
			cls := wordClass(cl.text[p-1:p], false)
			for p > 0 && wordClass(cl.text[p-1:p], false) == cls && cl.text[p-1] != ' ' {
				p--
			}
		}
		cl.text = cl.text[:p] + cl.text[cl.pos:]
		cl.pos = p
	case k.IsCtrl('u'):
		cl.text = cl.text[cl.pos:]
		cl.pos = 0
	case k.Code == KeyLeft:
		if cl.pos > 0 {
			_, n := utf8.DecodeLastRuneInString(cl.text[:cl.pos])
			cl.pos -= n
		}
	case k.Code == KeyRight:
		if cl.pos < len(cl.text) {
			_, n := utf8.DecodeRuneInString(cl.text[cl.pos:])
			cl.pos += n
		}
	case k.Code == KeyHome || k.IsCtrl('b'):
		cl.pos = 0
	case k.Code == KeyEnd || k.IsCtrl('e'):
		cl.pos = len(cl.text)
	default:
		return false
	}
	return true
}

// controlRune is the control character a special key stands for after
// CTRL-V.
func controlRune(c KeyCode) rune {
	switch c {
	case KeyEnter:
		return '\r'
	case KeyTab:
		return '\t'
	case KeyEsc:
		return 0x1b
	}
	return 0x08 // KeyBackspace
}

func (e *Editor) cmdlineInsert(s string) {
	cl := e.cmdline
	cl.text = cl.text[:cl.pos] + s + cl.text[cl.pos:]
	cl.pos += len(s)
	cl.hist = -1
}

// cmdlineHistory recalls older (up) or newer entries; with prefix, only
// entries starting with what was typed (<Up>/<Down>), as Vim.
func (e *Editor) cmdlineHistory(up, prefix bool) {
	cl := e.cmdline
	h := *e.historyFor(cl.kind)
	if cl.hist < 0 {
		cl.hist = len(h)
		cl.prefix = cl.text
	}
	i := cl.hist
	for {
		if up {
			i--
		} else {
			i++
		}
		if i < 0 {
			return
		}
		if i >= len(h) {
			cl.hist = len(h)
			cl.text = cl.prefix
			cl.pos = len(cl.text)
			return
		}
		if !prefix || strings.HasPrefix(h[i], cl.prefix) {
			break
		}
	}
	cl.hist = i
	cl.text = h[i]
	cl.pos = len(cl.text)
}

func (e *Editor) leaveCmdline() {
	e.mode = ModeNormal
	if e.cmdline != nil && e.cmdline.visual {
		e.mode = e.vis.mode
	}
	e.cmdline = nil
}

// runCmdline executes a finished command line.
func (e *Editor) runCmdline(cl *cmdline) {
	e.cmdline = nil
	switch cl.kind {
	case ':':
		e.mode = ModeNormal
		fresh := len(e.output) == 0
		e.execExLine(cl.text, true)
		// The ": register holds the last line run from the command line
		// (typed, or keys of :normal, a mapping, -s), set after it ran,
		// as Vim's do_cmdline does so that ":put :" puts the line before
		// it. Lines of -c, -S, :source and commands such as & do not set
		// it.
		e.lastExCmd = cl.text
		if fresh && len(e.output) > 0 {
			e.outputHead = ":" + cl.text
		}
	default:
		e.searchCommand(cl)
	}
}
