package motion

import "github.com/kjx-editor/kjx/buffer"

// Vim's default 'paragraphs' and 'sections': nroff macros that start a
// paragraph or section when a line begins with '.' and the macro name.
const (
	paraMacros    = "IPLPPPQPP TPHPLIPpLpItpplpipbp"
	sectionMacros = "SHNHH HUnhsh"
)

// nextLine returns the start of the line after the one starting at ls, and
// false when ls is on the last line.
func (t *text) nextLine(ls int) (int, bool) {
	e := t.lineEndOf(ls)
	if e >= t.n {
		return ls, false
	}
	return e + 1, true
}

// prevLine returns the start of the line before the one starting at ls, and
// false when ls is the first line.
func (t *text) prevLine(ls int) (int, bool) {
	if ls == 0 {
		return 0, false
	}
	return t.lineStartOf(ls - 1), true
}

// inMacro reports whether the two bytes a, b after a line's leading '.'
// name a macro of opt (pairs of characters; a space in opt matches a space
// or the end of the line). NUL stands for the end of the line.
func inMacro(opt string, a, b byte) bool {
	for i := 0; i+1 < len(opt)+1; i += 2 {
		m0 := opt[i]
		var m1 byte
		if i+1 < len(opt) {
			m1 = opt[i+1]
		}
		ok0 := m0 == a || (m0 == ' ' && (a == 0 || a == ' '))
		ok1 := m1 == b || ((m1 == 0 || m1 == ' ') && (a == 0 || b == 0 || b == ' '))
		if ok0 && ok1 {
			return true
		}
	}
	return false
}

// startPS is Vim's startPS(): whether the line starting at ls starts a
// paragraph or section: it is empty or starts with a form feed or with an
// nroff paragraph or section macro. With both set a '}' counts too.
func (t *text) startPS(ls int, both bool) bool {
	if t.isEOL(ls) {
		return true
	}
	c := t.at(ls)
	if c == '\f' || (both && c == '}') {
		return true
	}
	if c != '.' {
		return false
	}
	var a, b byte
	if !t.isEOL(ls + 1) {
		a = t.at(ls + 1)
		if !t.isEOL(ls + 2) {
			b = t.at(ls + 2)
		}
	}
	return inMacro(sectionMacros, a, b) || inMacro(paraMacros, a, b)
}

// findPar is Vim's findpar() for { and }: it returns the target, whether
// the motion became inclusive (} reaching the end of the last line), and
// false when the text ends before count paragraphs.
func (t *text) findPar(off, count int, forward bool) (pos int, inclusive, ok bool) {
	curr := t.lineStartOf(off)
	for count = max(count, 1); count > 0; {
		count--
		didSkip := false
		for first := true; ; first = false {
			if !t.isEOL(curr) {
				didSkip = true
			}
			if !first && didSkip && t.startPS(curr, false) {
				break
			}
			var more bool
			if forward {
				curr, more = t.nextLine(curr)
			} else {
				curr, more = t.prevLine(curr)
			}
			if !more {
				if count > 0 {
					return off, false, false
				}
				break
			}
		}
	}
	if t.lineEndOf(curr) >= t.n {
		// On the last line: go to its last character, inclusive. Vim 9.0
		// does this for { too (findpar() does not look at the direction),
		// which matters on a one-line text.
		if e := t.lineEndOf(curr); e > curr {
			return t.prev(e), true, true
		}
	}
	return curr, false, true
}

// ParagraphForward is Vim's }: the start of the next line that starts a
// paragraph (an empty line, a form feed or an nroff macro line) after
// non-empty text, or the last character of the text. When there are fewer
// than count paragraphs ahead, off is returned (Vim beeps).
func ParagraphForward(r buffer.Rope, off, count int) int {
	p, _, _ := ParagraphForwardRaw(r, off, count)
	return p
}

// ParagraphForwardRaw is ParagraphForward for operators: inclusive is true
// when the motion reached the last character of the text (Vim makes } then
// inclusive, so d} deletes that character); ok is false when Vim beeps.
func ParagraphForwardRaw(r buffer.Rope, off, count int) (pos int, inclusive, ok bool) {
	t := newText(r)
	return t.findPar(t.start(off), count, true)
}

// ParagraphBackward is Vim's {: the start of the previous paragraph
// boundary line, or the start of the text. When there are fewer than count
// paragraphs behind, off is returned (Vim beeps). { is exclusive, except
// that on a one-line text Vim 9.0 goes to its last character, inclusive.
func ParagraphBackward(r buffer.Rope, off, count int) int {
	p, _, _ := ParagraphBackwardRaw(r, off, count)
	return p
}

// ParagraphBackwardRaw is ParagraphBackward with Vim's inclusive flag (see
// ParagraphForwardRaw) and failure flag.
func ParagraphBackwardRaw(r buffer.Rope, off, count int) (pos int, inclusive, ok bool) {
	t := newText(r)
	return t.findPar(t.start(off), count, false)
}
