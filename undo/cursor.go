package undo

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
)

// cursorCalc follows Vim 9.0's u_undoredo cursor rules
// (docs/undo.md#the-cursor-after-undo-and-redo). Vim works with entries
// that replace whole lines; each byte change is seen as the entry
// replacing the lines it covers (see lineContribution). Line numbers here are Vim's: 1-based, and top is the
// line above the entry.
type cursorCalc struct {
	saved   Pos // the node's cursor before the change (Vim's uh_cursor)
	lnum    int // Vim's new_curpos.lnum, 1-based
	newlnum int // Vim's newlnum
}

// entry processes one entry: top is the line above it, oldsize the lines
// it removes from rb, newsize the lines it puts back (found in ra); last
// says it is the last entry processed.
func (c *cursorCalc) entry(top, oldsize, newsize int, rb, ra buffer.Rope, last bool) {
	if top >= c.newlnum {
		return
	}
	saved := c.saved.Line + 1
	if saved >= top && saved <= top+newsize+1 {
		c.lnum = saved
		c.newlnum = saved - 1
		return
	}
	i := 0
	for ; i < newsize && i < oldsize; i++ {
		if !sameLine(rb, ra, top+i) {
			break
		}
	}
	switch {
	case i == newsize && c.newlnum == math.MaxInt && last:
		c.newlnum = top
		c.lnum = top + 1
	case i < newsize:
		c.newlnum = top + i
		c.lnum = top + i + 1
	}
}

// applyWithCursor applies one step's changes one by one, following the
// cursor rules, and returns the text and the cursor.
func (t *Tree) applyWithCursor(r buffer.Rope, s step) (buffer.Rope, Pos, error) {
	d := t.st.d(s.n)
	c := cursorCalc{saved: d.before.pos(), lnum: t.cursor.Line + 1, newlnum: math.MaxInt}
	switch {
	case d.whole:
		rb := r
		var err error
		if r, err = r.ApplyAll(appendChanges(t.chg[:0], d.changes, s.back)); err != nil {
			return rb, t.cursor, fmt.Errorf("undo: internal error: reload node #%d: %w", t.st.m(s.n).seq, err)
		}
		c.entry(0, lineCount(rb), lineCount(r), rb, r, true)
		t.pathEntry(LineEntry{OldSize: lineCount(rb), NewSize: lineCount(r)})
	case len(d.changes) == 0:
		// Vim saved the cursor line and changed nothing.
		c.entry(int(d.before.line), 1, 1, r, r, true)
	default:
		n := len(d.changes)
		for k := 0; k < n; k++ {
			ch := d.changes[k]
			if s.back {
				ch = d.changes[n-1-k].Inverse()
			}
			rb := r
			t.pathChange(rb, ch)
			ra, err := rb.Apply(ch)
			if err != nil {
				return rb, t.cursor, fmt.Errorf("undo: internal error: node #%d: %w", t.st.m(s.n).seq, err)
			}
			o, nw := lineContribution(rb, ch)
			c.entry(rb.LineOf(ch.Off), int(o), int(nw), rb, ra, k == n-1)
			r = ra
		}
	}
	return r, c.finalCursor(r), nil
}

// finalCursor applies what Vim does after the entries: clamp to the
// buffer, move up from one below the saved line (the `o` case), use the
// saved column on the saved line and the first non-blank elsewhere, and
// keep the column on a character.
func (c *cursorCalc) finalCursor(r buffer.Rope) Pos {
	lc := lineCount(r)
	lnum := min(max(c.lnum, 1), lc)
	saved := c.saved.Line + 1
	if saved+1 == lnum && lnum > 1 {
		lnum--
	}
	ln := lineOf(r, lnum-1)
	col := ln.firstNonBlank()
	if lnum == saved {
		col = c.saved.Col
	}
	return Pos{Line: lnum - 1, Col: ln.clampCol(col)}
}

// line is a line of a rope, read in place.
type line struct {
	r          buffer.Rope
	start, end int // byte range without the '\n'
}

func lineOf(r buffer.Rope, l int) line {
	if l < 0 || l > r.Newlines() {
		return line{r: r}
	}
	return line{r: r, start: r.LineStart(l), end: r.LineEnd(l)}
}

// firstNonBlank is Vim's beginline(BL_SOL | BL_FIX): skip blanks but stay
// on the last character.
func (ln line) firstNonBlank() int {
	i := 0
	for ln.start+i+1 < ln.end {
		if b := ln.r.ByteAt(ln.start + i); b != ' ' && b != '\t' {
			break
		}
		i++
	}
	return i
}

// clampCol keeps col on a character of the line, as Normal mode does.
func (ln line) clampCol(col int) int {
	n := ln.end - ln.start
	if n == 0 || col < 0 {
		return 0
	}
	col = min(col, n-1)
	for col > 0 && !utf8.RuneStart(ln.r.ByteAt(ln.start+col)) {
		col--
	}
	return col
}

// sameLine reports whether line l has the same bytes in a and b.
func sameLine(a, b buffer.Rope, l int) bool {
	la, lb := lineOf(a, l), lineOf(b, l)
	if la.end-la.start != lb.end-lb.start {
		return false
	}
	return a.SliceString(la.start, la.end) == b.SliceString(lb.start, lb.end)
}

// firstNonBlank is Vim's beginline(BL_SOL | BL_FIX): skip blanks but stay
// on the last character.
func firstNonBlank(line string) int {
	i := 0
	for i+1 < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return i
}

// clampCol keeps col on a character of line, as Normal mode does.
func clampCol(line string, col int) int {
	if len(line) == 0 || col < 0 {
		return 0
	}
	if col >= len(line) {
		col = len(line) - 1
	}
	for col > 0 && !utf8.RuneStart(line[col]) {
		col--
	}
	return col
}

// lineText is line l (0-based) without its '\n'; "" past the end.
func lineText(r buffer.Rope, l int) string {
	if l < 0 || l > r.Newlines() {
		return ""
	}
	return r.SliceString(r.LineStart(l), r.LineEnd(l))
}

// lineCount is the number of lines of r in kjx's text model: the lines
// joined by '\n', without a final newline, so that "" is one empty line
// (which Vim shows for an empty buffer too, see Tree.SetEmpty) and a text
// ending in '\n' ends with an empty line.
func lineCount(r buffer.Rope) int { return r.Newlines() + 1 }
