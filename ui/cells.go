package ui

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/cells"
)

// cellKind says what a screen cell of a text line shows.
type cellKind uint8

const (
	cellText   cellKind = iota // a printable cluster of the file
	cellEscape                 // part of ^X, <xx> or <hhhh>
	cellTab                    // part of a tab: a space, or ^I in list mode
	cellFiller                 // '>' where a wide cluster did not fit (wrap)
	cellEOL                    // '$' at the end of the line in list mode
)

// cell is one screen cell of a laid-out line.
type cell struct {
	s     string
	w     int      // 1, or 2 for a wide cluster
	kind  cellKind //
	off   int      // rope offset of the cluster the cell belongs to
	col   int      // screen column from the line start, fillers included
	vcol  int      // Vim's virtual column: col without the fillers
	first bool     // first cell of its cluster
	last  bool     // last cell of its cluster
}

// layoutOpts are the options that change how a line is laid out.
type layoutOpts struct {
	tabstop int
	list    bool
	// width is the row width for 'wrap' (a wide cluster that does not fit
	// in the rest of a row is moved to the next, leaving a '>' filler);
	// 0 means 'nowrap'.
	width int
}

// linePos is a resumable position in a line layout: a cluster boundary,
// its screen column and how many fillers precede it.
type linePos struct {
	off, col, fillers int
}

// lineCells lays out one line of a rope as a stream of cells. Columns are
// screen columns counted from the line start including fillers; without
// wrap they equal Vim's virtual columns.
type lineCells struct {
	cr      clusterReader
	z       cells.Sanitizer
	opts    layoutOpts
	col     int // column of the next cell
	fillers int // fillers emitted so far in the line
	end     int // rope offset of the line end

	// The cluster being emitted.
	pcs     []cells.Piece
	pi, bi  int // current piece and byte within an escape piece
	off     int // rope offset of the cluster
	tabLeft int // cells of the current tab still to emit
	tabCell int // cells of the current tab already emitted
	eolDone bool
}

// start begins the layout of a line that ends at rope offset end, at
// position p of that line.
func (l *lineCells) start(r buffer.Rope, p linePos, end int, opts layoutOpts) {
	l.cr.reset(r, p.off, end)
	l.opts = opts
	if l.opts.tabstop <= 0 {
		l.opts.tabstop = 8
	}
	l.col, l.fillers, l.end = p.col, p.fillers, end
	l.pcs, l.pi, l.bi, l.tabLeft, l.tabCell = nil, 0, 0, 0, 0
	l.eolDone = !opts.list
}

// next returns the next cell, or false at the end of the line.
func (l *lineCells) next() (cell, bool) {
	if l.idle() {
		if b, ok := l.cr.nextASCII(); ok {
			c := cell{s: cells.ASCII(b), w: 1, off: l.cr.offset() - 1, col: l.col, vcol: l.col - l.fillers, first: true, last: true}
			l.col++
			return c, true
		}
	}
	for {
		if c, ok := l.pending(); ok {
			return c, true
		}
		cluster, off, w, ok := l.cr.next()
		if !ok {
			if !l.eolDone {
				l.eolDone = true
				c := cell{s: "$", w: 1, kind: cellEOL, off: l.end, col: l.col, vcol: l.col - l.fillers, first: true, last: true}
				l.col++
				return c, true
			}
			return cell{}, false
		}
		l.load(cluster, off, w)
	}
}

// load makes cluster the one being emitted.
func (l *lineCells) load(cluster string, off, w int) {
	l.off = off
	l.pi, l.bi = 0, 0
	if cluster == "\t" {
		l.pcs = nil
		if l.opts.list {
			l.tabLeft = 2 // ^I
		} else {
			l.tabLeft = l.opts.tabstop - l.vcolOf(l.col)%l.opts.tabstop
		}
		l.tabCell = 0
		return
	}
	l.pcs = l.z.Pieces(cluster, w)
}

// idle reports whether no cluster is partly emitted.
func (l *lineCells) idle() bool { return l.tabLeft == 0 && l.pi >= len(l.pcs) }

// pos returns the resumable position of the next cluster; only valid when
// idle.
func (l *lineCells) pos() linePos {
	return linePos{off: l.cr.offset(), col: l.col, fillers: l.fillers}
}

// span returns how many columns the loaded cluster will take from the
// current column, fillers included, and how many fillers it adds.
func (l *lineCells) span() (cols, fillers int) {
	if l.tabLeft > 0 {
		return l.tabLeft, 0
	}
	col := l.col
	for i := l.pi; i < len(l.pcs); i++ {
		p := l.pcs[i]
		if !p.Esc && p.W == 2 && l.opts.width > 1 && (col+1)%l.opts.width == 0 {
			col++
			fillers++
		}
		col += p.W
	}
	return col - l.col, fillers
}

// advance skips whole clusters while the next one starts before column
// col and before rope offset off. It stops at a cluster boundary; when the
// next cluster straddles col it is left loaded, so next() emits its cells
// (the caller drops those left of col). mark, when not nil, is called
// with the position every markEvery bytes, for checkpoint caches.
func (l *lineCells) advance(col, off int, mark func(linePos)) {
	nextMark := l.cr.offset() + markEvery
	for l.col < col && l.idle() && l.cr.offset() < off {
		if mark != nil && l.cr.offset() >= nextMark {
			mark(l.pos())
			nextMark = l.cr.offset() + markEvery
		}
		if n := l.cr.skipASCIIRun(min(col-l.col, off-l.cr.offset(), markEvery)); n > 0 {
			l.col += n
			continue
		}
		cluster, coff, w, ok := l.cr.next()
		if !ok {
			return
		}
		l.load(cluster, coff, w)
		cols, fillers := l.span()
		if l.col+cols > col || l.cr.offset() > off {
			return // straddles col or holds off: leave it loaded
		}
		l.col += cols
		l.fillers += fillers
		l.pcs, l.tabLeft = nil, 0
	}
}

// markEvery is the spacing in bytes of checkpoints taken by advance.
const markEvery = 1024

// vcolOf converts a screen column to a virtual column. Fillers only
// appear with wrap, where tabs are still measured in virtual columns;
// fillers are rare, so lines with them keep a count.
func (l *lineCells) vcolOf(col int) int { return col - l.fillers }

// pending returns the next cell of the cluster being emitted, if any.
func (l *lineCells) pending() (cell, bool) {
	if l.tabLeft > 0 {
		c := cell{s: " ", w: 1, kind: cellTab, off: l.off, col: l.col, vcol: l.col - l.fillers, first: l.tabCell == 0, last: l.tabLeft == 1}
		if l.opts.list {
			c.s = "^I"[l.tabCell : l.tabCell+1]
		}
		l.tabLeft--
		l.tabCell++
		l.col++
		return c, true
	}
	if l.pi < len(l.pcs) {
		p := l.pcs[l.pi]
		lastPiece := l.pi == len(l.pcs)-1
		if p.Esc {
			c := cell{s: p.S[l.bi : l.bi+1], w: 1, kind: cellEscape, off: l.off, col: l.col, vcol: l.col - l.fillers,
				first: l.pi == 0 && l.bi == 0, last: lastPiece && l.bi == len(p.S)-1}
			l.bi++
			if l.bi == len(p.S) {
				l.pi, l.bi = l.pi+1, 0
			}
			l.col++
			return c, true
		}
		if p.W == 2 && l.opts.width > 1 && (l.col+1)%l.opts.width == 0 {
			// The wide cluster would straddle the row end.
			c := cell{s: ">", w: 1, kind: cellFiller, off: l.off, col: l.col, vcol: l.col - l.fillers}
			l.col++
			l.fillers++
			return c, true
		}
		c := cell{s: p.S, w: p.W, kind: cellText, off: l.off, col: l.col, vcol: l.col - l.fillers, first: l.pi == 0, last: lastPiece}
		l.pi++
		l.col += p.W
		return c, true
	}
	return cell{}, false
}
