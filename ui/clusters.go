package ui

import (
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
)

// Reading grapheme clusters out of a rope through a small window, so that
// the cost depends on how far the reader goes, never on the size of the
// line or the text.

const (
	// windowSize is how many bytes clusterReader fetches at a time.
	windowSize = 4096
	// lookahead is the fewest bytes kept ahead of the reading position
	// (unless the range ends first); a cluster longer than this may be
	// cut in two, which only changes how an absurd cluster is escaped.
	lookahead = 256
)

// clusterReader yields the grapheme clusters of the rope bytes [off, end),
// cut by cells.Cut. ASCII text takes a fast path: between two ASCII bytes
// there is always a cluster boundary (the one exception, CR LF, cannot
// occur inside a line).
type clusterReader struct {
	r     buffer.Rope
	end   int
	base  int    // rope offset of win[0]
	win   string // bytes [base, base+len(win))
	pos   int    // index in win of the next cluster
	state int    // uniseg state, -1 at a boundary reached by the fast path
}

// reset positions the reader at off, which must be a cluster boundary.
func (c *clusterReader) reset(r buffer.Rope, off, end int) {
	c.r, c.end = r, end
	c.base, c.win, c.pos, c.state = off, "", 0, -1
}

// offset returns the rope offset of the next cluster.
func (c *clusterReader) offset() int { return c.base + c.pos }

// next returns the next cluster, its rope offset and uniseg's width as
// cells.Cut gives it (0 for controls and other zero-width clusters; the
// caller sanitises with cells.Sanitizer).
func (c *clusterReader) next() (cluster string, off, width int, ok bool) {
	if len(c.win)-c.pos < lookahead && c.base+len(c.win) < c.end {
		c.refill()
	}
	if c.pos >= len(c.win) {
		return "", c.base + c.pos, 0, false
	}
	off = c.base + c.pos
	cluster, width, c.state = cells.Cut(c.win[c.pos:], c.state)
	c.pos += len(cluster)
	return cluster, off, width, true
}

// nextASCII consumes and returns the next byte when it is printable
// ASCII that forms a cluster on its own (the byte after it is ASCII too):
// the fast path of text layout.
func (c *clusterReader) nextASCII() (byte, bool) {
	if len(c.win)-c.pos < lookahead && c.base+len(c.win) < c.end {
		c.refill()
	}
	s := c.win[c.pos:]
	if len(s) == 0 {
		return 0, false
	}
	b := s[0]
	if b < ' ' || b >= 0x7f || len(s) > 1 && s[1] >= utf8.RuneSelf {
		return 0, false
	}
	c.pos++
	c.state = -1
	return b, true
}

// refill moves the window to start at the reading position.
func (c *clusterReader) refill() {
	c.base += c.pos
	c.pos = 0
	c.win = c.r.SliceString(c.base, min(c.base+windowSize, c.end))
}

// skipASCIIRun advances over a run of plain printable ASCII (no tabs, no
// controls) that is followed by more ASCII, stopping before reaching
// limit columns; it returns how many bytes (= columns) it skipped. It lets
// column scans over long ASCII lines run at memory speed.
func (c *clusterReader) skipASCIIRun(limit int) int {
	n := 0
	for n < limit {
		if len(c.win)-c.pos < lookahead && c.base+len(c.win) < c.end {
			c.refill()
		}
		s := c.win[c.pos:]
		if len(s) < 2 {
			break
		}
		i := 0
		stop := min(len(s)-1, limit-n)
		for i < stop {
			b := s[i]
			if b < ' ' || b >= 0x7f || s[i+1] >= utf8.RuneSelf {
				break
			}
			i++
		}
		if i == 0 {
			break
		}
		c.pos += i
		c.state = -1
		n += i
	}
	return n
}
