package motion

import (
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
)

// width returns the display width of the cluster c starting at column col.
func (t *text) width(c cluster, col, tabstop int) int {
	if c.first == '\t' {
		return cells.TabWidth(col, tabstop)
	}
	return c.width
}

// lineClusters calls f for each cluster from the boundary p to the end of
// its line, with the cluster's start, end, first rune and width (tabs
// excluded), until f returns false. It decodes whole chunks of the line at
// a time, which keeps long lines fast.
func (t *text) lineClusters(p int, f func(start int, c cluster) bool) {
	for p < t.n && t.at(p) != '\n' {
		s, eol := t.span(p, 4096)
		i := 0
		for i < len(s) {
			b := s[i]
			if b < utf8.RuneSelf && (i+1 < len(s) && s[i+1] < utf8.RuneSelf || i+1 == len(s) && eol) {
				if !f(p+i, cluster{end: p + i + 1, first: rune(b), width: cells.ByteWidth(b)}) {
					return
				}
				i++
				continue
			}
			if !eol && len(s)-i < 64 {
				break // the cluster may continue past the chunk: fetch on
			}
			c := t.clusterAt(p + i)
			if !f(p+i, c) {
				return
			}
			i = c.end - p
		}
		if i == 0 {
			// A cluster longer than the chunk.
			c := t.clusterAt(p)
			if !f(p, c) {
				return
			}
			i = c.end - p
		}
		p += i
	}
}

// DisplayCol returns the display column (0-based) at which the cluster at
// off starts within its line. For a tab that is the column where the tab
// begins. O(column).
func DisplayCol(r buffer.Rope, off int, tabstop int) int {
	t := newText(r)
	off = t.start(off)
	col := 0
	t.lineClusters(t.lineStartOf(off), func(p int, c cluster) bool {
		if p >= off {
			return false
		}
		col += t.width(c, col, tabstop)
		return true
	})
	return col
}

// OffsetAtDisplayCol returns the start of the cluster on line covering
// display column col, clamped to the line's last cluster (the line start
// for an empty line).
func OffsetAtDisplayCol(r buffer.Rope, line, col, tabstop int) int {
	t := newText(r)
	res := r.LineStart(line)
	at := 0
	t.lineClusters(res, func(p int, c cluster) bool {
		res = p
		w := t.width(c, at, tabstop)
		if at+w > col {
			return false
		}
		at += w
		return true
	})
	return res
}
