package editor

import (
	"strings"
)

// searchState is the last search: pattern and direction (the / register).
type searchState struct {
	pattern  string
	backward bool
	offset   string // the search offset after the pattern ("e", "+1", ...)
	// hl is false after :nohlsearch until the next search.
	hl bool
}

// searchCommand runs a / or ? typed on the command line.
func (e *Editor) searchCommand(cl *cmdline) {
	pat, off := splitSearchOffset(cl.text, byte(cl.kind))
	if pat == "" && cl.text == "" || pat == "" {
		if e.search.pattern == "" {
			e.errMsg("E35: No previous regular expression")
			return
		}
		pat = e.search.pattern
		if cl.text == "" {
			off = e.search.offset
		}
	}
	e.search = searchState{pattern: pat, backward: cl.kind == '?', offset: off, hl: true}
	e.addCmdHistory('/', pat)
	count := 1
	if cl.count > 0 {
		count = cl.count
	}
	if cl.op != nil {
		// The search was the motion of an operator (d/foo<CR>).
		target, ok := e.searchFrom(e.win.cur, count, e.search.backward, true)
		if !ok {
			return
		}
		e.setPCMark()
		kind := exclusive
		if strings.HasPrefix(e.search.offset, "e") {
			kind = inclusive
		}
		c := cl.op
		c.motion = string(cl.kind)
		c.marg = cl.text // for . (redoKeys)
		rg := e.rangeFrom(e.win.cur, target, kind, false, c.force, c.name)
		rg.cursor = e.win.cur
		e.applyOperator(c, rg)
		if c.name != "c" {
			e.win.clampCursor(false)
		}
		return
	}
	target, ok := e.searchFrom(e.win.cur, count, e.search.backward, true)
	if !ok {
		return
	}
	e.setPCMark()
	e.win.cur = target
	e.win.clampCursor(false)
	e.win.wantCol = -1
}

// splitSearchOffset splits "pat/e+1" into the pattern and its offset.
func splitSearchOffset(s string, delim byte) (string, string) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == delim {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// searchFrom finds the count-th match of the last pattern from p and
// applies the search offset. Messages are Vim's (wrap notice, E486, E384,
// E385).
func (e *Editor) searchFrom(p Pos, count int, backward bool, msgs bool) (Pos, bool) {
	pat, err := e.compilePattern(e.search.pattern)
	if err != nil {
		e.errMsg("%v", err)
		return p, false
	}
	r := e.text()
	off := posToOff(r, p)
	var s, en int
	for i := 0; i < count; i++ {
		var wrapped, ok bool
		s, en, wrapped, ok = pat.search(r, off, backward, e.opt.WrapScan)
		if !ok {
			if e.opt.WrapScan && msgs {
				// Vim's searchit gives the notice when it wraps, before
				// it knows the pattern is nowhere.
				e.wrapMessage(backward)
			}
			if !e.opt.WrapScan {
				if backward {
					e.errMsg("E384: Search hit TOP without match for: %s", e.search.pattern)
				} else {
					e.errMsg("E385: Search hit BOTTOM without match for: %s", e.search.pattern)
				}
			} else {
				e.errMsg("E486: Pattern not found: %s", e.search.pattern)
			}
			return p, false
		}
		if wrapped && msgs {
			e.wrapMessage(backward)
		}
		off = s
	}
	return e.applySearchOffset(r, s, en), true
}

// wrapMessage is Vim's notice that a search went on at the other end.
func (e *Editor) wrapMessage(backward bool) {
	if backward {
		e.msgKeep("search hit TOP, continuing at BOTTOM")
	} else {
		e.msgKeep("search hit BOTTOM, continuing at TOP")
	}
}

// applySearchOffset moves a match position by the search offset.
func (e *Editor) applySearchOffset(r interface{ Len() int }, s, en int) Pos {
	t := e.text()
	o := e.search.offset
	if o == "" {
		return offToPos(t, s)
	}
	n := 0
	sign := 1
	rest := o
	base := o[0]
	if base == 'e' || base == 's' || base == 'b' {
		rest = o[1:]
	}
	if rest != "" {
		switch rest[0] {
		case '+':
			rest = rest[1:]
		case '-':
			sign = -1
			rest = rest[1:]
		}
		n = 1
		if rest != "" {
			n = atoiDefault(rest, 1)
		}
	}
	switch base {
	case 'e':
		p := en
		if en > s {
			p = en - 1
		}
		return offToPos(t, min(max(p+sign*n, 0), t.Len()))
	case 's', 'b':
		return offToPos(t, min(max(s+sign*n, 0), t.Len()))
	}
	l := min(max(t.LineOf(s)+sign*n, 0), lineCount(t)-1)
	return Pos{Line: l, Col: firstNonBlank(lineText(t, l))}
}

func atoiDefault(s string, d int) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return d
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func mSearchNext(m *mctx) (Pos, bool) {
	e := m.e
	if e.search.pattern == "" {
		e.errMsg("E35: No previous regular expression")
		return m.cur, false
	}
	e.search.hl = true
	back := e.search.backward
	if m.name == "N" {
		back = !back
	}
	if strings.HasPrefix(e.search.offset, "e") {
		m.kind = inclusive
	}
	return e.searchFrom(m.cur, m.count1, back, true)
}

func mStar(m *mctx) (Pos, bool) {
	e := m.e
	line := m.line()
	col := m.cur.Col
	// The keyword under or after the cursor.
	isKw := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for col < len(line) && !isKw(line[col]) {
		col++
	}
	var s, en int
	if col < len(line) {
		s, en = col, col
		for s > 0 && isKw(line[s-1]) {
			s--
		}
		for en < len(line) && isKw(line[en]) {
			en++
		}
	} else {
		// No keyword under or after the cursor: Vim takes the non-blank
		// text there (find_ident_under_cursor with FIND_STRING).
		var ok bool
		if s, en, ok = nonBlankAt(line, m.cur.Col); !ok {
			e.errMsg("E348: No string under cursor")
			return m.cur, false
		}
	}
	// Vim escapes the characters that are special in a magic pattern.
	var wb strings.Builder
	for _, r := range line[s:en] {
		if strings.ContainsRune(`\/.*$^~[]`, r) {
			wb.WriteByte('\\')
		}
		wb.WriteRune(r)
	}
	word := wb.String()
	pat := word
	if (m.name == "*" || m.name == "#") && isKw(line[s]) {
		pat = `\<` + word + `\>`
	}
	e.search = searchState{pattern: pat, backward: m.name == "#" || m.name == "g#", hl: true}
	e.addCmdHistory('/', pat)
	start := Pos{Line: m.cur.Line, Col: s}
	return e.searchFrom(start, m.count1, e.search.backward, true)
}

// nonBlankAt finds the text * uses when no keyword is under or after col:
// from the first non-blank at or after col, backed up over characters of
// its own kind (punctuation), to the next blank.
func nonBlankAt(line string, col int) (start, end int, ok bool) {
	blank := func(c byte) bool { return c == ' ' || c == '\t' }
	for col < len(line) && blank(line[col]) {
		col++
	}
	if col >= len(line) {
		return 0, 0, false
	}
	start = col
	for start > 0 && !blank(line[start-1]) && line[start-1] < 0x80 && !isKeywordByte(line[start-1]) {
		start--
	}
	end = col
	for end < len(line) && !blank(line[end]) {
		end++
	}
	return start, end, true
}

// isKeywordByte is Vim's default 'iskeyword' for one byte.
func isKeywordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
