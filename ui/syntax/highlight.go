package syntax

import (
	"slices"

	"github.com/alecthomas/chroma/v2"
	"github.com/kjx-editor/kjx/buffer"
)

// Limits of the highlighter (see the package documentation).
const (
	// MaxCol is how many bytes of a line are lexed, like Vim's
	// 'synmaxcol' default.
	MaxCol = 3000
	// MaxBytes bounds the text lexed: only the lines that start within
	// the first MaxBytes bytes are coloured.
	MaxBytes = 4 << 20
	// firstWindow and maxWindow bound the lines of one step; windows
	// double from the first to the largest, so that the lines on screen
	// are coloured quickly and a long text is lexed at full speed.
	firstWindow = 128
	maxWindow   = 4096
	// maxWindowBytes bounds the bytes of one step.
	maxWindowBytes = 256 << 10
	// fallbackMaxBytes bounds the text of a lexer that cannot be resumed
	// (it is lexed from the start after every change).
	fallbackMaxBytes = 256 << 10
)

// Span colours the bytes of a line from Start up to the next span's Start
// (or the end of the line) as a token of type Type; chroma.None means not
// coloured.
type Span struct {
	Start int32
	Type  chroma.TokenType
}

// Line is the lexed form of one line.
type Line struct {
	// Spans are the line's tokens, in order; nil when not lexed.
	Spans []Span
	// start is the checkpoint at the line's start (-1: none known).
	start int32
}

// Highlighter keeps the tokens of one text as it changes. It is not safe
// for concurrent use: the Worker owns it; readers get Results.
type Highlighter struct {
	lx    *resumable
	base  chroma.Lexer // lexed from the start when lx is nil
	text  buffer.Rope
	lines []Line // the lines to lex: [0, limit)
	// valid lines have their right tokens and start checkpoint; lines at
	// or after dirtyEnd keep tokens that are right for the text after
	// them, so meeting their recorded start state ends a re-lex.
	valid, dirtyEnd int
	limited         bool // lines past len(lines) are not lexed
	window          int
	// Relexed counts the lines lexed since the Highlighter was made
	// (tests and benchmarks read it).
	Relexed int
}

// NewHighlighter returns a highlighter that lexes with lexer.
func NewHighlighter(lexer chroma.Lexer) *Highlighter {
	return newLexerInfo(lexer).highlighter()
}

// lexerInfo is a lexer and, when it can be resumed, its rebuilt form; the
// highlighters of one goroutine may share it.
type lexerInfo struct {
	base chroma.Lexer
	lx   *resumable
}

func newLexerInfo(lexer chroma.Lexer) *lexerInfo {
	li := &lexerInfo{base: lexer}
	if lx, err := newResumable(lexer); err == nil {
		li.lx = lx
	}
	return li
}

func (li *lexerInfo) highlighter() *Highlighter {
	return &Highlighter{base: li.base, lx: li.lx, window: firstWindow}
}

// maxBytes is the limit of lexed text for this lexer.
func (h *Highlighter) maxBytes() int {
	if h.lx == nil {
		return fallbackMaxBytes
	}
	return MaxBytes
}

// SetText makes t the text to colour. The lines the change from the
// previous text left alone keep their tokens; Step lexes the others. It
// reports whether t differs from the previous text.
func (h *Highlighter) SetText(t buffer.Rope) bool {
	old := h.text
	var p, s int
	if h.lines != nil {
		if p, s = commonEnds(old, t); p == old.Len() && p == t.Len() {
			return false
		}
	}
	h.text = t
	n := t.Newlines() + 1
	limit := n
	if t.Len() > h.maxBytes() {
		limit = t.LineOf(h.maxBytes()) + 1 // the lines that start within the limit
	}
	h.limited = limit < n
	switch {
	case h.lines == nil, h.lx == nil:
		// The first text, or no checkpoints: everything is lexed.
		h.lines = resize(h.lines[:0], limit)
		h.lines[0].start = 0
		h.valid, h.dirtyEnd = 0, limit
		h.window = firstWindow
	default:
		a := old.LineOf(p)
		e1, e2 := old.LineOf(old.Len()-s), t.LineOf(t.Len()-s)
		h.splice(a, e1, e2, limit)
	}
	return true
}

// splice replaces the stored lines [a, e1] by e2-a+1 unknown lines and
// makes the slice limit long.
func (h *Highlighter) splice(a, e1, e2, limit int) {
	old := h.lines
	if a >= len(old) {
		h.lines = resize(old, limit)
		h.dirtyEnd = min(h.dirtyEnd, len(old))
		h.valid = min(h.valid, len(old))
		h.window = firstWindow
		return
	}
	changed := make([]Line, e2-a+1)
	for i := range changed {
		changed[i].start = -1
	}
	changed[0].start = old[a].start // the change is after the line's start
	// In place: typing moves the lines after the change at most.
	h.lines = resize(slices.Replace(old, a, min(e1+1, len(old)), changed...), limit)
	h.valid = min(h.valid, a)
	if a > 0 {
		// The line before is lexed again too: a match that starts on it
		// may look past its end (Markdown's emphasis starts with the
		// blank before it, the line break), so line a's start checkpoint
		// can depend on the changed text.
		h.lines[a].start = -1
		h.valid = min(h.valid, a-1)
	}
	if h.dirtyEnd > e1 {
		h.dirtyEnd += e2 - e1
	} else {
		h.dirtyEnd = e2 + 1
	}
	h.dirtyEnd = min(max(h.dirtyEnd, e2+1), limit)
	h.window = firstWindow
}

// resize makes lines n long, new lines unknown.
func resize(lines []Line, n int) []Line {
	if len(lines) >= n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, Line{start: -1})
	}
	return lines
}

// Done reports whether every line to lex has its right tokens.
func (h *Highlighter) Done() bool { return h.valid >= len(h.lines) }

// Step lexes one window of lines and reports whether the work is done.
func (h *Highlighter) Step() bool {
	if h.Done() {
		return true
	}
	k := h.restart()
	end := min(len(h.lines), max(h.valid, k)+h.window)
	w := buildWindow(h.text, k, end, h.lx == nil)
	end = k + len(w.lines)
	trusted := end
	if end < len(h.lines) {
		trusted = end - (end-k)/4
		if trusted <= h.valid {
			// A token longer than the window: trust it all rather
			// than make no progress.
			trusted = end
		}
	}
	reached := h.lexWindow(w, k, trusted)
	if reached <= h.valid && !h.Done() {
		// No progress (a lexer without checkpoints, past the window's
		// reach): stop colouring here.
		h.lines = h.lines[:max(h.valid, 1)]
		h.limited = true
		h.valid = len(h.lines)
	} else if !h.Done() {
		h.valid = reached
	}
	h.dirtyEnd = max(h.dirtyEnd, h.valid)
	if h.Done() {
		h.dirtyEnd = 0 // every line is right for the whole text
	}
	h.window = min(h.window*2, maxWindow)
	return h.Done()
}

// restart returns the last line at or before the first line not known to
// be right whose start state is known.
func (h *Highlighter) restart() int {
	k := min(h.valid, len(h.lines)-1)
	for k > 0 && h.lines[k].start < 0 {
		k--
	}
	if h.lx == nil {
		return 0
	}
	return k
}

// Result returns an immutable copy of the highlighter's state.
func (h *Highlighter) Result() *Result {
	return &Result{Text: h.text, Lines: append([]Line(nil), h.lines...), Valid: h.valid, Limited: h.limited}
}
