package ui

import "github.com/kjx-editor/kjx/editor/cells"

// Drawing short strings that are not file text but may hold anything (file
// names, messages, the command line, undo labels): the same sanitising
// rules as the text, without tabs' alignment (a tab is one escape, ^I).

// strCells walks the display cells of a string.
type strCells struct {
	z       cells.Sanitizer
	rest    string
	pcs     []cells.Piece
	pi      int
	bi      int
	off     int // byte offset in the string of the current cluster
	next0   int
	state   int
	tabstop int // > 0: a tab is spaces to the next multiple (else ^I)
	col     int // columns emitted, for tabs
	tabLeft int
}

func (c *strCells) reset(s string) {
	c.rest, c.pcs, c.pi, c.bi, c.off, c.next0, c.state = s, nil, 0, 0, 0, 0, -1
	c.col, c.tabLeft = 0, 0
}

// next returns the next cell: its string, width, whether it is an escape,
// and the byte offset of its cluster in the string.
func (c *strCells) next() (s string, w int, esc bool, off int, ok bool) {
	for c.pi >= len(c.pcs) && c.tabLeft == 0 {
		if c.rest == "" {
			return "", 0, false, c.next0, false
		}
		var cluster string
		var width int
		cluster, width = c.firstCluster()
		c.off = c.next0
		c.next0 += len(cluster)
		c.pi, c.bi = 0, 0
		if cluster == "\t" && c.tabstop > 0 {
			c.pcs = nil
			c.tabLeft = c.tabstop - c.col%c.tabstop
			continue
		}
		c.pcs = c.z.Pieces(cluster, width)
	}
	if c.tabLeft > 0 {
		c.tabLeft--
		c.col++
		return " ", 1, false, c.off, true
	}
	p := c.pcs[c.pi]
	if p.Esc {
		s = p.S[c.bi : c.bi+1]
		if c.bi++; c.bi == len(p.S) {
			c.pi, c.bi = c.pi+1, 0
		}
		c.col++
		return s, 1, true, c.off, true
	}
	c.pi++
	c.col += p.W
	return p.S, p.W, false, c.off, true
}

// firstCluster cuts the next cluster (or invalid byte) off c.rest.
func (c *strCells) firstCluster() (string, int) {
	cl, w, state := cells.Cut(c.rest, c.state)
	c.rest, c.state = c.rest[len(cl):], state
	return cl, w
}

// drawString draws str at x, y up to (not including) column maxX and
// returns the column after the last cell drawn. Escapes take escStyle.
func drawString(s Surface, x, y, maxX int, str string, style, escStyle Style) int {
	return drawStringTabs(s, x, y, maxX, str, style, escStyle, 0)
}

// drawStringTabs is drawString with tabs expanded to tabstop (0: ^I).
func drawStringTabs(s Surface, x, y, maxX int, str string, style, escStyle Style, tabstop int) int {
	var c strCells
	c.reset(str)
	c.tabstop = tabstop
	for {
		cs, w, esc, _, ok := c.next()
		if !ok || x+w > maxX {
			return x
		}
		st := style
		if esc {
			st = escStyle
		}
		s.SetCell(x, y, cs, w, st)
		x += w
	}
}

// stringWidth returns the display width of str as drawString draws it.
func stringWidth(str string) int { return cells.StringWidth(str) }
