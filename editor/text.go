package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undo"
)

// Pos is a cursor position: 0-based line and 0-based byte column (the undo
// package's type, so positions pass to the undo tree unchanged).
type Pos = undo.Pos

// The text model: Vim line k (1-based) is rope line k-1; the rope holds the
// lines joined by "\n" without a final newline; "" is one empty line.

func lineCount(r buffer.Rope) int { return r.Newlines() + 1 }

func lineStart(r buffer.Rope, l int) int { return r.LineStart(l) }

// lineEnd is the offset just after the last byte of line l (its '\n' or
// the end of the text).
func lineEnd(r buffer.Rope, l int) int { return r.LineEnd(l) }

func lineText(r buffer.Rope, l int) string { return r.SliceString(r.LineBounds(l)) }

func lineLen(r buffer.Rope, l int) int {
	s, e := r.LineBounds(l)
	return e - s
}

func posToOff(r buffer.Rope, p Pos) int { return r.LineStart(p.Line) + p.Col }

func offToPos(r buffer.Rope, off int) Pos {
	l := r.LineOf(off)
	return Pos{Line: l, Col: off - r.LineStart(l)}
}

// nextCol returns the column after the grapheme cluster at col.
func nextCol(line string, col int) int {
	if col >= len(line) {
		return len(line)
	}
	c, _, _ := cells.Cut(line[col:], -1)
	return col + len(c)
}

// prevCol returns the start of the grapheme cluster before col: the last
// cluster start a walk from a rune start at most 256 bytes back passes
// before col (from the line start when col ≤ 256). Between ASCII bytes it
// answers in O(1) (see text_fastpath.go).
func prevCol(line string, col int) int {
	c, _ := fullWindow(line).prevColW(col)
	return c
}

// ropeNextCol is nextCol on line l of r, reading only a window of the line
// around col.
func ropeNextCol(r buffer.Rope, l, col int) int {
	ls, le := r.LineBounds(l)
	n := le - ls
	if col >= n {
		return n
	}
	return windowed(r, ls, n, col, func(w lineWindow) (int, bool) { return w.next(col) })
}

// ropePrevCol is prevCol on line l of r, reading only a window of the line
// around col.
func ropePrevCol(r buffer.Rope, l, col int) int {
	if col <= 0 {
		return 0
	}
	ls, le := r.LineBounds(l)
	n := le - ls
	if col >= 2 && col <= n { // prevColW's fast path, read without a window
		b, lo := nearBytes(r, ls, n, col)
		if asciiPrevCol(b[:], lo, col, col == n) {
			return col - 1
		}
	}
	return windowed(r, ls, n, col, func(w lineWindow) (int, bool) { return w.prevColW(col) })
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// lastCharCol is the column of the last grapheme cluster of line (0 when
// empty): where normal mode puts the cursor at the end of a line.
func lastCharCol(line string) int {
	c, _ := fullWindow(line).prevColW(len(line))
	return c
}

// charStart returns the start of the grapheme cluster holding col
// (O(1) in typical text: see text_fastpath.go).
func charStart(line string, col int) int {
	c, _ := fullWindow(line).charStartW(col)
	return c
}

// clusterWidth is the display width of one grapheme cluster at display
// column vcol (tabs depend on it): the cells the screen gives it.
func clusterWidth(c string, vcol, ts int) int { return cells.WidthAt(c, vcol, ts) }

// displayCol is the display column (0-based) where byte col of line starts.
func displayCol(line string, col, ts int) int {
	v := 0
	for p := 0; p < col && p < len(line); {
		n := nextCol(line, p)
		v += clusterWidth(line[p:n], v, ts)
		p = n
	}
	return v
}

// displayWidth is the display width of the whole line.
func displayWidth(line string, ts int) int { return displayCol(line, len(line), ts) }

// colAtDisplay returns the byte column of the cluster covering display
// column vcol; past the end it returns the last cluster (or len(line) when
// past is true, for Insert mode).
func colAtDisplay(line string, vcol, ts int, past bool) int {
	v := 0
	for p := 0; p < len(line); {
		n := nextCol(line, p)
		w := clusterWidth(line[p:n], v, ts)
		if v+w > vcol {
			return p
		}
		v += w
		p = n
	}
	if past {
		return len(line)
	}
	return lastCharCol(line)
}

// leadingWhite returns the indent of line (spaces and tabs).
func leadingWhite(line string) string {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return line[:i]
}

// firstNonBlank is the column of the first non-blank character of line,
// or of its last character when it is all blanks (Vim's ^).
func firstNonBlank(line string) int {
	w := len(leadingWhite(line))
	if w == len(line) {
		return lastCharCol(line)
	}
	return w
}

// indentWidth is the display width of line's indent.
func indentWidth(line string, ts int) int {
	return displayWidth(leadingWhite(line), ts)
}

// makeIndent builds an indent of width w with tabs unless expandtab.
func makeIndent(w, ts int, expand bool) string {
	if expand || ts <= 0 {
		return strings.Repeat(" ", w)
	}
	return strings.Repeat("\t", w/ts) + strings.Repeat(" ", w%ts)
}

// splitLines splits text into lines on '\n'.
func splitLines(s string) []string { return strings.Split(s, "\n") }
