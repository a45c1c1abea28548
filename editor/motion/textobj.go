package motion

import "github.com/kjx-editor/kjx/buffer"

// Range is a span of text selected by a text object. For characterwise
// kinds it is the bytes [Start, End); Kind tells the editor how Vim treats
// it for an operator: Exclusive and Inclusive differ only for the
// ":h exclusive" adjustments the editor makes when End is at the start of a
// line (see the package documentation). A Linewise range covers whole
// lines: Start is the start of the first line and End the end of the last
// line (the offset of its '\n', or Len() for the last line of the text),
// so that an empty last line can be told apart from the line before it;
// the editor adds the line break itself.
type Range struct {
	Start, End int
	Kind       Kind
}

// Kind is Vim's motion type.
type Kind uint8

// Motion types.
const (
	Exclusive Kind = iota // the end position is not included
	Inclusive             // the end position is included
	Linewise              // whole lines
)

// String returns the name of the kind.
func (k Kind) String() string {
	switch k {
	case Exclusive:
		return "exclusive"
	case Inclusive:
		return "inclusive"
	case Linewise:
		return "linewise"
	}
	return "invalid"
}

// Visual is a Visual-mode selection as Vim keeps it: Anchor is where
// Visual mode started (Vim's VIsual) and Cursor the cursor, both cluster
// starts, where a line's NUL position (the offset of its '\n', or Len()) is
// allowed and means the selection includes the line break; Linewise is set
// in linewise Visual mode (V). The selection covers everything from the
// smaller to the larger position, both included.
type Visual struct {
	Anchor, Cursor int
	Linewise       bool
}

// set makes the selection anchor..cursor, characterwise, and reports
// success.
func (v *Visual) set(anchor, cursor int) (Range, bool) {
	v.Anchor, v.Cursor, v.Linewise = anchor, cursor, false
	return Range{}, true
}

// TextObject selects the text object obj around off, count times. obj is
// one of "iw", "aw", "iW", "aW", "is", "as", "ip", "ap", and for the
// bracket blocks "i(", "a(", "i)", "a)", "ib", "ab", "i[", "a[", "i]", "a]",
// "i{", "a{", "i}", "a}", "iB", "aB", "i<", "a<", "i>", "a>", and for quotes
// "i\"", "a\"", "i'", "a'", "i`", "a`".
//
// sel is nil in Operator-pending mode. In Visual mode it is the current
// selection [Start, End) with off the cursor at one of its ends: at Start
// when the cursor is before the anchor, else on the last cluster; a
// selection of a single cluster means Vim's "empty" Visual area, and a
// selection ending after a '\n' includes that line's NUL position. The
// result is then the new selection, even when ok is false (Vim may move the
// cursor before it fails); the cursor goes to the result's Start when it
// was at sel.Start of a selection of more than one cluster, else to the
// result's last cluster. This Range form cannot express a selection that
// includes the NUL position of the text's last line, nor the columns of
// linewise Visual mode: the editor's Visual mode should use
// TextObjectVisual, which keeps Vim's state exactly.
//
// ok is false when Vim fails (beeps).
func TextObject(r buffer.Rope, off int, obj string, count int, sel *Range) (Range, bool) {
	t := newText(r)
	off = t.start(off)
	count = max(count, 1)
	if sel == nil {
		return t.object(off, obj, count, nil)
	}
	vis := t.visualFrom(off, *sel)
	_, ok := t.object(off, obj, count, vis)
	return t.visualRange(vis), ok
}

// TextObjectVisual applies the text object obj count times in Visual mode,
// with Vim's exact state: it returns the new selection, and false when Vim
// beeps. Vim can move the cursor before it fails, so the returned selection
// is the one to show even then.
func TextObjectVisual(r buffer.Rope, v Visual, obj string, count int) (Visual, bool) {
	t := newText(r)
	v.Anchor = t.start(v.Anchor)
	v.Cursor = t.start(v.Cursor)
	_, ok := t.object(v.Cursor, obj, max(count, 1), &v)
	return v, ok
}

// visualRange converts a Visual state to a Range.
func (t *text) visualRange(v *Visual) Range {
	if v.Linewise {
		a, b := min(v.Anchor, v.Cursor), max(v.Anchor, v.Cursor)
		return Range{Start: t.lineStartOf(a), End: t.lineEndOf(b), Kind: Linewise}
	}
	return t.visRange(v.Anchor, v.Cursor)
}

// object dispatches a text object; vis is nil in Operator-pending mode.
func (t *text) object(off int, obj string, count int, vis *Visual) (Range, bool) {
	if len(obj) != 2 || (obj[0] != 'i' && obj[0] != 'a') {
		return Range{}, false
	}
	include := obj[0] == 'a'
	switch k := obj[1]; k {
	case 'w', 'W':
		return t.wordObject(off, count, include, k == 'W', vis)
	case 's':
		return t.sentenceObject(off, count, include, vis)
	case 'p':
		return t.paragraphObject(off, count, include, vis)
	case '(', ')', 'b':
		return t.blockObject(off, count, include, '(', ')', vis)
	case '[', ']':
		return t.blockObject(off, count, include, '[', ']', vis)
	case '{', '}', 'B':
		return t.blockObject(off, count, include, '{', '}', vis)
	case '<', '>':
		return t.blockObject(off, count, include, '<', '>', vis)
	case '"', '\'', '`':
		return t.quoteObject(off, count, include, k, vis)
	}
	return Range{}, false
}

// visualFrom converts a selection and cursor to Vim's anchor and cursor.
func (t *text) visualFrom(off int, sel Range) *Visual {
	s, e := t.start(sel.Start), clampInt(sel.End, 0, t.n)
	if sel.Kind == Linewise {
		// A Range keeps no columns for linewise Visual mode: on one line
		// the anchor is taken to be the cursor, else the start of the
		// other end's line (TextObjectVisual keeps the real positions).
		v := &Visual{Anchor: off, Cursor: off, Linewise: true}
		if t.lineStartOf(s) != t.lineStartOf(e) {
			if off >= t.lineStartOf(e) {
				v.Anchor = s
			} else {
				v.Anchor = t.lineStartOf(e)
			}
		}
		return v
	}
	if e <= s {
		return &Visual{Anchor: off, Cursor: off}
	}
	last := e - 1 // a selection ending after a '\n' ends on the line's NUL
	if t.at(last) != '\n' {
		last = t.start(last)
	}
	if off <= s && last > s {
		return &Visual{Anchor: last, Cursor: s}
	}
	return &Visual{Anchor: s, Cursor: clampInt(off, s, last)}
}

func clampInt(v, lo, hi int) int { return max(lo, min(v, hi)) }

// opRange builds an Operator-pending range from Vim's start and end
// positions, ordered as Vim orders them: inclusive ends include the cluster
// at end (a line's NUL adds nothing).
func (t *text) opRange(start, end int, inclusive bool) Range {
	if end < start {
		start, end = end, start
	}
	if !inclusive {
		return Range{Start: start, End: end, Kind: Exclusive}
	}
	if !t.isEOL(end) {
		end = t.clusterAt(end).end
	}
	return Range{Start: start, End: end, Kind: Inclusive}
}

// visRange builds a Visual selection from Vim's anchor and cursor: both
// ends included, a NUL end includes the line break.
func (t *text) visRange(anchor, cursor int) Range {
	s, e := min(anchor, cursor), max(anchor, cursor)
	switch {
	case e >= t.n:
		e = t.n
	case t.at(e) == '\n':
		e++
	default:
		e = t.clusterAt(e).end
	}
	return Range{Start: s, End: e, Kind: Inclusive}
}

// oneLeft is Vim's oneleft(): one cluster left within the line.
func (w *walker) oneLeft() bool {
	if w.t.isBOL(w.p) {
		return false
	}
	w.p = w.t.prev(w.p)
	return true
}

// backInLine goes back to the start of the word or blank run under the
// position, staying on the line.
func (w *walker) backInLine() {
	sclass := w.cls()
	for !w.t.isBOL(w.p) {
		w.dec()
		if w.cls() != sclass {
			w.inc()
			break
		}
	}
}

// wordObject is Vim's current_word() for iw, aw, iW and aW.
func (t *text) wordObject(off, count int, include, big bool, vis *Visual) (Range, bool) {
	w := &walker{t: t, p: off, big: big}
	fail := func() (Range, bool) {
		if vis != nil {
			vis.Cursor = w.p // Vim leaves the cursor where it failed
		}
		return Range{}, false
	}
	inclusive := true
	includeWhite := false
	start := off
	if vis == nil || vis.Anchor == vis.Cursor {
		w.backInLine()
		start = w.p
		if (w.cls() == classBlank) == include {
			if !w.end(1, true, true) {
				return fail()
			}
		} else {
			w.forward(1, true)
			if w.t.isBOL(w.p) {
				w.decl()
			} else {
				w.oneLeft()
			}
			includeWhite = include
		}
		if vis != nil {
			vis.Anchor = start
		}
		count--
	} else {
		w.p = vis.Cursor
	}
	for ; count > 0; count-- {
		inclusive = true
		if vis != nil && w.p < vis.Anchor {
			if w.decl() == stepFail {
				return fail()
			}
			if include != (w.cls() != classBlank) {
				if !w.backward(1, true) {
					return fail()
				}
			} else {
				if !w.endBackward(1, true) {
					return fail()
				}
				w.incl()
			}
		} else {
			if w.incl() == stepFail {
				return fail()
			}
			if include != (w.cls() == classBlank) {
				if !w.forward(1, true) && count > 1 {
					return fail()
				}
				if !w.oneLeft() {
					inclusive = false
				}
			} else if !w.end(1, true, true) {
				return fail()
			}
		}
	}
	if includeWhite && (w.cls() != classBlank || (w.t.isBOL(w.p) && !inclusive)) {
		// No white space after the word: take the white space before it,
		// but not the indent.
		end := w.p
		w.p = start
		if w.oneLeft() {
			w.backInLine()
			if w.cls() == classBlank && !w.t.isBOL(w.p) {
				start = w.p
				if vis != nil {
					vis.Anchor = w.p
				}
			}
		}
		w.p = end
	}
	if vis != nil {
		return vis.set(vis.Anchor, w.p)
	}
	return t.opRange(start, w.p, inclusive), true
}
