package editor

import (
	"slices"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// Runs of keys in Insert mode done as one change. Vim inserts the ordinary
// characters that wait in the typeahead at once (its insertchar() takes
// the rest of them in one go); kjx does the same for a run of plain
// characters and for a run of <BS> that stays within the cursor's line.
// The result is the one the keys give one by one: the text, the cursor,
// the undo block, and the keys . and ". repeat (insert_run_test.go
// compares both ways on random sessions). Typing at a terminal delivers
// one key at a time; the runs come from :normal, -S and -s scripts,
// macros and pastes.

// insertRun runs the keys at the head of q that form one run, and returns
// how many it ran (0: the first key is not one a run starts with, or a
// run of one; the caller dispatches it as usual).
func (e *Editor) insertRun(q []queued) int {
	if e.mode != ModeInsert || e.ins == nil || e.ins.literal || e.ins.regWait || e.ins.oneCmd || e.noInsertRuns {
		return 0
	}
	if e.interrupt.Load() {
		return 0 // the key by key path drops what an interrupt drops
	}
	if q[0].typed && (e.recording != 0 || len(e.maps.held) > 0 || len(e.mapTable(ModeInsert)) > 0) {
		return 0 // typed keys may start a mapping or be recorded one by one
	}
	e.reserveKeys(q)
	switch {
	case runChar(q[0].k):
		return e.insertCharRun(q)
	case runBackspace(q[0].k):
		return e.backspaceRun(q)
	}
	return 0
}

// queuedInsertRun runs a run of Insert-mode keys at the head of the
// queue, counting them as read keys (see drain), and reports whether it
// did.
func (e *Editor) queuedInsertRun() bool {
	n := e.insertRun(e.queue)
	if n == 0 {
		return false
	}
	if q := e.queue[0]; q.typed || q.scriptin {
		e.keyTick += n
	}
	e.queue = e.queue[n:]
	return true
}

// runLength is the number of keys at the head of q that are like q[0]
// (the same source) and satisfy is, which is called in order and not
// after it first returns false.
func runLength(q []queued, is func(Key) bool) int {
	n := 0
	for n < len(q) && q[n].typed == q[0].typed && q[n].scriptin == q[0].scriptin && q[n].nomap == q[0].nomap && is(q[n].k) {
		n++
	}
	return n
}

// reserveKeys sizes the session's key record once when a long queue feeds
// it (a file pasted in one :normal line): for the keys up to the first
// <Esc> of the queue and of the :normal argument not yet read into it,
// so that recording them allocates once, not at every doubling.
func (e *Editor) reserveKeys(q []queued) {
	in := e.ins
	rest := e.normBuf.rest
	if in.reserved || in.replay || len(q)+len(rest) <= maxKeptKeys {
		return
	}
	in.reserved = true
	n := 0
	for n < len(q) && q[n].k.Code != KeyEsc {
		n++
	}
	if n == len(q) {
		if i := strings.IndexByte(rest, 0x1b); i >= 0 {
			rest = rest[:i]
		}
		n += len(rest) // a rune's record is its UTF-8 encoding (keyLog)
	}
	in.keys = slices.Grow(in.keys, n+1) // +1: finishInsert appends the <Esc>
}

// runChar reports whether k inserts itself as text.
func runChar(k Key) bool { return k.Plain() && k.Rune >= ' ' && k.Rune != 0x7f }

// runBackspace reports whether k is <BS>.
func runBackspace(k Key) bool { return k.Code == KeyBackspace || k.IsCtrl('h') }

// insertCharRun inserts a run of plain characters at once.
func (e *Editor) insertCharRun(q []queued) int {
	n := runLength(q, runChar)
	if n < 2 {
		return 0
	}
	var b strings.Builder
	b.Grow(n)
	for _, x := range q[:n] {
		e.recordInsert(x.k)
		b.WriteRune(x.k.Rune)
	}
	e.insertTyped(b.String())
	return n
}

// backspaceRun deletes for a run of <BS> the characters before the cursor
// that each <BS> would delete on its own, up to the start of the line (a
// <BS> there joins lines and goes key by key), and only where no
// 'softtabstop' groups spaces.
func (e *Editor) backspaceRun(q []queued) int {
	if e.softTab() != 0 {
		return 0
	}
	cur, in := e.win.cur, e.ins
	limit := 0 // the column a <BS> stops at
	if !e.backspaceAllowed("start") {
		if cur.Line < in.start.Line {
			return 0
		}
		if cur.Line == in.start.Line {
			limit = in.start.Col
		}
	}
	r := e.text()
	back := newColWalker(r, cur.Line, cur.Col)
	col, first := cur.Col, -1
	// Only the keys up to the line start count: the rest of a long run
	// is looked at again after the join, so the run is never rescanned.
	m := runLength(q, func(k Key) bool {
		if !runBackspace(k) || col <= limit {
			return false
		}
		col = back.prevCol(col)
		if first < 0 {
			first = col
		}
		return true
	})
	if m < 2 {
		return 0
	}
	// The first <BS> is a change of its own, as when typed, and the rest
	// one change that merges with it: the undo record gets the same
	// change and line entry as from the keys one by one.
	ls := lineStart(r, cur.Line)
	rest := r.SliceString(ls+col, ls+first)
	e.apply(ls+first, e.text().SliceString(ls+first, ls+cur.Col), "")
	e.apply(ls+col, rest, "")
	e.win.cur.Col = col
	for _, x := range q[:m] {
		e.recordInsert(x.k)
	}
	return m
}

// colWalker finds the character columns before a column of one line, as
// ropePrevCol does. It first reads the bytes just before the column onto
// the stack, enough for a run of <BS> over ASCII text; only where they do
// not settle a column does it read a window of the line, which grows as
// the walk needs more (not a new window per step).
type colWalker struct {
	r           buffer.Rope
	ls, n, from int
	size        int // of w; 0 before w is read
	w           lineWindow
	near        [nearWalk + 1]byte // bytes nearLo.. of the line
	nearLo      int
	nearLen     int
}

// nearWalk is how many bytes before the column colWalker reads first.
const nearWalk = 63

func newColWalker(r buffer.Rope, l, from int) colWalker {
	ls, le := r.LineBounds(l)
	c := colWalker{r: r, ls: ls, n: le - ls, from: from}
	c.nearLo = max(from-nearWalk, 0)
	c.nearLen = len(r.AppendSlice(c.near[:0], ls+c.nearLo, ls+min(from+1, c.n)))
	return c
}

// nearPrevCol is prevCol's fast path: col-1 when the bytes around it
// are ASCII (as ropePrevCol's).
func (c *colWalker) nearPrevCol(col int) (int, bool) {
	i := col - c.nearLo
	if col < 2 || i-2 < 0 || (col < c.n && i >= c.nearLen) {
		return 0, false
	}
	if asciiPrevCol(c.near[:c.nearLen], c.nearLo, col, col == c.n) {
		return col - 1, true
	}
	return 0, false
}

// prevCol is ropePrevCol(r, l, col) for a col at or before from.
func (c *colWalker) prevCol(col int) int {
	if p, ok := c.nearPrevCol(col); ok {
		return p
	}
	if c.size == 0 {
		c.size = fastWindow
		c.w = ropeWindow(c.r, c.ls, c.n, c.from, c.size)
	}
	for {
		if p, ok := c.w.prevColW(col); ok || c.size >= c.n {
			if !ok {
				p, _ = fullWindow(c.r.SliceString(c.ls, c.ls+c.n)).prevColW(col)
			}
			return p
		}
		c.size *= 4
		c.w = ropeWindow(c.r, c.ls, c.n, c.from, c.size)
	}
}
