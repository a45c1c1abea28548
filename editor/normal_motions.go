package editor

import (
	"unicode/utf8"

	"github.com/kjx-editor/kjx/editor/motion"
)

// motionKind is how an operator treats a motion's range (:h exclusive).
type motionKind uint8

const (
	exclusive motionKind = iota
	inclusive
	linewise
	blockwise
)

// mctx is the context a motion function gets and may adjust.
type mctx struct {
	e      *Editor
	name   string // the motion's key name
	cur    Pos
	count0 int // 0 when no count was typed
	count1 int
	arg    string
	op     string     // the pending operator, "" for a plain motion
	kind   motionKind // the motion's kind; a function may change it
	// wantEnd makes curswant stick to line ends ($); keepWant keeps it (j, k).
	wantEnd, keepWant bool
	// noAdjust suppresses the "exclusive at column 0" rule.
	noAdjust bool
	// moveAnyway is set by a motion that failed (beep, no operator) after
	// moving the cursor, as Vim's b and ge do at the start of the text.
	moveAnyway bool
}

// motionDef describes one motion.
type motionDef struct {
	kind motionKind
	arg  bool // takes a character argument
	jump bool // sets the ' mark
	fn   func(m *mctx) (Pos, bool)
}

var motions map[string]motionDef

func init() {
	motions = map[string]motionDef{
		"h": {exclusive, false, false, mLeft}, "<Left>": {exclusive, false, false, mLeft},
		"<C-h>": {exclusive, false, false, mBackWrap}, "<BS>": {exclusive, false, false, mBackWrap},
		"l": {exclusive, false, false, mRight}, "<Right>": {exclusive, false, false, mRight},
		" ": {exclusive, false, false, mSpaceWrap},
		"j": {linewise, false, false, mDown}, "<Down>": {linewise, false, false, mDown},
		"<NL>": {linewise, false, false, mDown}, "<C-n>": {linewise, false, false, mDown},
		"k": {linewise, false, false, mUp}, "<Up>": {linewise, false, false, mUp},
		"<C-p>": {linewise, false, false, mUp},
		"+":     {linewise, false, false, mDownFirst}, "<CR>": {linewise, false, false, mDownFirst},
		"-": {linewise, false, false, mUpFirst}, "_": {linewise, false, false, mLineFirst},
		"0": {exclusive, false, false, mCol0}, "<Home>": {exclusive, false, false, mCol0},
		"^": {exclusive, false, false, mFirstNonBlank},
		"$": {inclusive, false, false, mEnd}, "<End>": {inclusive, false, false, mEnd},
		"g_": {inclusive, false, false, mLastNonBlank},
		"|":  {exclusive, false, false, mColumn},
		"w":  {exclusive, false, false, mWord}, "W": {exclusive, false, false, mWord},
		"b": {exclusive, false, false, mWordBack}, "B": {exclusive, false, false, mWordBack},
		"e": {inclusive, false, false, mWordEnd}, "E": {inclusive, false, false, mWordEnd},
		"ge": {inclusive, false, false, mWordEndBack}, "gE": {inclusive, false, false, mWordEndBack},
		"gg": {linewise, false, true, mGotoLine}, "G": {linewise, false, true, mGotoLine}, "go": {exclusive, false, true, mGotoByte},
		"f": {inclusive, true, false, mFind}, "t": {inclusive, true, false, mFind},
		"F": {exclusive, true, false, mFind}, "T": {exclusive, true, false, mFind},
		";": {inclusive, false, false, mFindRepeat}, ",": {inclusive, false, false, mFindRepeat},
		"%": {inclusive, false, true, mPercent},
		"}": {exclusive, false, true, mParagraph}, "{": {exclusive, false, true, mParagraph},
		")": {exclusive, false, true, mSentence}, "(": {exclusive, false, true, mSentence},
		"H": {linewise, false, true, mWindowLine}, "M": {linewise, false, true, mWindowLine},
		"L": {linewise, false, true, mWindowLine},
		"'": {linewise, true, true, mMark}, "`": {exclusive, true, true, mMark},
		"n": {exclusive, false, true, mSearchNext}, "N": {exclusive, false, true, mSearchNext},
		"*": {exclusive, false, true, mStar}, "#": {exclusive, false, true, mStar},
		"g*": {exclusive, false, true, mStar}, "g#": {exclusive, false, true, mStar},
		"/": {exclusive, false, true, nil}, "?": {exclusive, false, true, nil},
	}
}

// line is the text of the cursor line.
func (m *mctx) line() string { return lineText(m.e.text(), m.cur.Line) }

func mLeft(m *mctx) (Pos, bool) {
	line := m.line()
	if m.cur.Col == 0 {
		// With an operator Vim beeps but still applies it (to nothing).
		return m.cur, m.op != ""
	}
	col := m.cur.Col
	for i := 0; i < m.count1 && col > 0; i++ {
		col = prevCol(line, col)
	}
	return Pos{Line: m.cur.Line, Col: col}, true
}

func mRight(m *mctx) (Pos, bool) {
	// In Visual mode (and with an operator) l may go onto the line end.
	past := m.op != "" || m.e.mode.visual()
	col, moved, ok := rightFast(m, past)
	if !ok {
		line := m.line()
		col, moved, _ = stepRight(func(c int) (int, bool) { return nextCol(line, c), true }, len(line), m.cur.Col, m.count1, past)
	}
	// With an operator Vim never cancels l: on an empty line it applies to
	// nothing (x on an empty line still saves for undo).
	return Pos{Line: m.cur.Line, Col: col}, moved || m.op != ""
}

// vertical moves to line l at the desired display column.
func (m *mctx) vertical(l int) Pos {
	m.keepWant = true
	want := m.e.wantColumn()
	line := lineText(m.e.text(), l)
	vis := m.e.mode.visual()
	if want >= maxCol {
		if vis {
			return Pos{Line: l, Col: len(line)}
		}
		return Pos{Line: l, Col: lastCharCol(line)}
	}
	// Visual mode lets the cursor stop on the line end (Vim's coladvance).
	return Pos{Line: l, Col: colAtDisplay(line, want, m.e.opt.TabStop, vis)}
}

func mDown(m *mctx) (Pos, bool) {
	n := lineCount(m.e.text())
	if m.cur.Line >= n-1 {
		return m.cur, false
	}
	l := m.cur.Line + m.count1
	if l > n-1 {
		l = n - 1
	}
	return m.vertical(l), true
}

func mUp(m *mctx) (Pos, bool) {
	if m.cur.Line == 0 {
		return m.cur, false
	}
	l := m.cur.Line - m.count1
	if l < 0 {
		l = 0
	}
	return m.vertical(l), true
}

func (m *mctx) firstNonBlankOf(l int) Pos {
	return Pos{Line: l, Col: firstNonBlank(lineText(m.e.text(), l))}
}

// downLine is Vim's cursor_down(n): it fails only when the cursor is
// already on the last line (and n > 0); otherwise it stops at the last line.
func (m *mctx) downLine(n int) (int, bool) {
	last := lineCount(m.e.text()) - 1
	if n > 0 && m.cur.Line >= last {
		return m.cur.Line, false
	}
	return min(m.cur.Line+n, last), true
}

// upLine is Vim's cursor_up(n): it fails only on the first line.
func (m *mctx) upLine(n int) (int, bool) {
	if n > 0 && m.cur.Line == 0 {
		return 0, false
	}
	return max(m.cur.Line-n, 0), true
}

func mDownFirst(m *mctx) (Pos, bool) {
	l, ok := m.downLine(m.count1)
	return m.firstNonBlankOf(l), ok
}

func mUpFirst(m *mctx) (Pos, bool) {
	l, ok := m.upLine(m.count1)
	return m.firstNonBlankOf(l), ok
}

func mLineFirst(m *mctx) (Pos, bool) {
	l, ok := m.downLine(m.count1 - 1)
	return m.firstNonBlankOf(l), ok
}

func mCol0(m *mctx) (Pos, bool) { return Pos{Line: m.cur.Line}, true }

func mFirstNonBlank(m *mctx) (Pos, bool) { return m.firstNonBlankOf(m.cur.Line), true }

func mEnd(m *mctx) (Pos, bool) {
	m.wantEnd = true // Vim's nv_dollar sets curswant even when it then fails
	l, ok := m.downLine(m.count1 - 1)
	if !ok {
		return m.cur, false
	}
	line := lineText(m.e.text(), l)
	if m.e.mode.visual() {
		// In Visual mode $ goes onto the line end: the line break is selected.
		return Pos{Line: l, Col: len(line)}, true
	}
	return Pos{Line: l, Col: lastCharCol(line)}, true
}

func mLastNonBlank(m *mctx) (Pos, bool) {
	l, ok := m.downLine(m.count1 - 1)
	if !ok {
		return m.cur, false
	}
	r := m.e.text()
	off := motion.LineLastNonBlank(r, l)
	return Pos{Line: l, Col: off - lineStart(r, l)}, true
}

// mColumn is |: the cursor goes to the character covering column count,
// and curswant becomes that column even when the character (a tab, a
// wide or escaped character) starts before it, as Vim's nv_pipe does.
func mColumn(m *mctx) (Pos, bool) {
	line := m.line()
	m.e.win.wantCol = m.count1 - 1
	m.keepWant = true
	return Pos{Line: m.cur.Line, Col: colAtDisplay(line, m.count1-1, m.e.opt.TabStop, false)}, true
}

func (m *mctx) big() bool {
	switch m.name {
	case "W", "B", "E", "gE":
		return true
	}
	return false
}

func mWord(m *mctx) (Pos, bool) {
	r := m.e.text()
	off := posToOff(r, m.cur)
	big := m.big()
	if m.op == "c" {
		if l := m.line(); m.cur.Col < len(l) && l[m.cur.Col] != ' ' && l[m.cur.Col] != '\t' {
			// cw on a word is ce (:h cw).
			m.kind = inclusive
			return changeWordEnd(m, off, big)
		}
	}
	if m.op != "" {
		// With an operator a failing w still applies to what it moved over.
		p, _ := motion.WordForwardRaw(r, off, m.count1, big, true)
		return offToPos(r, p), true
	}
	if m.e.mode.visual() {
		p, ok := motion.WordForwardRaw(r, off, m.count1, big, false)
		return rawWordMove(m, p, ok)
	}
	p := motion.WordForward(r, off, m.count1, big)
	if p == off {
		return m.cur, false
	}
	return offToPos(r, p), true
}

// rawWordMove is where w, W, e and E leave the cursor in Visual mode:
// Vim moves it back from a line's NUL only outside Visual mode
// (adjust_cursor), so at the end of the text a failing motion beeps with
// the cursor past the last character, and the selection (blockwise too)
// reaches there.
func rawWordMove(m *mctx, off int, ok bool) (Pos, bool) {
	m.moveAnyway = !ok
	return offToPos(m.e.text(), off), ok
}

// changeWordEnd is the end of cw on a non-blank: like e, but staying on
// the current word's last character for the first count.
func changeWordEnd(m *mctx, off int, big bool) (Pos, bool) {
	r := m.e.text()
	if off > 0 {
		p, _ := motion.WordEndRaw(r, off-1, m.count1, big)
		return offToPos(r, max(p, off)), true
	}
	line := m.line()
	n := nextCol(line, 0)
	if n < len(line) && sameClass(line[:n], line[n:nextCol(line, n)], big) {
		p, _ := motion.WordEndRaw(r, 0, m.count1, big)
		return offToPos(r, p), true
	}
	if m.count1 == 1 {
		return m.cur, true
	}
	p, _ := motion.WordEndRaw(r, 0, m.count1-1, big)
	return offToPos(r, p), true
}

// sameClass reports whether two clusters are in the same word class.
func sameClass(a, b string, big bool) bool { return wordClass(a, big) == wordClass(b, big) }

func wordClass(c string, big bool) int {
	r, _ := utf8.DecodeRuneInString(c)
	switch {
	case r == ' ' || r == '\t':
		return 0
	case big:
		return 1
	case motion.IsWordChar(r):
		return 2
	}
	return 1
}

func mWordBack(m *mctx) (Pos, bool) {
	r := m.e.text()
	p, ok := motion.WordBackwardRaw(r, posToOff(r, m.cur), m.count1, m.big())
	m.moveAnyway = !ok
	return offToPos(r, p), ok
}

func mWordEnd(m *mctx) (Pos, bool) {
	r := m.e.text()
	off := posToOff(r, m.cur)
	p, ok := motion.WordEndRaw(r, off, m.count1, m.big())
	if m.op == "" && m.e.mode.visual() {
		return rawWordMove(m, p, ok)
	}
	if !ok && m.op == "" {
		// e at the end of the text beeps but keeps what it moved over.
		m.moveAnyway = true
		return offToPos(r, motion.WordEnd(r, off, m.count1, m.big())), false
	}
	return offToPos(r, p), true
}

func mWordEndBack(m *mctx) (Pos, bool) {
	r := m.e.text()
	p, ok := motion.WordEndBackwardRaw(r, posToOff(r, m.cur), m.count1, m.big())
	m.moveAnyway = !ok
	return offToPos(r, p), ok
}

func mGotoLine(m *mctx) (Pos, bool) {
	n := lineCount(m.e.text())
	l := 0
	switch {
	case m.count0 > 0:
		l = m.count0 - 1
	case m.name == "G":
		l = n - 1
	}
	if l > n-1 {
		l = n - 1
	}
	if !m.e.opt.StartOfLine {
		return m.vertical(l), true
	}
	return m.firstNonBlankOf(l), true
}
