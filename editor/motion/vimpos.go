package motion

// This file models Vim's cursor stepping (inc(), dec(), incl(), decl()) on
// byte offsets. A line's "NUL" position, the one just past its last
// character, is the offset of its '\n' or Len() for the last line, so
// stepping over a '\n' is Vim's move from a line's NUL to the next line.

// Results of the stepping functions, as Vim's.
const (
	stepFail    = -1 // at the end (inc) or start (dec) of the text
	stepInLine  = 0  // moved within the line
	stepNewLine = 1  // moved to another line
	stepOntoNUL = 2  // inc moved onto the line's NUL position
)

// inc moves forward one cluster, onto the line's NUL, or from the NUL to
// the next line.
func (t *text) inc(p int) (int, int) {
	if p >= t.n {
		return p, stepFail
	}
	if t.at(p) == '\n' {
		return p + 1, stepNewLine
	}
	p = t.clusterAt(p).end
	if t.isEOL(p) {
		return p, stepOntoNUL
	}
	return p, stepInLine
}

// dec moves back one cluster, or from a line's start to the previous line's
// NUL position.
func (t *text) dec(p int) (int, int) {
	if p <= 0 {
		return p, stepFail
	}
	if t.at(p-1) == '\n' {
		return p - 1, stepNewLine
	}
	return t.prev(p), stepInLine
}

// incl is inc that skips the NUL of a non-empty line.
func (t *text) incl(p int) (int, int) {
	q, r := t.inc(p)
	if r >= stepNewLine && !t.isBOL(q) {
		q, r = t.inc(q)
	}
	return q, r
}

// decl is dec that skips the NUL of a non-empty line.
func (t *text) decl(p int) (int, int) {
	q, r := t.dec(p)
	if r == stepNewLine && !t.isBOL(q) {
		q, r = t.dec(q)
	}
	return q, r
}

// ch is Vim's gchar_pos(): the character at p, 0 on a NUL position. For a
// cluster it is the first rune (for an invalid byte, the byte's value).
func (t *text) ch(p int) rune {
	if t.isEOL(p) {
		return 0
	}
	if b := t.at(p); b < 0x80 {
		return rune(b)
	}
	return t.clusterAt(p).first
}

// lineEmpty reports whether p is on an empty line.
func (t *text) lineEmpty(p int) bool { return t.isBOL(p) && t.isEOL(p) }

// walker steps a position through a text the way Vim's cursor moves, with
// the word class of the current motion.
type walker struct {
	t   *text
	p   int
	big bool // WORD classes: any non-blank is class 1
}

// cls is Vim's cls(): the word class of the character under the position;
// the NUL position (line end, empty line) is blank.
func (w *walker) cls() int {
	c := runeClass(w.t.ch(w.p))
	if w.big && c != classBlank {
		return classPunct
	}
	return c
}

func (w *walker) inc() (r int)  { w.p, r = w.t.inc(w.p); return r }
func (w *walker) dec() (r int)  { w.p, r = w.t.dec(w.p); return r }
func (w *walker) incl() (r int) { w.p, r = w.t.incl(w.p); return r }
func (w *walker) decl() (r int) { w.p, r = w.t.decl(w.p); return r }

// emptyLine reports whether the position is on an empty line.
func (w *walker) emptyLine() bool { return w.t.lineEmpty(w.p) }

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

// adjustNUL is Vim's adjust_cursor(): a position on a non-empty line's NUL
// moves back onto the line's last character. It reports whether it moved.
func (t *text) adjustNUL(p int) (int, bool) {
	if t.isEOL(p) && !t.isBOL(p) {
		return t.prev(p), true
	}
	return p, false
}

// adjust applies adjustNUL when the walker moved forward from start.
func (w *walker) adjust(start int) bool {
	if w.p <= start {
		return false
	}
	var moved bool
	w.p, moved = w.t.adjustNUL(w.p)
	return moved
}
