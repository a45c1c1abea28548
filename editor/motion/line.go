package motion

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// isWhite is Vim's VIM_ISWHITE: space or tab only.
func isWhite(b byte) bool { return b == ' ' || b == '\t' }

// LineFirstNonBlank is Vim's ^ on line: the first character that is not a
// space or tab; on a line of only blanks, its last character; on an empty
// line, the line start.
func LineFirstNonBlank(r buffer.Rope, line int) int {
	t := newText(r)
	p := r.LineStart(line)
	for !t.isEOL(p) && isWhite(t.at(p)) {
		if p+1 >= t.n || t.at(p+1) == '\n' {
			break // all blank: stay on the last character
		}
		p++
	}
	// A blank can carry combining marks (" \u0300"): stopping after the
	// blank lands inside its cluster, and Vim moves to the cluster's start.
	start, _ := GraphemeAt(r, p)
	return start
}

// LineLastChar is Vim's $ position on line: the start of its last cluster,
// or the line start when the line is empty.
func LineLastChar(r buffer.Rope, line int) int {
	s, e := r.LineStart(line), r.LineEnd(line)
	if s == e {
		return s
	}
	return newText(r).prev(e)
}

// LineLastNonBlank is Vim's g_ on line: the last character that is not a
// space or tab; the line start when the line is empty or all blank.
func LineLastNonBlank(r buffer.Rope, line int) int {
	t := newText(r)
	s, p := r.LineStart(line), r.LineEnd(line)
	for p > s {
		q := t.prev(p)
		if !isWhite(t.at(q)) {
			return q
		}
		p = q
	}
	return s
}

// lineStartOf returns the start of the line holding off, searching the
// window a chunk at a time.
func (t *text) lineStartOf(off int) int {
	for off > 0 {
		t.at(off - 1) // make the window hold off-1
		w := t.win[:off-t.base]
		if i := strings.LastIndexByte(w, '\n'); i >= 0 {
			return t.base + i + 1
		}
		off = t.base
	}
	return 0
}

// lineEndOf returns the end (the '\n' or Len()) of the line holding off.
func (t *text) lineEndOf(off int) int {
	for off < t.n {
		t.at(off)
		w := t.win[off-t.base:]
		if i := strings.IndexByte(w, '\n'); i >= 0 {
			return off + i
		}
		off = t.base + len(t.win)
	}
	return t.n
}
