package editor

import (
	"github.com/kjx-editor/kjx/editor/motion"
)

// findState is the last f/F/t/T, for ; and ,.
type findState struct {
	kind byte // 'f', 'F', 't' or 'T'
	ch   string
}

func mFind(m *mctx) (Pos, bool) {
	m.e.lastFind = findState{kind: m.name[0], ch: m.arg}
	return findInLine(m, m.name[0], m.arg, false)
}

func mFindRepeat(m *mctx) (Pos, bool) {
	f := m.e.lastFind
	if f.kind == 0 {
		return m.cur, false
	}
	kind := f.kind
	if m.name == "," {
		kind = map[byte]byte{'f': 'F', 'F': 'f', 't': 'T', 'T': 't'}[kind]
	}
	if kind == 'F' || kind == 'T' {
		m.kind = exclusive
	} else {
		m.kind = inclusive
	}
	return findInLine(m, kind, f.ch, true)
}

func findInLine(m *mctx, kind byte, ch string, repeat bool) (Pos, bool) {
	r := m.e.text()
	p, ok := motion.FindInLine(r, posToOff(r, m.cur), m.count1, kind, ch, repeat)
	if !ok {
		return m.cur, false
	}
	return offToPos(r, p), true
}

func mPercent(m *mctx) (Pos, bool) {
	r := m.e.text()
	if m.count0 > 0 {
		if m.count0 > 100 {
			return m.cur, false
		}
		n := lineCount(r)
		m.kind = linewise
		return m.firstNonBlankOf((m.count0*n+99)/100 - 1), true
	}
	p, lw, ok := motion.MatchPairRaw(r, posToOff(r, m.cur))
	if !ok {
		return m.cur, false
	}
	if lw {
		m.kind = linewise
	}
	return offToPos(r, p), true
}

// mParagraph is { and }.
func mParagraph(m *mctx) (Pos, bool) {
	r := m.e.text()
	off := posToOff(r, m.cur)
	find := motion.ParagraphBackwardRaw
	if m.name == "}" {
		find = motion.ParagraphForwardRaw
	}
	p, incl, ok := find(r, off, m.count1)
	if !ok {
		return m.cur, false
	}
	if incl {
		m.kind = inclusive
	}
	return offToPos(r, p), true
}

// mSentence is ( and ).
func mSentence(m *mctx) (Pos, bool) {
	r := m.e.text()
	off := posToOff(r, m.cur)
	var p int
	var ok bool
	if m.name == ")" {
		p, ok = motion.SentenceForwardRaw(r, off, m.count1)
	} else {
		p, ok = motion.SentenceBackwardRaw(r, off, m.count1)
	}
	if !ok {
		return m.cur, false
	}
	pos := offToPos(r, p)
	if l := lineText(r, pos.Line); pos.Col >= len(l) && l != "" && m.name == ")" {
		// A line end: back onto the last character, inclusive (adjust_cursor).
		pos.Col = lastCharCol(l)
		m.kind = inclusive
	}
	return pos, true
}

// mWindowLine is H, M and L.
func mWindowLine(m *mctx) (Pos, bool) {
	e := m.e
	n := lineCount(e.text())
	top := e.win.top
	bot := min(top+e.win.height-1, n-1)
	var l int
	switch m.name {
	case "H":
		l = top + m.count1 - 1
		if so := e.opt.ScrollOff; top > 0 && l < top+so {
			l = top + so
		}
	case "L":
		l = bot - m.count1 + 1
		if so := e.opt.ScrollOff; bot < n-1 && l > bot-so {
			l = bot - so
		}
	default:
		l = top + (bot-top)/2
	}
	l = min(max(l, top), bot)
	return m.firstNonBlankOf(l), true
}

func mMark(m *mctx) (Pos, bool) {
	p, ok := m.e.markPos(m.arg)
	if !ok {
		return m.cur, false
	}
	if m.name == "'" {
		return m.firstNonBlankOf(p.Line), true
	}
	return p, true
}

// textObjectRange selects a text object for operator op.
func (e *Editor) textObjectRange(obj string, count int, op string) (opRange, bool) {
	r := e.text()
	if obj[1:] == "<lt>" {
		obj = obj[:1] + "<"
	}
	rg, ok := motion.TextObject(r, posToOff(r, e.win.cur), obj, count, nil)
	if !ok {
		return opRange{}, false
	}
	start, end := offToPos(r, rg.Start), offToPos(r, rg.End)
	switch rg.Kind {
	case motion.Linewise:
		// End is the last line's end, which is its start when it is empty.
		return opRange{kind: linewise, start: start, end: end}, true
	case motion.Inclusive:
		if rg.End > rg.Start {
			last := offToPos(r, motion.PrevGrapheme(r, rg.End))
			return e.rangeFrom(start, last, inclusive, false, "", op), true
		}
	}
	// Vim's exclusive rules (:h exclusive) apply to text objects too.
	return e.rangeFrom(start, end, exclusive, false, "", op), true
}
