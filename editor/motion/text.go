package motion

import (
	"strings"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/rivo/uniseg"
)

// winSize is the number of bytes fetched from the rope at a time. Motions
// read the rope through a small sliding window so that their cost depends on
// the distance they travel, never on the size of the text.
const winSize = 1024

// text is a read-only view of a rope with a sliding byte window. It is
// created per call and never shared, which keeps the package free of state.
type text struct {
	r    buffer.Rope
	n    int
	base int
	win  string
}

func newText(r buffer.Rope) *text { return &text{r: r, n: r.Len()} }

// load makes the window cover [a, a+size) clamped to the text.
func (t *text) load(a, size int) {
	if a < 0 {
		a = 0
	}
	b := a + size
	if b > t.n {
		b = t.n
	}
	t.base = a
	t.win = t.r.SliceString(a, b)
}

// at returns the byte at p (0 <= p < n).
func (t *text) at(p int) byte {
	if i := p - t.base; uint(i) < uint(len(t.win)) {
		return t.win[i]
	}
	if p < t.base {
		t.load(p-winSize*3/4, winSize) // moving backward: keep what is before p
	} else {
		t.load(p-winSize/4, winSize)
	}
	return t.win[p-t.base]
}

// isEOL reports whether p is the end of a line: the '\n' ending it or the end
// of the text. Vim calls this position the line's NUL.
func (t *text) isEOL(p int) bool { return p >= t.n || t.at(p) == '\n' }

// isBOL reports whether p starts a line.
func (t *text) isBOL(p int) bool { return p == 0 || t.at(p-1) == '\n' }

// span returns up to k bytes of text starting at p, stopping before a '\n'.
// eol reports whether the returned string reaches the end of the line.
func (t *text) span(p, k int) (s string, eol bool) {
	if p < t.base || p+k > t.base+len(t.win) {
		if p+k > t.n {
			k = t.n - p
		}
		if p < t.base || p+k > t.base+len(t.win) {
			size := winSize
			if k > size {
				size = k
			}
			t.load(p, size)
		}
	}
	s = t.win[p-t.base:]
	if len(s) > k {
		s = s[:k]
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i], true
	}
	return s, p+len(s) >= t.n
}

// cluster describes the grapheme cluster starting at a boundary.
type cluster struct {
	end   int  // offset just past the cluster
	first rune // its first rune; for an invalid byte, the byte's value
	width int  // display width excluding tabs (cells.Width)
	bad   bool // an invalid UTF-8 byte, shown as <xx>
}

// clusterAt decodes the cluster starting at the boundary p < n. A '\n' is a
// cluster of its own; clusters never cross a line end, so "\r\n" is two
// clusters (Vim shows the '\r' as ^M). An invalid byte is a cluster of its own.
func (t *text) clusterAt(p int) cluster {
	b := t.at(p)
	if b == '\n' {
		return cluster{end: p + 1, first: '\n'}
	}
	if b < utf8.RuneSelf && (p+1 >= t.n || t.at(p+1) < utf8.RuneSelf) {
		return cluster{end: p + 1, first: rune(b), width: cells.ByteWidth(b)}
	}
	for k := 32; ; k *= 2 {
		s, eol := t.span(p, k)
		rn, size := utf8.DecodeRuneInString(s)
		if rn == utf8.RuneError && size <= 1 {
			return cluster{end: p + 1, first: rune(t.at(p)), width: cells.ByteWidth(s[0]), bad: true}
		}
		c, w, _ := cells.Cut(s, -1)
		if len(c) < len(s) || eol {
			return cluster{end: p + len(c), first: rn, width: cells.Width(c, w)}
		}
	}
}

// safeBefore returns a cluster boundary at or before q, near q: the
// nearest position where the break does not depend on what comes before.
// Grapheme breaks depend only on the two characters around them, except
// after a ZWJ (emoji sequences) and between regional indicators (flags),
// so a position where uniseg breaks between the two characters alone, and
// the first of them is neither, is a boundary whatever precedes it; a line
// start always is. Segmenting forward from such a point reproduces the
// segmentation from the start of the line. In ordinary text (ASCII, CJK,
// accented letters) the point is one character back.
func (t *text) safeBefore(q int) int {
	i := t.runeStart(min(q, t.n))
	for i > 0 {
		b1 := t.at(i - 1)
		if b1 == '\n' || i >= t.n {
			return i
		}
		b0 := t.at(i)
		if b0 == '\n' || (b1 < utf8.RuneSelf && b0 < utf8.RuneSelf) {
			return i
		}
		a, asize := t.runeBefore(i)
		if a != zwj && !isRegionalIndicator(a) && t.breaksAlone(i-asize, asize) {
			return i
		}
		i -= asize
	}
	return 0
}

const zwj = 0x200d

func isRegionalIndicator(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }

// runeStart moves q back to the start of the UTF-8 sequence holding it
// (an invalid byte is a sequence of its own).
func (t *text) runeStart(q int) int {
	if q >= t.n || t.at(q) < 0x80 || t.at(q) >= 0xc0 {
		return q
	}
	for j := q - 1; j >= 0 && j >= q-3; j-- {
		if b := t.at(j); b < 0x80 || b >= 0xc0 {
			if _, size := t.runeAt(j); j+size > q {
				return j
			}
			break
		}
	}
	return q
}

// runeAt decodes the rune starting at i.
func (t *text) runeAt(i int) (rune, int) {
	var buf [utf8.UTFMax]byte
	n := 0
	for ; n < utf8.UTFMax && i+n < t.n; n++ {
		buf[n] = t.at(i + n)
	}
	return utf8.DecodeRune(buf[:n])
}

// runeBefore decodes the rune ending at i.
func (t *text) runeBefore(i int) (rune, int) {
	var buf [utf8.UTFMax]byte
	lo := max(0, i-utf8.UTFMax)
	for j := lo; j < i; j++ {
		buf[j-lo] = t.at(j)
	}
	return utf8.DecodeLastRune(buf[:i-lo])
}

// breaksAlone reports whether uniseg breaks after the rune of asize bytes
// at a when it starts segmenting there, looking at the next rune only.
func (t *text) breaksAlone(a, asize int) bool {
	_, bsize := t.runeAt(a + asize)
	var buf [2 * utf8.UTFMax]byte
	n := asize + bsize
	for j := 0; j < n; j++ {
		buf[j] = t.at(a + j)
	}
	c, _, _, _ := uniseg.FirstGraphemeCluster(buf[:n], -1)
	return len(c) == asize
}

// graphemeAt returns the cluster containing off (off < n).
func (t *text) graphemeAt(off int) (int, cluster) {
	p := t.safeBefore(off)
	for {
		c := t.clusterAt(p)
		if c.end > off {
			return p, c
		}
		p = c.end
	}
}

// next returns the start of the cluster after the one containing off.
func (t *text) next(off int) int {
	if off >= t.n {
		return t.n
	}
	_, c := t.graphemeAt(off)
	return c.end
}

// prev returns the start of the cluster before off (0 at the start). When off
// is inside a cluster, that cluster's start is returned.
func (t *text) prev(off int) int {
	if off <= 0 {
		return 0
	}
	if off > t.n {
		off = t.n
	}
	q := off - 1
	b := t.at(q)
	if b == '\n' {
		return q
	}
	if b < utf8.RuneSelf && (q == 0 || t.at(q-1) < utf8.RuneSelf) {
		return q
	}
	s, _ := t.graphemeAt(q)
	return s
}

// NextGrapheme returns the start of the grapheme cluster after the one
// containing off, or Len() at the end. A '\n' is a cluster of its own.
func NextGrapheme(r buffer.Rope, off int) int {
	return newText(r).next(clampOff(r, off))
}

// PrevGrapheme returns the start of the grapheme cluster before off, or 0 at
// the start of the text. If off is inside a cluster, the start of that
// cluster is returned.
func PrevGrapheme(r buffer.Rope, off int) int {
	return newText(r).prev(clampOff(r, off))
}

// GraphemeAt returns the bounds [start, end) of the cluster containing off.
// At Len() it returns (Len(), Len()).
func GraphemeAt(r buffer.Rope, off int) (start, end int) {
	off = clampOff(r, off)
	if off >= r.Len() {
		return r.Len(), r.Len()
	}
	s, c := newText(r).graphemeAt(off)
	return s, c.end
}

// start returns off clamped into [0, Len()] and moved to the start of its
// cluster: every motion starts from a cluster boundary.
func (t *text) start(off int) int {
	off = clampInt(off, 0, t.n)
	// Only a non-ASCII byte can continue a cluster, or precede an ASCII
	// byte of the same cluster (a Prepend character).
	if off < t.n && (t.at(off) >= utf8.RuneSelf || (off > 0 && t.at(off-1) >= utf8.RuneSelf)) {
		off, _ = t.graphemeAt(off)
	}
	return off
}

// clampOff clamps off into [0, Len()].
func clampOff(r buffer.Rope, off int) int {
	if off < 0 {
		return 0
	}
	if n := r.Len(); off > n {
		return n
	}
	return off
}
