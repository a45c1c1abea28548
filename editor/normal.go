package editor

import "strings"

// parse results of a Normal-mode key sequence.
type nstatus uint8

const (
	nMore nstatus = iota // the command is not complete yet
	nDone                // a complete command
	nBad                 // not a command: beep and drop the keys
)

// ncmd is one parsed Normal-mode (or Visual-mode) command:
// ["x][count]name[arg] or ["x][count]op[count][force](motion[arg]|textobj|op).
type ncmd struct {
	reg         rune   // register, 0 for none
	count       int    // count before the command, 0 for none
	name        string // command, operator or motion name in key notation ("x", "g~", "<C-r>")
	arg         string // character argument (f{c}, r{c}, m{c}, q{c}, @{c}, '{c})
	motionCount int    // count after an operator, 0 for none
	motion      string // the operator's motion or text object ("iw"); "" with line set
	marg        string // the motion's character argument
	line        bool   // the operator was doubled (dd, g~~, gUU): act on count lines
	force       string // "v", "V" or "<C-v>" typed after the operator
	keys        []Key  // the keys that made the command
}

// count1 is the command's count, at least 1 (operator and motion counts
// multiply: 2d3w is six words).
func (c *ncmd) count1() int {
	n := c.count0()
	if n == 0 {
		return 1
	}
	return n
}

// count0 is the combined count or 0 when none was typed.
func (c *ncmd) count0() int {
	switch {
	case c.count == 0:
		return c.motionCount
	case c.motionCount == 0:
		return c.count
	}
	return c.count * c.motionCount
}

// keyName is the table name of one key.
func keyName(k Key) string {
	if k.IsRune('<') {
		return "<" // "<lt>" in notation; operator tables use "<"
	}
	return FormatKey(k)
}

// prefixKeys start two-key command names.
var prefixKeys = map[string]bool{"g": true, "z": true, "Z": true, "[": true, "]": true, "<C-w>": true}

// argCommands take a character argument after their name.
var argCommands = map[string]bool{"r": true, "m": true, "q": true, "@": true, "gr": true}

// parser walks the key buffer.
type parser struct {
	keys []Key
	i    int
}

func (p *parser) next() (Key, bool) {
	if p.i >= len(p.keys) {
		return Key{}, false
	}
	k := p.keys[p.i]
	p.i++
	return k, true
}

// parseCount reads digits; the first must not be 0.
func (p *parser) parseCount() (n int, more bool) {
	for p.i < len(p.keys) {
		k := p.keys[p.i]
		if k.Code != KeyRune || k.Mod != 0 || k.Rune < '0' || k.Rune > '9' || (k.Rune == '0' && n == 0) {
			return n, false
		}
		if n < 99999999 {
			n = n*10 + int(k.Rune-'0')
		}
		p.i++
	}
	return n, true
}

// parseName reads a command name, with its prefix key.
func (p *parser) parseName() (string, bool) {
	k, ok := p.next()
	if !ok {
		return "", false
	}
	name := keyName(k)
	if prefixKeys[name] {
		k2, ok := p.next()
		if !ok {
			return "", false
		}
		name += keyName(k2)
	}
	return name, true
}

// parseArg reads a character argument; Esc cancels.
func (p *parser) parseArg() (arg string, st nstatus) {
	k, ok := p.next()
	if !ok {
		return "", nMore
	}
	switch {
	case k.Code == KeyEsc:
		return "", nBad
	case k.Code == KeyTab:
		return "\t", nDone
	case k.Code == KeyEnter:
		return "\r", nDone
	case k.Code == KeyRune && k.Mod&^ModShift == 0:
		return string(k.Rune), nDone
	case k.Code == KeyRune && k.Mod == ModCtrl && k.Rune >= 'a' && k.Rune <= 'z':
		return string(rune(k.Rune - 'a' + 1)), nDone
	}
	return "", nBad
}

// parseNormal parses keys as one Normal-mode command.
func parseNormal(keys []Key, visual bool) (ncmd, nstatus) {
	p := &parser{keys: keys}
	var c ncmd
	if st := p.parsePrefix(&c); st != nDone {
		return c, st
	}
	name, ok := p.parseName()
	if !ok {
		return c, nMore
	}
	c.name = name
	st := nDone
	switch {
	case isOperator(name):
		if visual {
			break
		}
		st = p.parseOperand(&c)
	case hasMotion(name):
		if motions[name].arg {
			c.arg, st = p.parseArg()
		}
	case visual && (name == "i" || name == "a"):
		k, ok := p.next()
		if !ok {
			return c, nMore
		}
		c.name += keyName(k)
		if !isTextObject(c.name) {
			st = nBad
		}
	case argCommands[name]:
		c.arg, st = p.parseArg()
	case commands[name] != nil || visualCommands[name] != nil:
	default:
		st = nBad
	}
	c.keys = keys[:p.i]
	return c, st
}

// parseOperand reads what follows an operator: count, force, and the
// motion, text object or doubled operator.
func (p *parser) parseOperand(c *ncmd) nstatus {
	if st := p.parseOperandPrefix(c); st != nDone {
		return st
	}
	name, st := p.parseOperandName(c)
	if st != nDone || c.line {
		return st
	}
	if name == "i" || name == "a" {
		k2, ok := p.next()
		if !ok {
			return nMore
		}
		name += keyName(k2)
		if !isTextObject(name) {
			return nBad
		}
		c.motion = name
		return nDone
	}
	m, ok := motions[name]
	if !ok {
		return nBad
	}
	c.motion = name
	if m.arg {
		var st nstatus
		c.marg, st = p.parseArg()
		return st
	}
	return nDone
}

// parsePrefix reads the counts and "x register names before a command
// (2"a3dw: the counts multiply).
func (p *parser) parsePrefix(c *ncmd) nstatus {
	for {
		n, more := p.parseCount()
		if more {
			return nMore
		}
		if n > 0 {
			if c.count > 0 {
				c.count *= n
			} else {
				c.count = n
			}
		}
		if p.i >= len(p.keys) || !p.keys[p.i].IsRune('"') {
			return nDone
		}
		p.i++
		k, ok := p.next()
		if !ok {
			return nMore
		}
		if k.Code != KeyRune || k.Mod != 0 || !validRegister(k.Rune) {
			return nBad
		}
		c.reg = k.Rune
	}
}

// parseOperandPrefix reads the count and the forced motion type (v, V,
// CTRL-V) after an operator.
func (p *parser) parseOperandPrefix(c *ncmd) nstatus {
	for {
		n, more := p.parseCount()
		if more {
			return nMore
		}
		if n > 0 {
			c.motionCount = n
		}
		if p.i >= len(p.keys) {
			return nMore
		}
		k := p.keys[p.i]
		if !k.IsRune('v') && !k.IsRune('V') && !k.IsCtrl('v') {
			return nDone
		}
		c.force = keyName(k)
		p.i++
	}
}

// parseOperandName reads the name of what an operator works on: a
// motion's name (with its prefix key: gj, ]]), i or a, or the operator
// doubled (dd, >>, g~~, g~g~, gUU, gUgU), which sets c.line.
func (p *parser) parseOperandName(c *ncmd) (string, nstatus) {
	k, _ := p.next()
	name := keyName(k)
	if k.Code == KeyEsc {
		return "", nBad
	}
	if name == c.name || (len(c.name) == 2 && name == c.name[1:]) {
		c.line = true
		return name, nDone
	}
	if len(c.name) == 2 && name == c.name[:1] {
		k2, ok := p.next()
		if !ok {
			return "", nMore
		}
		if c.name[:1]+keyName(k2) == c.name {
			c.line = true
			return name, nDone
		}
		return name + keyName(k2), nDone
	}
	if prefixKeys[name] {
		k2, ok := p.next()
		if !ok {
			return "", nMore
		}
		name += keyName(k2)
	}
	return name, nDone
}

// isTextObject reports whether name ("iw", "a(") is a text object.
func isTextObject(name string) bool {
	if len(name) < 2 || (name[0] != 'i' && name[0] != 'a') {
		return false
	}
	obj := name[1:]
	return obj == "<lt>" || (len(obj) == 1 && strings.Contains("wWspbB()[]{}<>t\"'`", obj))
}

// normalKey handles one key in Normal or Visual mode.
func (e *Editor) normalKey(k Key) {
	e.checkPCMark() // after a search or an Ex command ended on the command line
	e.pending = append(e.pending, k)
	if countSoFar(e.pending) {
		return // a count being typed: parseNormal would say nMore
	}
	c, st := parseNormal(e.pending, e.mode.visual())
	switch st {
	case nMore:
		return
	case nBad:
		e.pending = e.pending[:0]
		if k.Code != KeyEsc {
			e.beep()
		}
		if e.mode.visual() && k.Code == KeyEsc {
			e.exitVisual()
		}
		return
	}
	e.pending = e.pending[:0]
	run := e.nest.ncmds.take(c) // see cmdNesting
	defer e.nest.ncmds.release()
	if e.mode.visual() {
		e.execVisual(run)
	} else {
		e.execNormal(run)
	}
	e.checkPCMark()
	if e.mode == ModeNormal {
		// After CTRL-O the cursor may stay on the line end (Vim's
		// restart_edit).
		e.win.clampCursor(e.ins != nil && e.ins.oneCmd)
	}
	e.scrollToCursor()
}

// countSoFar reports whether keys are only a count (digits, the first not
// 0), so that the command is not parsed again at each digit of {N}go.
func countSoFar(keys []Key) bool {
	for i, k := range keys {
		if k.Code != KeyRune || k.Mod != 0 || k.Rune < '0' || k.Rune > '9' || (i == 0 && k.Rune == '0') {
			return false
		}
	}
	return true
}

// hasMotion reports whether name is a motion (including / and ?).
func hasMotion(name string) bool {
	_, ok := motions[name]
	return ok
}

// keepWant lists the commands after which curswant stays (Vim's scroll
// commands, starting Visual mode, and ':', whose Ex commands reset it
// when they move the cursor as Vim's do); every other non-motion
// command resets it.
var keepWant = map[string]bool{"<C-e>": true, "<C-y>": true, "zz": true, "zt": true, "zb": true, "<Esc>": true, "q": true, "m": true, "<C-g>": true, "ga": true, ":": true,
	"v": true, "V": true, "<C-v>": true}

// execNormal runs a complete Normal-mode command.
func (e *Editor) execNormal(c *ncmd) {
	switch {
	case isOperator(c.name):
		e.execOperator(c)
		if e.mode != ModeInsert {
			e.win.wantCol = -1
		}
	case hasMotion(c.name):
		e.moveBy(c)
	default:
		if f := commands[c.name]; f != nil {
			f(e, c)
		}
		if !keepWant[c.name] {
			e.win.wantCol = -1
		}
	}
}
