package motion

// sent1 is findsent() for one sentence that leaves p unchanged on failure,
// as Vim leaves the cursor.
func (t *text) sent1(p int, forward bool) int {
	if q, ok := t.findSent(p, forward, 1); ok {
		return q
	}
	return p
}

// firstBlank is Vim's find_first_blank(): back over the blanks before p to
// the first of them.
func (t *text) firstBlank(p int) int {
	for {
		q, r := t.decl(p)
		if r == stepFail {
			return q
		}
		p = q
		if !isWhiteRune(t.ch(p)) {
			p, _ = t.incl(p)
			return p
		}
	}
}

// sentForward is Vim's findsent_forward(): count/2 sentences and count/2
// separating blanks.
func (t *text) sentForward(cur, count int, atStart bool) int {
	for ; count > 0; count-- {
		cur = t.sent1(cur, true)
		if atStart {
			cur = t.firstBlank(cur)
		}
		if count == 1 || atStart {
			cur, _ = t.decl(cur)
		}
		atStart = !atStart
	}
	return cur
}

// sentenceObject is Vim's current_sent() for is and as.
func (t *text) sentenceObject(off, count int, include bool, vis *Visual) (Range, bool) {
	start := off
	pos := start
	cur := t.sent1(off, true)
	if vis != nil && start != vis.Anchor {
		t.extendSentence(vis, start, cur, count, include)
		return Range{}, true
	}
	// A cursor on blanks just before a sentence selects the blanks.
	for isWhiteRune(t.ch(pos)) {
		pos, _ = t.incl(pos)
	}
	startBlank := false
	if pos == cur {
		startBlank = true
		start = t.firstBlank(start)
	} else {
		cur = t.sent1(cur, false)
		start = cur
	}
	ncount := count
	if include {
		ncount = count * 2
	} else if startBlank {
		ncount--
	}
	if ncount > 0 {
		cur = t.sentForward(cur, ncount, true)
	} else {
		cur, _ = t.decl(cur)
	}
	if include {
		// With the blanks before the sentence included, leave out those
		// after it; without blanks after it, take those before it.
		if startBlank {
			cur = t.firstBlank(cur)
			if isWhiteRune(t.ch(cur)) {
				cur, _ = t.decl(cur)
			}
		} else if !isWhiteRune(t.ch(cur)) {
			start = t.firstBlank(start)
		}
	}
	if vis != nil {
		if start == cur {
			// Stuck on a single blank before a sentence: extend instead.
			t.extendSentence(vis, start, cur, count, include)
			return Range{}, true
		}
		return vis.set(start, cur)
	}
	// Include a line break after the sentence, if there is one.
	end, r := t.incl(cur)
	if r == stepFail {
		return t.opRange(start, end, true), true
	}
	return t.opRange(start, end, false), true
}

// extendSentence is the part of current_sent() that extends a Visual
// selection by sentences; start is the cursor, cur the start of the next
// sentence after it.
func (t *text) extendSentence(vis *Visual, start, cur, count int, include bool) {
	pos := start
	if start < vis.Anchor {
		// The cursor is at the start of the selection: in the blanks
		// before a sentence, inside one or at its start?
		atStart := true
		pos, _ = t.decl(pos)
		for pos < cur {
			if !isWhiteRune(t.ch(pos)) {
				atStart = false
				break
			}
			pos, _ = t.incl(pos)
		}
		if !atStart {
			cur = t.sent1(cur, false)
			if cur == start {
				atStart = true
			} else {
				cur = t.sent1(cur, true)
			}
		}
		if include {
			count *= 2
		}
		for ; count > 0; count-- {
			if atStart {
				cur = t.firstBlank(cur)
			}
			if !atStart || (!include && !isWhiteRune(t.ch(cur))) {
				cur = t.sent1(cur, false)
			}
			atStart = !atStart
		}
	} else {
		// The cursor is at the end of the selection.
		pos, _ = t.incl(pos)
		atStart := true
		if pos != cur {
			atStart = false
			for pos < cur {
				if !isWhiteRune(t.ch(pos)) {
					atStart = true
					break
				}
				pos, _ = t.incl(pos)
			}
			if atStart {
				cur = t.sent1(cur, false)
			} else {
				cur = start
			}
		}
		if include {
			count *= 2
		}
		cur = t.sentForward(cur, count, atStart)
	}
	vis.Cursor = cur
}

// lineNav numbers lines relative to an origin line (0) and finds their
// starts lazily, walking only over the lines it is asked about.
type lineNav struct {
	t      *text
	starts map[int]int
	lo, hi int // the known line numbers
}

func newLineNav(t *text, off int) *lineNav {
	return &lineNav{t: t, starts: map[int]int{0: t.lineStartOf(off)}}
}

// start returns the start of line l, which must exist (first <= l <= last).
func (n *lineNav) start(l int) int {
	for n.hi < l {
		n.starts[n.hi+1], _ = n.t.nextLine(n.starts[n.hi])
		n.hi++
	}
	for n.lo > l {
		n.starts[n.lo-1], _ = n.t.prevLine(n.starts[n.lo])
		n.lo--
	}
	return n.starts[l]
}

func (n *lineNav) isFirst(l int) bool { return n.start(l) == 0 }
func (n *lineNav) isLast(l int) bool  { return n.t.lineEndOf(n.start(l)) >= n.t.n }
func (n *lineNav) white(l int) bool   { return n.t.lineWhite(n.start(l)) }
func (n *lineNav) ps(l int) bool      { return n.t.startPS(n.start(l), false) }

// edge reports whether l is the first (dir < 0) or last (dir > 0) line.
func (n *lineNav) edge(l, dir int) bool {
	if dir < 0 {
		return n.isFirst(l)
	}
	return n.isLast(l)
}

// lineWhite is Vim's linewhite(): the line holds only blanks.
func (t *text) lineWhite(ls int) bool {
	for !t.isEOL(ls) && isWhite(t.at(ls)) {
		ls++
	}
	return t.isEOL(ls)
}

// lineRange is the linewise range of the lines a..b of n.
func (n *lineNav) lineRange(a, b int) Range {
	a, b = min(a, b), max(a, b)
	return Range{Start: n.start(a), End: n.t.lineEndOf(n.start(b)), Kind: Linewise}
}

// paragraphObject is Vim's current_par() for ip and ap: linewise.
func (t *text) paragraphObject(off, count int, include bool, vis *Visual) (Range, bool) {
	n := newLineNav(t, off)
	anchorL := 0
	if vis != nil {
		anchorL = n.lineOf(vis.Anchor)
		if anchorL != 0 {
			return n.extendParagraph(vis, anchorL, count, include)
		}
	}
	startL := 0
	whiteInFront := n.white(startL)
	for !n.isFirst(startL) {
		if whiteInFront {
			if !n.white(startL - 1) {
				break
			}
		} else if n.white(startL-1) || n.ps(startL) {
			break
		}
		startL--
	}
	// Past the white lines at the start; endL is startL-1 when the
	// paragraph does not start with white lines.
	endL := startL
	for n.white(endL) {
		if n.isLast(endL) {
			endL++
			break
		}
		endL++
	}
	endL--
	last := func(l int) bool { return l >= startL && n.isLast(l) }
	i := count
	if !include && whiteInFront {
		i--
	}
	for ; i > 0; i-- {
		if last(endL) {
			return Range{}, false
		}
		doWhite := false
		if !include {
			doWhite = n.white(endL + 1)
		}
		if include || !doWhite {
			endL++
			for !last(endL) && !n.white(endL+1) && !n.ps(endL+1) {
				endL++
			}
		}
		if i == 1 && whiteInFront && include {
			break
		}
		if include || doWhite {
			for !last(endL) && n.white(endL+1) {
				endL++
			}
		}
	}
	// Without white lines at the end, take those at the start.
	if !whiteInFront && !n.white(endL) && include {
		for !n.isFirst(startL) && n.white(startL-1) {
			startL--
		}
	}
	if vis == nil {
		return n.lineRange(startL, endL), true
	}
	if vis.Linewise && startL == 0 {
		// "Vipipip" on a single white line: extend instead of sticking.
		return n.extendParagraph(vis, anchorL, count, include)
	}
	if anchorL != startL {
		vis.Anchor = n.start(startL)
	}
	vis.Cursor = n.start(endL)
	vis.Linewise = true
	return Range{}, true
}

// lineOf returns the relative number of the line holding off, walking
// from the origin.
func (n *lineNav) lineOf(off int) int {
	l := 0
	for off < n.start(l) {
		l--
	}
	for !n.isLast(l) && off > n.t.lineEndOf(n.start(l)) {
		l++
	}
	return l
}

// extendParagraph is the part of current_par() that extends a Visual
// selection spanning lines: the cursor (line 0) moves count paragraphs
// away from the anchor's line.
func (n *lineNav) extendParagraph(vis *Visual, anchorL, count int, include bool) (Range, bool) {
	dir := 1
	if anchorL > 0 {
		dir = -1
	}
	startL := 0
	ok := true
	for i := count; i > 0; i-- {
		if n.edge(startL, dir) {
			ok = false
			break
		}
		prevWhite := -1
		for k := 0; k < 2; k++ {
			startL += dir
			white := b2i(n.white(startL))
			if prevWhite == white {
				startL -= dir
				break
			}
			for !n.edge(startL, dir) {
				next := startL + dir
				psLine := startL
				if dir > 0 {
					psLine = next
				}
				if white != b2i(n.white(next)) || (white == 0 && n.ps(psLine)) {
					break
				}
				startL = next
			}
			if !include || n.edge(startL, dir) {
				break
			}
			prevWhite = white
		}
	}
	vis.Cursor = n.start(startL)
	return Range{}, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
