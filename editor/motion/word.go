package motion

import "github.com/kjx-editor/kjx/buffer"

// WordForward is Vim's w (W when big) from off, count times, as the cursor
// ends in Normal mode: never on a line's NUL position unless it started
// there. At the last word of the text it stops on the last character.
func WordForward(r buffer.Rope, off, count int, big bool) int {
	w := newWalker(r, off, big)
	start := w.p
	w.forward(count, false)
	w.adjust(start)
	return w.p
}

// WordForwardRaw is Vim's fwd_word(): the raw target of w/W before Normal
// mode moves the cursor off a line's end. With operator set it stops at the
// end of the line for the last count, as Vim does when an operator is
// pending (dw on the last word of a line deletes to the end of the line,
// 2dw across lines stops at the end of the second word's line). The result
// may be a line end (the offset of a '\n', or Len()); ok is false when Vim
// would fail (at the end of the text), in which case the position is where
// Vim's cursor is left.
func WordForwardRaw(r buffer.Rope, off, count int, big, operator bool) (pos int, ok bool) {
	w := newWalker(r, off, big)
	ok = w.forward(count, operator)
	return w.p, ok
}

// WordBackward is Vim's b (B when big). At the start of the text it stays.
func WordBackward(r buffer.Rope, off, count int, big bool) int {
	p, _ := WordBackwardRaw(r, off, count, big)
	return p
}

// WordBackwardRaw is WordBackward with Vim's failure flag: ok is false when
// the motion started at the start of the text.
func WordBackwardRaw(r buffer.Rope, off, count int, big bool) (pos int, ok bool) {
	w := newWalker(r, off, big)
	ok = w.backward(count, false)
	return w.p, ok
}

// WordEnd is Vim's e (E when big), as the cursor ends in Normal mode.
func WordEnd(r buffer.Rope, off, count int, big bool) int {
	w := newWalker(r, off, big)
	start := w.p
	w.end(count, false, false)
	w.adjust(start)
	return w.p
}

// WordEndRaw is Vim's end_word(): the raw target of e/E and whether it
// succeeded (it fails when the text ends first; the position is then where
// Vim's cursor is left, possibly on a line end).
func WordEndRaw(r buffer.Rope, off, count int, big bool) (pos int, ok bool) {
	w := newWalker(r, off, big)
	ok = w.end(count, false, false)
	return w.p, ok
}

// WordEndForChange is the target of cw and cW on a non-blank, which Vim
// runs as ce and cE with one difference: a cursor already on the end of a
// word moves one word less, so cw on a word's last character changes only
// that character. The motion is inclusive; ok is as for WordEndRaw.
func WordEndForChange(r buffer.Rope, off, count int, big bool) (pos int, ok bool) {
	w := newWalker(r, off, big)
	ok = w.end(count, true, false)
	return w.p, ok
}

// WordEndBackward is Vim's ge (gE when big).
func WordEndBackward(r buffer.Rope, off, count int, big bool) int {
	p, _ := WordEndBackwardRaw(r, off, count, big)
	return p
}

// WordEndBackwardRaw is WordEndBackward with Vim's failure flag: ok is false
// when the motion started at the start of the text.
func WordEndBackwardRaw(r buffer.Rope, off, count int, big bool) (pos int, ok bool) {
	w := newWalker(r, off, big)
	ok = w.endBackward(count, false)
	return w.p, ok
}

// newWalker starts a walker at the start of the cluster containing off.
func newWalker(r buffer.Rope, off int, big bool) *walker {
	t := newText(r)
	off = t.start(off)
	return &walker{t: t, p: off, big: big}
}

// forward is Vim's fwd_word(). eol: stop at a line end on the last count.
func (w *walker) forward(count int, eol bool) bool {
	for count = max(count, 1); count > 0; {
		count--
		sclass := w.cls()
		i := w.inc()
		// Vim fails when it leaves the last line's last character; from
		// any other line inc() moves within the text.
		if i == stepFail || (i == stepOntoNUL && w.p >= w.t.n) {
			return false
		}
		if i >= stepNewLine && eol && count == 0 {
			return true
		}
		// Go one past the end of the current word, if any.
		if sclass != classBlank {
			for w.cls() == sclass {
				i = w.inc()
				if i == stepFail || (i >= stepNewLine && eol && count == 0) {
					return true
				}
			}
		}
		// Go to the next non-blank, stopping on an empty line.
		for w.cls() == classBlank {
			if w.emptyLine() {
				break
			}
			i = w.inc()
			if i == stepFail || (i >= stepNewLine && eol && count == 0) {
				return true
			}
		}
	}
	return true
}

// backward is Vim's bck_word(). With stop set, a position already at the
// start of a word moves one word less.
func (w *walker) backward(count int, stop bool) bool {
	for count = max(count, 1); count > 0; count-- {
		sclass := w.cls()
		if w.dec() == stepFail {
			return false
		}
		if !stop || sclass == w.cls() || sclass == classBlank {
			// Skip blanks before the word; stop on an empty line.
			empty := false
			for w.cls() == classBlank {
				if w.emptyLine() {
					empty = true
					break
				}
				if w.dec() == stepFail {
					return true
				}
			}
			if empty {
				stop = false
				continue
			}
			// Move to the start of this word.
			if w.skip(w.cls(), false) {
				return true
			}
		}
		w.inc() // overshot: forward one
		stop = false
	}
	return true
}

// end is Vim's end_word(). With stop set, a position already at the end of
// a word moves one word less; with empty set, an empty line stops it.
func (w *walker) end(count int, stop, empty bool) bool {
	for count = max(count, 1); count > 0; count-- {
		sclass := w.cls()
		if w.inc() == stepFail {
			return false
		}
		if sclass != classBlank && w.cls() == sclass {
			// Inside a word: go to its end.
			if w.skip(sclass, true) {
				return false
			}
		} else if !stop || sclass == classBlank {
			// At the end of a word: skip blanks, then to the end of the next.
			atEmpty := false
			for w.cls() == classBlank {
				if empty && w.emptyLine() {
					atEmpty = true
					break
				}
				if w.inc() == stepFail {
					return false
				}
			}
			if atEmpty {
				stop = false
				continue
			}
			if w.skip(w.cls(), true) {
				return false
			}
		}
		w.dec() // overshot: back one
		stop = false
	}
	return true
}

// endBackward is Vim's bckend_word(). With eol set it stops when it moves
// to another line.
func (w *walker) endBackward(count int, eol bool) bool {
	for count = max(count, 1); count > 0; count-- {
		sclass := w.cls()
		i := w.dec()
		if i == stepFail {
			return false
		}
		if eol && i == stepNewLine {
			return true
		}
		if sclass != classBlank {
			for w.cls() == sclass {
				if i = w.dec(); i == stepFail || (eol && i == stepNewLine) {
					return true
				}
			}
		}
		for w.cls() == classBlank {
			if w.emptyLine() {
				break
			}
			if i = w.dec(); i == stepFail || (eol && i == stepNewLine) {
				return true
			}
		}
	}
	return true
}
