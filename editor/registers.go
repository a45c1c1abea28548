package editor

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// regKind is how a register's text was yanked.
type regKind uint8

const (
	regChar regKind = iota
	regLine
	regBlock
)

// register is the content of one register. Lines holds the text split at
// newlines; a linewise register's last line has no trailing newline.
type register struct {
	text  string
	kind  regKind
	width int // block width in display columns (blockwise only)
}

// registers holds Vim's registers a-z, 0-9, -, + and *, and " (a copy
// of the register last written, as Vim's unnamed register points to it).
type registers struct {
	named map[rune]register
}

func (rs *registers) init() { rs.named = map[rune]register{} }

// validRegister reports whether r names a register usable after ".
func validRegister(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		strings.ContainsRune("\"-_/:.+*%#=", r)
}

// readRegError is Vim's error for reading register r when getReg finds
// nothing in it: the registers of get_spec_reg say what is missing (nil
// for ". after an insert that typed nothing, which puts nothing quietly),
// the others E353.
func (e *Editor) readRegError(r rune) error {
	switch r {
	case ':':
		return errors.New("E30: No previous command line")
	case '/':
		return errors.New("E35: No previous regular expression")
	case '.':
		if e.lastInsKeys != nil {
			return nil
		}
		return errors.New("E29: No inserted text yet")
	case '%':
		return errors.New("E32: No file name")
	case '#':
		return errors.New("E23: No alternate file")
	}
	return fmt.Errorf("E353: Nothing in register %c", regName(r))
}

// putMissing is what p and :put do when getReg finds nothing in register
// r: Vim's do_put gives up on one of get_spec_reg's registers before it
// saves for undo, and saves first for the others. It returns the error to
// show, or nil.
func (e *Editor) putMissing(r rune) error {
	if !strings.ContainsRune(specialRegs, r) {
		e.saveUndo()
	}
	return e.readRegError(r)
}

// specialRegs are the registers of Vim's get_spec_reg that can be empty.
const specialRegs = ":/.%#"

// pasteReg is register r for CTRL-R in Insert mode or on the command
// line: an empty register pastes nothing, and one of get_spec_reg's (: /
// . % #) also says what it lacks, as in Vim.
func (e *Editor) pasteReg(r rune) (register, bool) {
	reg, ok := e.getReg(r)
	if !ok && strings.ContainsRune(specialRegs, r) {
		if err := e.readRegError(r); err != nil {
			e.errMsg("%s", err)
		}
	}
	return reg, ok
}

// get returns a register's content.
func (e *Editor) getReg(r rune) (register, bool) {
	switch r {
	case 0, '"':
		reg, ok := e.regs.named['"']
		return reg, ok
	case ':':
		if e.lastExCmd == "" {
			return register{}, false
		}
		return register{text: e.lastExCmd}, true
	case '/':
		if e.search.pattern == "" {
			return register{}, false
		}
		return register{text: e.search.pattern}, true
	case '.':
		// Made when read: ending an Insert session only keeps the keys.
		t := insertedText(e.lastInsKeys.keys())
		return register{text: t}, t != ""
	case '%':
		return register{text: e.buf().name}, e.buf().name != ""
	case '#':
		alt, ok := e.alternate()
		if !ok {
			return register{}, false
		}
		return register{text: alt.name()}, alt.name() != ""
	case '_':
		return register{}, false
	}
	reg, ok := e.regs.named[unicode.ToLower(r)]
	return reg, ok
}

// setReg stores text in register r for a yank or delete, with Vim's
// shifting rules: a yank into the default register also sets "0; a
// delete of one line or more (or with certain motions) shifts "1.."9; a
// smaller delete sets "-.
func (e *Editor) setReg(r rune, reg register, isDelete, bigDelete bool) {
	if r == '_' {
		return
	}
	named := e.regs.named
	switch {
	case r >= 'A' && r <= 'Z':
		lr := unicode.ToLower(r)
		old, ok := named[lr]
		if ok {
			switch {
			case old.kind == regLine && reg.kind != regLine:
				reg.text = old.text + "\n" + reg.text
				reg.kind = regLine
			case old.kind == regLine || reg.kind == regLine:
				reg.text = old.text + "\n" + reg.text
				if reg.kind == regLine {
					reg.kind = regLine
				}
			default:
				reg.text = old.text + reg.text
			}
		}
		named[lr] = reg
		named['"'] = reg
		return
	case r != 0 && r != '"':
		named[r] = reg
		named['"'] = reg
		return
	}
	named['"'] = reg
	if !isDelete {
		named['0'] = reg
		return
	}
	if bigDelete || reg.kind == regLine || strings.Contains(reg.text, "\n") {
		for i := '9'; i > '1'; i-- {
			if v, ok := named[i-1]; ok {
				named[i] = v
			}
		}
		named['1'] = reg
		return
	}
	named['-'] = reg
}

// storeDelete records deleted text: the named register if given, and the
// numbered/small-delete registers as Vim does (a named register also
// shifts "1 for multi-line deletes).
func (e *Editor) storeDelete(r rune, reg register, bigMotion bool) {
	if r == '_' {
		return
	}
	if r != 0 && r != '"' {
		e.setReg(r, reg, true, bigMotion)
		if reg.kind == regLine || strings.Contains(reg.text, "\n") || bigMotion {
			e.shiftNumbered(reg)
		}
		return
	}
	e.setReg(0, reg, true, bigMotion)
}

func (e *Editor) shiftNumbered(reg register) {
	named := e.regs.named
	for i := '9'; i > '1'; i-- {
		if v, ok := named[i-1]; ok {
			named[i] = v
		}
	}
	named['1'] = reg
}

// regLines returns a linewise register's lines.
func (reg register) lines() []string { return splitLines(reg.text) }
