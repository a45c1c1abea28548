package motion

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// matchPairs is Vim's default 'matchpairs'.
const matchPairs = "(){}[]"

// pairOf returns the partner of a bracket and whether c opens.
func pairOf(c byte) (partner byte, open, ok bool) {
	i := strings.IndexByte(matchPairs, c)
	if i < 0 || c == 0 {
		return 0, false, false
	}
	if i%2 == 0 {
		return matchPairs[i+1], true, true
	}
	return matchPairs[i-1], false, true
}

// lineCur is a position inside a line held as a string, for the
// line-oriented searches of % and the bracket objects.
type lineCur struct {
	t    *text
	ls   int    // line start offset
	line string // line text without the '\n'
	col  int    // byte column
}

func (t *text) lineCurAt(off int) *lineCur {
	ls, le := t.lineStartOf(off), t.lineEndOf(off)
	return &lineCur{t: t, ls: ls, line: t.r.SliceString(ls, le), col: off - ls}
}

// at returns the byte at col, 0 at or past the end (Vim's NUL).
func (c *lineCur) at(col int) byte {
	if col < 0 || col >= len(c.line) {
		return 0
	}
	return c.line[col]
}

func (c *lineCur) off() int { return c.ls + c.col }

// nextLine moves to the start of the next line; false on the last line.
func (c *lineCur) nextLine() bool {
	e := c.ls + len(c.line)
	if e >= c.t.n {
		return false
	}
	c.ls = e + 1
	c.line = c.t.r.SliceString(c.ls, c.t.lineEndOf(c.ls))
	c.col = 0
	return true
}

// prevLine moves to the NUL of the previous line; false on the first line.
func (c *lineCur) prevLine() bool {
	if c.ls == 0 {
		return false
	}
	e := c.ls - 1
	c.ls = c.t.lineStartOf(e)
	c.line = c.t.r.SliceString(c.ls, e)
	c.col = len(c.line)
	return true
}

// backslashesBefore counts the backslashes immediately before col.
func (c *lineCur) backslashesBefore(col int) int {
	n := 0
	for col-n > 0 && c.line[col-n-1] == '\\' {
		n++
	}
	return n
}

func skipWhiteStr(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// matcher holds the state of one findmatchlimit() search.
type matcher struct {
	c         *lineCur
	initc     byte // the bracket at the start (counted up)
	findc     byte // the bracket searched for
	backwards bool
	cpoMatch  bool // Vim's 'cpo' '%' flag: no quote heuristics (text objects)
	escaped   bool // the start bracket is escaped by a backslash
}

// MatchPair is Vim's % without a count: from the first bracket of ( ) [ ]
// { } at or after off on its line, the matching bracket, skipping brackets
// in double quotes and character literals like Vim; on a C comment's /* or
// */ it jumps to the other end; on a preprocessor line (#if, #else,
// #endif) it jumps to the matching directive. ok is false when there is no
// match.
func MatchPair(r buffer.Rope, off int) (int, bool) {
	p, _, ok := MatchPairRaw(r, off)
	return p, ok
}

// MatchPairRaw is MatchPair reporting whether the jump was between
// preprocessor directives, which Vim makes a linewise motion (% is
// otherwise inclusive).
func MatchPairRaw(r buffer.Rope, off int) (pos int, linewise, ok bool) {
	t := newText(r)
	off = t.start(off)
	pos, linewise, ok = t.percent(off)
	if !ok {
		return off, false, false
	}
	return pos, linewise, true
}

// percent is findmatchlimit() with no initial character.
func (t *text) percent(off int) (int, bool, bool) {
	c := t.lineCurAt(off)
	line := c.line
	hashDir, commentDir := 0, 0
	ws := skipWhiteStr(line, 0)
	switch {
	case c.at(ws) == '#' && c.col <= ws:
		p := skipWhiteStr(line, ws+1)
		if hasAnyPrefix(line[p:], "if", "endif", "el") {
			hashDir = 1
		}
	case c.at(c.col) == '/':
		if c.at(c.col+1) == '*' {
			commentDir = 1
			c.col++
		} else if c.col > 0 && c.at(c.col-1) == '*' {
			commentDir = -1
			c.col--
		}
	case c.at(c.col) == '*':
		if c.at(c.col+1) == '/' {
			commentDir = -1
		} else if c.col > 0 && c.at(c.col-1) == '/' {
			commentDir = 1
		}
	}
	if commentDir != 0 {
		p, ok := c.findComment(commentDir > 0)
		return p, false, ok
	}
	m := &matcher{c: c}
	if hashDir == 0 {
		if c.col >= len(line) && c.col > 0 {
			c.col--
		}
		found := false
		for ; c.col < len(line); c.col++ {
			if partner, open, ok := pairOf(line[c.col]); ok {
				m.initc, m.findc, m.backwards = line[c.col], partner, !open
				found = true
				break
			}
		}
		if !found {
			if c.at(ws) != '#' {
				return off, false, false
			}
			hashDir = 1
		} else {
			m.escaped = c.backslashesBefore(c.col)%2 == 1
		}
	}
	if hashDir != 0 {
		p, ok := c.findHash()
		return p, true, ok
	}
	p, ok := m.run()
	return p, false, ok
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// findHash finds the directive matching the #if, #else/#elif or #endif on
// the cursor's line: linewise, landing on the '#'.
func (c *lineCur) findHash() (int, bool) {
	ws := skipWhiteStr(c.line, 0)
	p := skipWhiteStr(c.line, ws+1)
	dir := 0
	switch {
	case hasAnyPrefix(c.line[p:], "if", "el"):
		dir = 1
	case strings.HasPrefix(c.line[p:], "endif"):
		dir = -1
	default:
		return 0, false
	}
	count := 0
	for {
		if dir > 0 {
			if !c.nextLine() {
				return 0, false
			}
		} else if !c.prevLine() {
			return 0, false
		}
		ws := skipWhiteStr(c.line, 0)
		if c.at(ws) != '#' {
			continue
		}
		c.col = ws
		rest := c.line[skipWhiteStr(c.line, ws+1):]
		if dir > 0 {
			switch {
			case strings.HasPrefix(rest, "if"):
				count++
			case strings.HasPrefix(rest, "el"):
				if count == 0 {
					return c.off(), true
				}
			case strings.HasPrefix(rest, "endif"):
				if count == 0 {
					return c.off(), true
				}
				count--
			}
		} else {
			switch {
			case strings.HasPrefix(rest, "if"):
				if count == 0 {
					return c.off(), true
				}
				count--
			case strings.HasPrefix(rest, "endif"):
				count++
			}
		}
	}
}

// findComment finds the other end of a C comment: forward from /* to the
// '/' of */, backward from */ to the '/' of /*.
func (c *lineCur) findComment(forward bool) (int, bool) {
	if forward {
		for {
			if c.col >= len(c.line) {
				if !c.nextLine() {
					return 0, false
				}
			} else {
				c.col++
			}
			if c.at(c.col) == '*' && c.at(c.col+1) == '/' {
				c.col++
				return c.off(), true
			}
		}
	}
	count, matchOff := 0, -1
	commentCol := lineCommentCol(c.line)
	for {
		if c.col == 0 {
			if !c.prevLine() {
				break
			}
			commentCol = lineCommentCol(c.line)
		} else {
			c.col--
		}
		if c.col == 0 {
			continue
		}
		switch {
		case c.at(c.col-1) == '/' && c.at(c.col) == '*' && (c.col == 1 || c.at(c.col-2) != '*') && c.col < commentCol:
			count++
			matchOff = c.off() - 1
		case c.at(c.col-1) == '*' && c.at(c.col) == '/':
			if count > 0 {
				return matchOff, true
			}
			if c.col > 1 && c.at(c.col-2) == '/' && c.col <= commentCol {
				return c.off() - 2, true
			}
			return 0, false
		}
	}
	if count > 0 {
		return matchOff, true
	}
	return 0, false
}

// lineCommentCol returns the column of a // comment on the line, or a
// large value when there is none (Vim's check_linecomment()).
func lineCommentCol(line string) int {
	for i := 0; i+1 < len(line); i++ {
		if line[i] == '/' && line[i+1] == '/' && (i == 0 || line[i-1] != '*' || i+2 >= len(line) || line[i+2] != '*') && !inString(line, i) {
			return i
		}
	}
	return 1 << 30
}

// inString reports whether col is inside a double-quoted string of line.
func inString(line string, col int) bool {
	in := false
	for i := 0; i < col && i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			in = !in
		}
	}
	return in
}

// Values of matcher quote state, as Vim's TRUE/FALSE/MAYBE.
const (
	qFalse = iota
	qTrue
	qMaybe
)

// run is the bracket-matching loop of findmatchlimit(): it moves one
// character at a time and counts brackets, skipping quoted text unless
// cpoMatch is set.
func (m *matcher) run() (int, bool) {
	c := m.c
	count := 0
	doQuotes := -1
	startInQuotes := qMaybe
	inquote := false
	for {
		if m.backwards {
			if c.col == 0 {
				if !c.prevLine() {
					return 0, false
				}
				doQuotes = -1
			} else {
				c.col--
			}
		} else {
			if c.col >= len(c.line) {
				if !c.nextLine() {
					return 0, false
				}
				doQuotes = -1
			} else {
				c.col++
			}
		}
		if m.cpoMatch {
			doQuotes = 0
		} else if doQuotes == -1 {
			doQuotes, inquote, startInQuotes = m.countQuotes(startInQuotes, inquote)
		}
		if startInQuotes == qMaybe {
			startInQuotes = qFalse
		}
		b := c.at(c.col)
		switch b {
		case 0:
			if c.col >= len(c.line) {
				if c.col == 0 || c.at(c.col-1) != '\\' {
					inquote = false
					startInQuotes = qFalse
				}
				continue
			}
		case '"':
			if doQuotes != 0 && c.backslashesBefore(c.col)%2 == 0 {
				inquote = !inquote
				startInQuotes = qFalse
			}
			continue
		case '\'':
			if !m.cpoMatch && m.skipCharLiteral() {
				continue
			}
		}
		if (!inquote || startInQuotes == qTrue) && (b == m.initc || b == m.findc) {
			if (c.backslashesBefore(c.col)%2 == 1) == m.escaped {
				if b == m.initc {
					count++
				} else {
					if count == 0 {
						return c.off(), true
					}
					count--
				}
			}
		}
	}
}

// skipCharLiteral skips a character literal like 'x' or '\x' around a
// single quote; it reports whether it moved.
func (m *matcher) skipCharLiteral() bool {
	c := m.c
	col := c.col
	if m.backwards {
		if col > 1 {
			if c.at(col-2) == '\'' {
				c.col -= 2
				return true
			}
			if c.at(col-2) == '\\' && col > 2 && c.at(col-3) == '\'' {
				c.col -= 3
				return true
			}
		}
		return false
	}
	if c.at(col+1) != 0 {
		if c.at(col+1) == '\\' && c.at(col+2) != 0 && c.at(col+3) == '\'' {
			c.col += 3
			return true
		}
		if c.at(col+2) == '\'' {
			c.col += 2
			return true
		}
	}
	return false
}

// countQuotes decides, when entering a line, whether quotes on it are
// tracked: only when the line holds an even number of double quotes (not
// counting \" and '"'), or when it or the previous line ends in a
// backslash (a string continued across lines).
func (m *matcher) countQuotes(startInQuotes int, inquote bool) (int, bool, int) {
	c := m.c
	line := c.line
	dq := -1
	atStart := -1
	bw := 0
	if m.backwards {
		bw = 1
	}
	for i := 0; i < len(line); i++ {
		if i == c.col+bw {
			atStart = dq & 1
		}
		if line[i] == '"' && (i == 0 || line[i-1] != '\'' || i+1 >= len(line) || line[i+1] != '\'') {
			dq++
		}
		if line[i] == '\\' && i+1 < len(line) {
			i++
		}
	}
	doQuotes := dq & 1
	if doQuotes == 0 {
		inquote = false
		if len(line) > 0 && line[len(line)-1] == '\\' {
			doQuotes = 1
			if startInQuotes == qMaybe {
				inquote = true
				startInQuotes = qTrue
			} else if m.backwards {
				inquote = true
			}
		}
		if c.ls > 0 {
			pe := c.ls - 1
			if pe > 0 && c.t.at(pe-1) == '\\' {
				doQuotes = 1
				if startInQuotes == qMaybe {
					inquote = atStart != 0
					if inquote {
						startInQuotes = qTrue
					}
				} else if !m.backwards {
					inquote = true
				}
			}
		}
	}
	return doQuotes, inquote, startInQuotes
}
