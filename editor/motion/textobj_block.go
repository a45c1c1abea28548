package motion

// inIndent is Vim's inindent(extra): whether only blanks precede p on its
// line and at least extra more blanks follow from p on.
func (t *text) inIndent(p, extra int) bool {
	ls := t.lineStartOf(p)
	col := 0
	for q := ls; !t.isEOL(q) && isWhite(t.at(q)); q++ {
		col++
	}
	return col >= p-ls+extra
}

// findBlock is findmatch() with a given bracket: backward (open set) for
// the unclosed open bracket before p, or forward for the unmatched close
// bracket after p. With cpoMatch quotes are not special (Vim's 'cpo' "%").
// With forwardOpen it searches forward for the next open bracket instead.
func (t *text) findBlock(p int, open, close byte, findOpen, cpoMatch, forwardOpen bool) (int, bool) {
	m := &matcher{c: t.lineCurAt(p), cpoMatch: cpoMatch}
	switch {
	case forwardOpen:
		m.initc, m.findc, m.backwards = close, open, false
	case findOpen:
		m.initc, m.findc, m.backwards = close, open, true
	default:
		m.initc, m.findc, m.backwards = open, close, false
	}
	return m.run()
}

// blockObject is Vim's current_block() for i( a( i[ a[ i{ a{ i< a<.
func (t *text) blockObject(off, count int, include bool, open, close byte, vis *Visual) (Range, bool) {
	cur := off
	oldStart, oldEnd := off, off
	visEmpty := vis == nil || vis.Anchor == vis.Cursor
	switch {
	case visEmpty:
		if open == '{' {
			for t.inIndent(cur, 1) {
				var r int
				if cur, r = t.inc(cur); r != stepInLine {
					break
				}
			}
		}
		if !t.isEOL(cur) && t.at(cur) == open {
			cur++
		}
	case vis.Anchor < vis.Cursor:
		oldStart, oldEnd = vis.Anchor, vis.Cursor
		cur = vis.Anchor
	default:
		oldStart, oldEnd = vis.Cursor, vis.Anchor
	}
	// The unclosed open bracket before the cursor, count levels out; when
	// there is none, the next open bracket after it.
	_, inside := t.findBlock(cur, open, close, true, true, false)
	start := -1
	for ; count > 0; count-- {
		p, ok := t.findBlock(cur, open, close, inside, true, !inside)
		if !ok {
			return Range{}, false // fewer than count levels
		}
		cur, start = p, p
	}
	end, ok := t.findBlock(cur, open, close, false, false, false)
	if !ok {
		return Range{}, false
	}
	cur = end
	sol := false
	for !include {
		// Exclude the brackets; a close bracket preceded only by indent
		// takes the indent and the line break before it along.
		start, _ = t.incl(start)
		sol = t.isBOL(cur)
		cur, _ = t.decl(cur)
		for t.inIndent(cur, 1) {
			sol = true
			var r int
			if cur, r = t.decl(cur); r != stepInLine {
				break
			}
		}
		if vis == nil {
			break
		}
		if start >= oldStart && cur <= oldEnd && start != cur {
			// Not bigger than before: extend to the enclosing block.
			p, _ := t.decl(oldStart)
			s, ok := t.findBlock(p, open, close, true, false, false)
			if !ok {
				return Range{}, false
			}
			e, ok := t.findBlock(s, open, close, false, false, false)
			if !ok {
				return Range{}, false
			}
			start, end, cur = s, e, e
			continue
		}
		break
	}
	if vis != nil {
		if sol && !t.isEOL(cur) {
			cur, _ = t.inc(cur) // include the line break
		}
		return vis.set(start, cur)
	}
	switch {
	case sol:
		cur, _ = t.incl(cur)
		return t.opRange(start, cur, false), true
	case start <= cur:
		return t.opRange(start, cur, true), true
	default:
		// Nothing between the brackets: an empty range.
		return Range{Start: start, End: start, Kind: Exclusive}, true
	}
}

// findNextQuote is Vim's find_next_quote(): the column of the next quote q
// at or after col, skipping characters escaped by a backslash when escape
// is set; -1 when there is none.
func findNextQuote(line string, col int, q byte, escape bool) int {
	for col < len(line) {
		c := line[col]
		if escape && c == '\\' {
			col++
			if col >= len(line) {
				return -1
			}
		} else if c == q {
			return col
		}
		col++
	}
	return -1
}

// findPrevQuote is Vim's find_prev_quote(): the column of the previous
// quote q before col (a quote preceded by an odd number of backslashes is
// skipped when escape is set), or 0 when there is none.
func findPrevQuote(line string, col int, q byte, escape bool) int {
	for col > 0 {
		col--
		n := 0
		if escape {
			for col-n > 0 && line[col-n-1] == '\\' {
				n++
			}
		}
		if n&1 == 1 {
			col -= n
		} else if line[col] == q {
			break
		}
	}
	return col
}

// quoteObject is Vim's current_quote() for i" a" i' a' i` a`: quotes are
// found on the cursor's line only; a quote escaped by a backslash does
// not count.
func (t *text) quoteObject(off, count int, include bool, q byte, vis *Visual) (Range, bool) {
	lc := t.lineCurAt(off)
	line, ls := lc.line, lc.ls
	at := func(col int) byte { return lc.at(col) }
	colStart := off - ls
	var colEnd int
	visEmpty, visBefCurs, insideQuotes, selectedQuote := true, false, false, false
	var vcol int // the anchor's column
	if vis != nil {
		if t.lineStartOf(vis.Anchor) != ls {
			return Range{}, false
		}
		vcol = vis.Anchor - ls
		visBefCurs = vis.Anchor < vis.Cursor
		visEmpty = vis.Anchor == vis.Cursor
	}
	if !visEmpty {
		var i int
		if visBefCurs {
			insideQuotes = vcol > 0 && at(vcol-1) == q && at(colStart) != 0 && at(colStart+1) == q
			i, colEnd = vcol, colStart
		} else {
			insideQuotes = colStart > 0 && at(colStart-1) == q && at(vcol) != 0 && at(vcol+1) == q
			i, colEnd = colStart, vcol
		}
		for ; i <= colEnd && i < len(line); i++ {
			if line[i] == q {
				selectedQuote = true
				break
			}
		}
	}
	switch {
	case !visEmpty && at(colStart) == q:
		// Already selecting and on a quote: the next quoted string.
		if visBefCurs {
			colStart = findNextQuote(line, colStart+1, q, false)
			if colStart < 0 {
				return Range{}, false
			}
			colEnd = findNextQuote(line, colStart+1, q, true)
			if colEnd < 0 {
				colEnd, colStart = colStart, off-ls
			}
		} else {
			colEnd = findPrevQuote(line, colStart, q, false)
			if at(colEnd) != q {
				return Range{}, false
			}
			colStart = findPrevQuote(line, colEnd, q, true)
			if at(colStart) != q {
				colStart, colEnd = colEnd, off-ls
			}
		}
	case at(colStart) == q || !visEmpty:
		// On a quote: find out from the line start whether it opens or
		// closes a string.
		firstCol := colStart
		if !visEmpty {
			if visBefCurs {
				firstCol = findNextQuote(line, colStart, q, false)
			} else {
				firstCol = findPrevQuote(line, colStart, q, false)
			}
		}
		colStart = 0
		for {
			colStart = findNextQuote(line, colStart, q, false)
			if colStart < 0 || colStart > firstCol {
				return Range{}, false
			}
			colEnd = findNextQuote(line, colStart+1, q, true)
			if colEnd < 0 {
				return Range{}, false
			}
			if colStart <= firstCol && firstCol <= colEnd {
				break
			}
			colStart = colEnd + 1
		}
	default:
		// Search backward for a starting quote, else forward.
		colStart = findPrevQuote(line, colStart, q, true)
		if at(colStart) != q {
			colStart = findNextQuote(line, colStart, q, false)
			if colStart < 0 {
				return Range{}, false
			}
		}
		colEnd = findNextQuote(line, colStart+1, q, true)
		if colEnd < 0 {
			return Range{}, false
		}
	}
	if include {
		// Include white space after the closing quote, else before the
		// opening one.
		if isWhite(at(colEnd + 1)) {
			for isWhite(at(colEnd + 1)) {
				colEnd++
			}
		} else {
			for colStart > 0 && isWhite(at(colStart-1)) {
				colStart--
			}
		}
	}
	if !include && count < 2 && (visEmpty || !insideQuotes) {
		colStart++
	}
	anchor := -1
	if vis != nil {
		if visEmpty || (visBefCurs && !selectedQuote && (insideQuotes ||
			(at(vcol) != q && (vcol == 0 || at(vcol-1) != q)))) {
			anchor = ls + colStart
		} else {
			anchor = vis.Anchor
		}
	}
	cur := ls + colEnd
	inclusive := false
	if include || count > 1 || (!visEmpty && insideQuotes) {
		var r int
		if cur, r = t.inc(cur); r == stepOntoNUL {
			inclusive = true
		}
	}
	if vis == nil {
		kind := Exclusive
		if inclusive {
			kind = Inclusive
		}
		return Range{Start: ls + colStart, End: cur, Kind: kind}, true
	}
	if visEmpty || visBefCurs {
		cur, _ = t.dec(cur)
		return vis.set(anchor, cur)
	}
	if insideQuotes || (!selectedQuote && at(vcol) != q && (at(vcol) == 0 || at(vcol+1) != q)) {
		cur, _ = t.dec(cur)
		anchor = cur
	}
	return vis.set(anchor, ls+colStart)
}
