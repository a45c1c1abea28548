package editor

import (
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
		return register{text: alt.name()}, ok && alt.name() != ""
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
