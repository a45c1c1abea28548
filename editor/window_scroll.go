package editor

// Where the window scrolls to keep the cursor in view: Vim's
// update_topline, scroll_cursor_top, scroll_cursor_bot and
// scroll_cursor_halfway for a window whose lines take one row each (the
// window's top is a line number; kjx draws a wrapped line's rows but
// scrolls by lines). A cursor that goes a little past the top or the
// bottom scrolls the window just enough to keep 'scrolloff' lines in
// view; one that goes far (half a window or more) puts its line in the
// middle, so 250G in a long file shows lines 239 to 261. Line numbers in
// this file are Vim's, 1-based, to follow its source.

// scrollView is a window's scroll state while it is being updated.
type scrollView struct {
	top, cur, height, lines, so int
}

// scrollToCursor keeps the cursor line within the window, as Vim's
// update_topline does before each redraw.
func (e *Editor) scrollToCursor() {
	w := e.win
	h := max(w.height, 1)
	v := scrollView{top: w.top + 1, cur: w.cur.Line + 1, height: h, lines: lineCount(e.text()), so: min(e.opt.ScrollOff, (h-1)/2)}
	v.update()
	w.top = v.top - 1
}

// update is Vim's update_topline.
func (v *scrollView) update() {
	if v.lines <= 1 {
		v.top = 1
		return
	}
	v.top = min(max(v.top, 1), v.lines)
	checkBot := true
	if v.top > 1 && (v.cur < v.top || v.cur < v.top+v.so) {
		halfheight := max(v.height/2-1, 2)
		if v.top+v.so-v.cur >= halfheight {
			v.halfway(false)
			checkBot = false
		} else {
			v.scrollTop()
		}
	}
	if !checkBot {
		return
	}
	bot := v.botline()
	if bot > v.lines || v.cur < bot-v.so {
		return // the end is shown, or the cursor has its context below
	}
	if v.cur < bot && bot-1-v.cur >= v.so {
		return
	}
	if n := v.cur - bot + 1 + v.so; n <= v.height+1 {
		v.scrollBot()
	} else {
		v.halfway(false)
	}
}

// botline is the first line below the window (lines+1 when the last
// line shows).
func (v *scrollView) botline() int { return min(v.top+v.height, v.lines+1) }

// emptyRows is the rows below the last line when it shows.
func (v *scrollView) emptyRows() int { return max(v.top+v.height-(v.lines+1), 0) }

// scrollTop is Vim's scroll_cursor_top with 'scrolljump' 1: the least
// scroll that shows 'scrolloff' lines above the cursor.
func (v *scrollView) scrollTop() {
	const minScroll = 1
	used, scrolled, extra := 1, 0, 0
	if v.cur < v.top {
		scrolled = used
	}
	top, bot := v.cur-1, v.cur+1
	newTop := top + 1
	for top > 0 {
		if top < v.top {
			scrolled++
		}
		if (newTop >= v.top || scrolled > minScroll) && extra >= v.so {
			break
		}
		used++
		if extra+1 <= v.so && bot < v.lines {
			used++
		}
		if used > v.height {
			break
		}
		extra++
		newTop = top
		top--
		bot++
	}
	if used > v.height {
		v.halfway(false)
		return
	}
	if newTop < v.top {
		v.top = newTop
	}
	v.top = min(v.top, v.cur)
}

// scrollBot is Vim's scroll_cursor_bot with 'scrolljump' 1.
func (v *scrollView) scrollBot() {
	const minScroll = 1
	used, scrolled := v.botScrollAmount(minScroll)
	lineCount := 0
	switch {
	case scrolled <= 0:
	case used > v.height:
		lineCount = used
	default:
		i, b := 0, v.top-1
		for i < scrolled && b < v.botline() {
			b++
			i++
			lineCount++
		}
		if i < scrolled {
			lineCount = 9999
		}
	}
	if lineCount >= v.height && lineCount > minScroll {
		v.halfway(true)
	} else if lineCount > 0 {
		v.top = min(v.top+lineCount, v.lines)
	}
}

// botScrollAmount is the counting half of scroll_cursor_bot: the rows the
// cursor line and its 'scrolloff' context use (used, more than the
// window's height when they do not fit) and how many of them lie below
// the window (scrolled).
func (v *scrollView) botScrollAmount(minScroll int) (used, scrolled int) {
	bot, empty := v.botline(), v.emptyRows()
	past := func(l int) int { // what line l adds to scrolled
		switch {
		case l > bot:
			return 1
		case l == bot:
			return 1 - empty
		}
		return 0
	}
	used, extra := 1, 0
	scrolled = past(v.cur)
	above, below := v.cur, v.cur
	for above > 1 {
		if ((scrolled <= 0 || scrolled >= minScroll) && extra >= v.so || below+1 > v.lines) && above < bot {
			break
		}
		above--
		if used++; used > v.height {
			break
		}
		scrolled += past(above)
		if below < v.lines {
			below++
			if used++; used > v.height {
				break
			}
			if extra < v.so || scrolled < minScroll {
				extra++
				scrolled += past(below)
			}
		}
	}
	return used, scrolled
}

// halfway is Vim's scroll_cursor_halfway (not at the end): the cursor
// line in the middle of the window, lines added below and above in turn
// (above first with preferAbove); past the last line the rows count as
// filled.
func (v *scrollView) halfway(preferAbove bool) {
	above, below, used := 0, 0, 1
	top, bot := v.cur, v.cur
	for top > 1 {
		done := false
		for round := 1; round <= 2 && !done; round++ {
			if preferAbove && round == 2 && below < above || !preferAbove && round == 1 && below <= above {
				if bot < v.lines {
					bot++
					if used++; used > v.height {
						done = true
						break
					}
				}
				below++
			}
			if preferAbove && round == 1 && below >= above || !preferAbove && round == 1 && below > above {
				if used++; used > v.height {
					done = true
					break
				}
				above++
				top--
			}
		}
		if done {
			break
		}
	}
	v.top = top
}

// page is Vim's onepage for CTRL-F (forward) and CTRL-B, count times:
// a window less two lines of overlap, the cursor onto the new window
// (with 'scrolloff'), first non-blank; false when it cannot scroll.
func (v *scrollView) page(forward bool, count int) bool {
	if v.lines == 1 {
		return false
	}
	oldTop := v.top
	ok := true
	for ; count > 0; count-- {
		bot := v.botline()
		if forward && v.top >= v.lines-v.so && bot > v.lines || !forward && v.top == 1 {
			ok = false
			break
		}
		switch {
		case forward && bot > v.lines:
			v.top = v.lines // at the end of the file
		case forward:
			v.top = bot - 2 // two lines of overlap
			v.cur = v.top
		default:
			l := min(v.top+1, v.lines)
			v.cur = l
			newTop := l - v.height + 1
			if newTop < 1 {
				v.top = 1
			} else if newTop >= v.top {
				v.top--
				v.cur = v.botline() - 1
			} else {
				v.top = newTop
			}
		}
	}
	v.correctCursor()
	if ok && forward && v.cur < v.top+v.so && v.top > 1 {
		v.scrollTop()
		if v.top <= oldTop && oldTop < v.lines {
			v.top = oldTop + 1
		}
	}
	return ok
}

// correctCursor is Vim's cursor_correct: the cursor moves into the part
// of the window 'scrolloff' lines from its edges (no margin at the
// buffer's ends).
func (v *scrollView) correctCursor() {
	above, below := v.so, v.so
	bot := v.botline()
	if v.top == 1 {
		above = 0
		below = min(below, v.height/2)
	}
	if bot == v.lines+1 {
		below = 0
		above = min(above, (v.height-1)/2)
	}
	if v.cur >= v.top+above && v.cur < bot-below {
		return
	}
	t, b := v.top, bot-1
	na, nb := 0, 0
	for (na < above || nb < below) && t < b {
		if nb < below && (nb <= na || na >= above) {
			nb++
			b--
		} else {
			na++
			t++
		}
	}
	switch {
	case t == b:
		v.cur = t
	case t > b:
		v.cur = b
	case v.cur < t && t > 1:
		v.cur = t
	case v.cur > b && b < v.lines:
		v.cur = b
	}
}

// halfPage is Vim's halfpage for CTRL-D (down) and CTRL-U: the window
// and the cursor move n lines (the cursor alone when the window cannot),
// then the cursor keeps out of the 'scrolloff' margins.
func (v *scrollView) halfPage(down bool, n int) {
	v.update()
	if down {
		for n > 0 && v.botline() <= v.lines {
			n--
			v.top++
			if v.cur < v.lines {
				v.cur++
			}
		}
		if n > 0 {
			v.cur = min(v.cur+n, v.lines)
		}
	} else {
		for n > 0 && v.top > 1 {
			n--
			v.top--
			if v.cur > 1 {
				v.cur--
			}
		}
		if n > 0 {
			v.cur = max(v.cur-n, 1)
		}
	}
	v.correctCursor()
}
