package syntax

import (
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/kjx-editor/kjx/buffer"
)

// window is the text one step lexes: lines of the rope, each cut at
// MaxCol and ended by '\n'.
type window struct {
	text  string
	lines []winLine
	runes int // runes in text
}

// winLine is one line of a window.
type winLine struct {
	byteStart int // offset in window.text
	runeStart int // runes before the line in window.text
	n         int // bytes of the line in the window (without its '\n')
	cut       bool
}

// buildWindow reads lines [k, end) of r; unless whole, it stops early
// once it holds maxWindowBytes (at least one line).
func buildWindow(r buffer.Rope, k, end int, whole bool) window {
	var b strings.Builder
	var w window
	runes := 0
	for line := k; line < end; line++ {
		if !whole && b.Len() >= maxWindowBytes && line > k {
			break
		}
		a, e := r.LineStart(line), r.LineEnd(line)
		cut := false
		if e-a > MaxCol {
			e, cut = a+MaxCol, true
			for e > a && !utf8.RuneStart(r.ByteAt(e)) {
				e--
			}
		}
		s := r.SliceString(a, e)
		w.lines = append(w.lines, winLine{byteStart: b.Len(), runeStart: runes, n: len(s), cut: cut})
		b.WriteString(s)
		b.WriteByte('\n')
		runes += utf8.RuneCountInString(s) + 1
	}
	w.text = b.String()
	w.runes = runes
	return w
}

// walker turns a token stream into the Spans of a window's lines.
type walker struct {
	h       *Highlighter
	w       window
	k       int // the window's first line
	trusted int // lines from here on are not stored
	li      int // the window line being filled
	spans   []Span
	bytePos int
	runePos int
	marks   []mark
	mi      int
	stop    bool // converged, or the trusted lines are done
	reached int  // lines [k, reached) were stored
}

// lexWindow lexes w (lines from k) and stores the tokens of its lines
// before trusted; it returns the first line not stored, or len(h.lines)
// when it met the old tokens again.
func (h *Highlighter) lexWindow(w window, k, trusted int) int {
	var it chroma.Iterator
	var err error
	if h.lx != nil {
		it, err = h.lx.tokenise(w.text, h.lines[k].start)
	} else {
		it, err = h.base.Tokenise(&chroma.TokeniseOptions{State: "root"}, w.text)
	}
	wk := &walker{h: h, w: w, k: k, trusted: trusted, reached: k}
	if err != nil {
		return wk.plainRest()
	}
	prevEnd := 0
	for !wk.stop {
		tok := it()
		var ends []int
		if h.lx != nil {
			ends = h.lx.ends
			h.lx.ends = h.lx.ends[:0]
			wk.marks = h.lx.marks
		}
		if tok == chroma.EOF {
			break
		}
		if len(ends) > 0 {
			// The token is the first of the last match; that match
			// started where the one before it ended.
			start := prevEnd
			if len(ends) > 1 {
				start = ends[len(ends)-2]
			}
			prevEnd = ends[len(ends)-1]
			if start > wk.runePos {
				wk.colour(start-wk.runePos, "", chroma.None)
			}
		}
		wk.colour(utf8.RuneCountInString(tok.Value), tok.Value, tok.Type)
	}
	if !wk.stop {
		return wk.plainRest()
	}
	return wk.reached
}

// plainRest stores the window's remaining lines without tokens.
func (wk *walker) plainRest() int {
	for !wk.stop && wk.li < len(wk.w.lines) {
		wk.finishLine()
	}
	return wk.reached
}

// colour gives the next n runes (whose text is val, when known) type t.
func (wk *walker) colour(n int, val string, t chroma.TokenType) {
	text := wk.w.text
	b0 := wk.bytePos
	var b1 int
	if val != "" && strings.HasPrefix(text[b0:], val) {
		b1 = b0 + len(val)
	} else {
		b1 = b0
		for i := 0; i < n && b1 < len(text); i++ {
			_, size := utf8.DecodeRuneInString(text[b1:])
			b1 += size
		}
	}
	wk.bytePos, wk.runePos = b1, wk.runePos+n
	if t == chroma.Error {
		t = chroma.None // unlexable input is not shouted at
	}
	for b0 < b1 && !wk.stop && wk.li < len(wk.w.lines) {
		l := wk.w.lines[wk.li]
		lineEnd := l.byteStart + l.n
		if b0 < lineEnd {
			wk.add(int32(b0-l.byteStart), t)
		}
		if b1 <= lineEnd {
			return
		}
		wk.finishLine()
		b0 = lineEnd + 1
	}
}

// add starts a span at off unless the line's last span has type t.
func (wk *walker) add(off int32, t chroma.TokenType) {
	if n := len(wk.spans); n > 0 && wk.spans[n-1].Type == t {
		return
	}
	wk.spans = append(wk.spans, Span{Start: off, Type: t})
}

// finishLine stores the line being filled and the state at the next
// line's start, unless that meets the old state (converged).
func (wk *walker) finishLine() {
	h := wk.h
	l := wk.w.lines[wk.li]
	line := wk.k + wk.li
	if line >= wk.trusted {
		wk.stop = true
		return
	}
	spans := wk.spans
	if l.cut {
		spans = append(spans, Span{Start: int32(l.n), Type: chroma.None})
	}
	h.lines[line].Spans = append([]Span(nil), spans...)
	h.Relexed++
	wk.spans = wk.spans[:0]
	wk.li++
	wk.reached = line + 1
	next := line + 1
	if next >= len(h.lines) {
		wk.stop = next >= wk.trusted
		return
	}
	nextRune := wk.w.runes
	if wk.li < len(wk.w.lines) {
		nextRune = wk.w.lines[wk.li].runeStart
	}
	state := wk.markAt(nextRune)
	if next >= h.dirtyEnd && state >= 0 && state == h.lines[next].start {
		wk.reached = len(h.lines)
		wk.stop = true
		return
	}
	h.lines[next].start = state
	if next >= wk.trusted {
		wk.stop = true
	}
}

// markAt returns the checkpoint recorded at rune position pos, or -1.
func (wk *walker) markAt(pos int) int32 {
	for wk.mi < len(wk.marks) && wk.marks[wk.mi].pos < pos {
		wk.mi++
	}
	if wk.mi < len(wk.marks) && wk.marks[wk.mi].pos == pos {
		return wk.marks[wk.mi].stack
	}
	return -1
}
