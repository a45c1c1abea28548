package motion

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// isSentPunct reports whether c may end a sentence or follow its end
// (Vim's ".!?)]\"'").
func isSentPunct(c rune) bool { return c < 0x80 && c != 0 && strings.ContainsRune(".!?)]\"'", c) }

// isCloser reports whether c may follow a sentence's '.', '!' or '?'.
func isCloser(c rune) bool { return c < 0x80 && c != 0 && strings.ContainsRune(")]\"'", c) }

func isEnder(c rune) bool { return c == '.' || c == '!' || c == '?' }

func isWhiteRune(c rune) bool { return c == ' ' || c == '\t' }

// step moves forward (incl) or backward (decl).
func (t *text) step(p int, forward bool) (int, int) {
	if forward {
		return t.incl(p)
	}
	return t.decl(p)
}

// findSent is Vim's findsent(): the start of the count'th next (or
// previous) sentence. A sentence ends at '.', '!' or '?' followed by any
// number of ')', ']', '"', '\” and then a space, tab or line end; empty
// lines and paragraph and section boundaries are sentence boundaries too.
// The result may be a line's NUL position (at the very end of the text).
func (t *text) findSent(pos int, forward bool, count int) (int, bool) {
	for count = max(count, 1); count > 0; {
		count--
		prev := pos
		noskip := false
		found := false
		if t.ch(pos) == 0 {
			// On an empty line (or a NUL): skip to a non-empty line.
			for {
				var r int
				if pos, r = t.step(pos, forward); r == stepFail || t.ch(pos) != 0 {
					break
				}
			}
			found = forward
		} else if forward && t.isBOL(pos) && t.startPS(pos, false) {
			next, more := t.nextLine(pos)
			if !more {
				return pos, false
			}
			pos = next
			found = true
		} else if !forward {
			pos, _ = t.decl(pos)
		}
		if !found {
			pos, noskip = t.sentenceEnd(pos, forward, count)
			if pos < 0 {
				return prev, false
			}
		}
		// Skip white space.
		for !noskip && isWhiteRune(t.ch(pos)) {
			var r int
			if pos, r = t.incl(pos); r == stepFail {
				break
			}
		}
		if pos == prev {
			// Did not move: advance one character and try again.
			var r int
			if pos, r = t.step(pos, forward); r == stepFail {
				if count > 0 {
					return prev, false
				}
				break
			}
			count++
		}
	}
	return pos, true
}

// sentenceEnd is the part of findsent() that goes back over trailing
// punctuation and blanks and then searches for the end of the sentence. It
// returns -1 when the text ends with counts left, and whether blanks must
// not be skipped afterwards.
func (t *text) sentenceEnd(pos int, forward bool, count int) (int, bool) {
	// Go back to the previous non-white non-punctuation character.
	foundDot := false
	for c := t.ch(pos); isWhiteRune(c) || isSentPunct(c); c = t.ch(pos) {
		tpos, r := t.decl(pos)
		if r == stepFail || (t.lineEmpty(tpos) && forward) {
			break
		}
		if foundDot {
			break
		}
		if isEnder(c) {
			foundDot = true
		}
		if isCloser(c) && !isSentPunct(t.ch(tpos)) {
			break
		}
		pos = tpos
	}
	startLine := t.lineStartOf(pos)
	for {
		c := t.ch(pos)
		if c == 0 || (t.isBOL(pos) && t.startPS(pos, false)) {
			if !forward && t.lineStartOf(pos) != startLine {
				pos, _ = t.nextLine(t.lineStartOf(pos))
			}
			return pos, false
		}
		if isEnder(c) {
			tpos := pos
			var r int
			for {
				tpos, r = t.inc(tpos)
				if r == stepFail || !isCloser(t.ch(tpos)) {
					break
				}
			}
			if c2 := t.ch(tpos); r == stepFail || c2 == ' ' || c2 == '\t' || c2 == 0 {
				pos = tpos
				if t.ch(pos) == 0 {
					pos, _ = t.inc(pos) // skip the NUL at the line end
				}
				return pos, false
			}
		}
		q, r := t.step(pos, forward)
		if r == stepFail {
			if count > 0 {
				return -1, false
			}
			return q, true
		}
		pos = q
	}
}

// SentenceForward is Vim's ) as the cursor ends in Normal mode. When there
// are fewer than count sentences ahead, off is returned (Vim beeps).
func SentenceForward(r buffer.Rope, off, count int) int {
	t := newText(r)
	off = t.start(off)
	p, ok := t.findSent(off, true, count)
	if !ok {
		return off
	}
	p, _ = t.adjustNUL(p)
	return p
}

// SentenceBackward is Vim's (. When there are fewer than count sentences
// behind, off is returned (Vim beeps).
func SentenceBackward(r buffer.Rope, off, count int) int {
	p, _ := SentenceBackwardRaw(r, off, count)
	return p
}

// SentenceForwardRaw is Vim's findsent() forward: the raw target of ) (it
// may be a line's end: the editor moves a Normal-mode or operator cursor
// back onto the last character and makes the motion inclusive, as Vim's
// adjust_cursor) and false when Vim beeps.
func SentenceForwardRaw(r buffer.Rope, off, count int) (int, bool) {
	t := newText(r)
	return t.findSent(t.start(off), true, count)
}

// SentenceBackwardRaw is SentenceBackward with Vim's failure flag.
func SentenceBackwardRaw(r buffer.Rope, off, count int) (int, bool) {
	t := newText(r)
	off = t.start(off)
	p, ok := t.findSent(off, false, count)
	if !ok {
		return off, false
	}
	p, _ = t.adjustNUL(p)
	return p, true
}
