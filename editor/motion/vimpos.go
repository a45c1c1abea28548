package motion

// This file models Vim's cursor stepping (inc()/dec() in Vim's misc2.c) on
// byte offsets. A line's "NUL" position, the one just past its last
// character, is the offset of its '\n' or Len() for the last line, so
// stepping over a '\n' is Vim's move from a line's NUL to the next line.

// Results of inc and dec, as Vim's.
const (
	stepFail    = -1 // at the end (inc) or start (dec) of the text
	stepInLine  = 0  // moved within the line
	stepNewLine = 1  // moved to another line
	stepOntoNUL = 2  // inc moved onto the line's NUL position
)

// walker steps a position through a text the way Vim's cursor moves.
type walker struct {
	t   *text
	p   int
	big bool // WORD classes: any non-blank is class 1
}

// cls is Vim's cls(): the word class of the character under the position;
// the NUL position (line end, empty line) is blank.
func (w *walker) cls() int {
	if w.t.isEOL(w.p) {
		return classBlank
	}
	b := w.t.at(w.p)
	var c int
	if b < 0x80 {
		c = latin1Class(rune(b))
	} else {
		c = runeClass(w.t.clusterAt(w.p).first)
	}
	if w.big && c != classBlank {
		return classPunct
	}
	return c
}

// inc moves forward one cluster, onto the line's NUL, or to the next line.
func (w *walker) inc() int {
	t := w.t
	if w.p >= t.n {
		return stepFail
	}
	if t.at(w.p) == '\n' {
		w.p++
		return stepNewLine
	}
	w.p = t.clusterAt(w.p).end
	if t.isEOL(w.p) {
		return stepOntoNUL
	}
	return stepInLine
}

// dec moves back one cluster, or from a line's start to the previous line's
// NUL position.
func (w *walker) dec() int {
	if w.p <= 0 {
		return stepFail
	}
	if w.t.at(w.p-1) == '\n' {
		w.p--
		return stepNewLine
	}
	w.p = w.t.prev(w.p)
	return stepInLine
}

// emptyLine reports whether the position is on an empty line.
func (w *walker) emptyLine() bool { return w.t.isBOL(w.p) && w.t.isEOL(w.p) }

// skip moves while the class is c, forward or backward; it reports whether
// the text ended first.
func (w *walker) skip(c int, forward bool) bool {
	for w.cls() == c {
		var i int
		if forward {
			i = w.inc()
		} else {
			i = w.dec()
		}
		if i == stepFail {
			return true
		}
	}
	return false
}

// adjust moves a position that moved forward off a non-empty line's NUL onto
// the last character, as Vim's adjust_cursor() does in Normal mode. It
// reports whether it moved.
func (w *walker) adjust(start int) bool {
	if w.p > start && w.t.isEOL(w.p) && !w.t.isBOL(w.p) {
		w.p = w.t.prev(w.p)
		return true
	}
	return false
}
