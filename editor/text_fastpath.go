package editor

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
)

// Grapheme-cluster lookups that cost O(1) in typical text however long the
// line is. The cursor clamp runs after every Ex line, :goto and the end of
// each Insert; on long lines rescanning (or even copying) the whole line
// dominated the profile. The functions here give exactly the results of the
// reference walks (prevCol from a rune start at most 256 bytes back), only
// faster:
//
//   - between two ASCII bytes that are not CR LF there is a cluster boundary
//     whatever the segmentation started from (no grapheme rule joins two
//     ASCII characters but GB3), so a walk from any earlier start lands on it;
//   - they read a window of the line around the column instead of the whole
//     line, and report !ok when the answer might depend on bytes outside the
//     window, in which case the caller retries with the whole line.

// fastWindow is how many bytes of a line are read either side of a column.
const fastWindow = 640

// lineWindow is part of a line: s == line[base:base+len(s)], n == len(line).
type lineWindow struct {
	s    string
	base int
	n    int
}

func (w lineWindow) end() int       { return w.base + len(w.s) }
func (w lineWindow) at(i int) byte  { return w.s[i-w.base] }
func (w lineWindow) has(i int) bool { return i >= w.base && i < w.end() }

// fullWindow is a window holding the whole line.
func fullWindow(line string) lineWindow { return lineWindow{s: line, n: len(line)} }

// snap moves x back to a rune start, as the reference walks do.
func (w lineWindow) snap(x int) (int, bool) {
	for x > 0 {
		if !w.has(x) {
			return 0, false
		}
		if isRuneStart(w.at(x)) {
			break
		}
		x--
	}
	return x, true
}

// walkStart is where the reference walks start for column col.
func (w lineWindow) walkStart(col int) (int, bool) {
	if col > 256 {
		return w.snap(col - 256)
	}
	if w.base > 0 {
		return 0, false
	}
	return 0, true
}

// next returns the end of the cluster starting at p; !ok when the window
// cannot tell (the cluster or the rune after it reaches the window's end).
func (w lineWindow) next(p int) (int, bool) {
	if p >= w.n {
		return w.n, true
	}
	if p < w.base {
		return 0, false
	}
	c, _, _ := cells.Cut(w.s[p-w.base:], -1)
	e := p + len(c)
	if w.end() < w.n && e+4 > w.end() {
		return 0, false
	}
	return e, true
}

// universal reports whether s is a cluster boundary for a walk from any
// earlier start: two ASCII bytes that are not CR LF.
func (w lineWindow) universal(s int) bool {
	if s <= 0 || !w.has(s-1) || !w.has(s) {
		return false
	}
	return asciiBoundary(w.at(s-1), w.at(s))
}

// asciiBoundary reports whether two adjacent bytes a, b have a cluster
// boundary between them for any walk: both ASCII and not CR LF.
func asciiBoundary(a, b byte) bool { return a < 0x80 && b < 0x80 && (a != '\r' || b != '\n') }

// asciiPrevCol is prevColW's fast path on the bytes b of a line from
// offset lo: col-1 starts the cluster before col when the bytes around it
// are ASCII (col >= 2; b holds col-2 .. col, or col-2 .. col-1 at the
// line's end).
func asciiPrevCol(b []byte, lo, col int, atEnd bool) bool {
	i := col - lo
	return asciiBoundary(b[i-2], b[i-1]) && (atEnd || asciiBoundary(b[i-1], b[i]))
}

// nearBytes reads the bytes at col-2 .. col+1 of a line (offset ls, n
// bytes) that lie inside it, into b[i-lo], without allocating: all the
// ASCII fast paths of clampCol and ropePrevCol look at, so that the common
// case reads no window (a window is a string the heap must hold).
func nearBytes(r buffer.Rope, ls, n, col int) (b [4]byte, lo int) {
	lo, hi := max(col-2, 0), min(col+2, n)
	if lo < hi {
		r.AppendSlice(b[:0], ls+lo, ls+hi)
	}
	return b, lo
}

// prevColW is prevCol on a window: the start of the cluster before col.
func (w lineWindow) prevColW(col int) (int, bool) {
	if col <= 0 {
		return 0, true
	}
	if w.universal(col - 1) {
		// col-1 is a boundary; the cluster there is the single byte when
		// col is a boundary too.
		if col == w.n || w.universal(col) {
			return col - 1, true
		}
	}
	start, ok := w.walkStart(col)
	if !ok {
		return 0, false
	}
	return w.walkPrev(start, col)
}

// walkPrev walks clusters from start and returns the last start before col.
func (w lineWindow) walkPrev(start, col int) (int, bool) {
	prev := start
	for p := start; p < col; {
		prev = p
		n, ok := w.next(p)
		if !ok {
			return 0, false
		}
		p = n
	}
	return prev, true
}

// charStartW is charStart on a window: the start of the cluster holding col.
func (w lineWindow) charStartW(col int) (int, bool) {
	if col >= w.n {
		return col, true
	}
	if col <= 0 {
		return 0, true
	}
	if !w.has(col) {
		return 0, false
	}
	if w.universal(col) && (col+1 == w.n || (w.has(col+1) && w.at(col+1) < 0x80)) {
		return col, true
	}
	p0, ok := w.walkStart(col)
	if !ok {
		return 0, false
	}
	// The nearest boundary every walk from p0 passes through (or p0).
	s := col
	for s > p0 && !w.universal(s) {
		s--
	}
	prev := s
	p := s
	for p <= col {
		prev = p
		if p, ok = w.next(p); !ok {
			return 0, false
		}
	}
	// The reference then walks again from below the cluster's end E = p.
	q0, ok := w.walkStart(p)
	if !ok {
		return 0, false
	}
	if q0 == s || (q0 < s && w.universal(s)) {
		return prev, true
	}
	return w.walkPrev(q0, p)
}

// nearWindow is the first, small window tried: enough for the ASCII fast
// paths, so that the common case copies a few bytes, not 2 × fastWindow.
const nearWindow = 32

// ropeWindow reads the window of line l (starting at offset ls, n bytes
// long) reaching size bytes either side of column col.
func ropeWindow(r buffer.Rope, ls, n, col, size int) lineWindow {
	lo, hi := max(col-size, 0), min(col+size, n)
	return lineWindow{s: r.SliceString(ls+lo, ls+hi), base: lo, n: n}
}

// windowed answers f for line l (offset ls, n bytes) around col: on a
// small window, then a larger one, then the whole line (where f is always
// sure).
func windowed(r buffer.Rope, ls, n, col int, f func(lineWindow) (int, bool)) int {
	for _, size := range [...]int{nearWindow, fastWindow} {
		if c, ok := f(ropeWindow(r, ls, n, col, size)); ok {
			return c
		}
		if size >= n {
			break
		}
	}
	c, _ := f(fullWindow(r.SliceString(ls, ls+n)))
	return c
}

// clampCol returns col clamped onto line l of r the way Normal mode
// (insert false) or Insert mode (insert true) allows: not past the end,
// not past the last character in Normal mode, on a cluster start. It reads
// only a window of the line around col.
func clampCol(r buffer.Rope, l, col int, insert bool) int {
	ls, le := r.LineBounds(l)
	n := le - ls
	if col < 0 {
		col = 0
	}
	if insert {
		col = min(col, n)
	} else if col >= n {
		if n == 0 {
			return 0
		}
		if n >= 2 { // prevColW(n)'s fast path: a boundary at n-1
			if b, lo := nearBytes(r, ls, n, n-1); asciiPrevCol(b[:], lo, n, true) {
				return n - 1
			}
		}
		col = windowed(r, ls, n, n, func(w lineWindow) (int, bool) { return w.prevColW(n) })
	}
	if col == 0 || col >= n {
		return col
	}
	// charStartW's fast path: col starts an ASCII character that nothing
	// after it can join.
	if b, lo := nearBytes(r, ls, n, col); asciiBoundary(b[col-1-lo], b[col-lo]) && (col+1 == n || b[col+1-lo] < 0x80) {
		return col
	}
	return windowed(r, ls, n, col, func(w lineWindow) (int, bool) { return w.charStartW(col) })
}
