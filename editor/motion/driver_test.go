package motion

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// result is what a key sequence produced: the cursor, or for "y" + text
// object the yank, or for "v" + text objects the selection.
type result struct {
	cur          int
	yank, regtyp string
	vmode        string
	vstart, vend int // '< and '> (the last character, or a line's NUL)
}

// driver applies Normal-mode keys through the package's API the way the
// editor core does, including the operator adjustments that belong to the
// editor (":h exclusive"), so that results compare with Vim's.
type driver struct {
	t        *testing.T
	r        buffer.Rope
	lastKind byte
	lastCh   string
}

func splitCount(keys string) (int, string) {
	i := 0
	for i < len(keys) && keys[i] >= '0' && keys[i] <= '9' && !(i == 0 && keys[i] == '0') {
		i++
	}
	if i == 0 {
		return 0, keys
	}
	n, _ := strconv.Atoi(keys[:i])
	return n, keys[i:]
}

// run applies keys from off.
func (d *driver) run(off int, keys string) result {
	d.t.Helper()
	if isOperatorKeys(keys) {
		return d.runOperator(keys)(off)
	}
	switch keys[0] {
	case 'y':
		count, obj := splitCount(keys[1:])
		rg, ok := TextObject(d.r, off, obj, max(count, 1), nil)
		if !ok {
			return result{cur: off}
		}
		return d.yank(rg)
	case 'v':
		return d.visual(off, keys[1:])
	}
	for keys != "" {
		count, rest := splitCount(keys)
		var n int
		off, n = d.motion(off, max(count, 1), rest)
		keys = rest[n:]
	}
	return result{cur: off}
}

// yank simulates y on a text object's range, with Vim's adjustment of an
// exclusive range ending at the start of a later line: the end moves to the
// end of the previous line, and the range becomes linewise when it starts
// in the indent.
func (d *driver) yank(rg Range) result {
	text := d.r.String()
	if rg.Kind == Linewise {
		return result{cur: rg.Start, yank: text[rg.Start:rg.End] + "\n", regtyp: "V"}
	}
	start, end := rg.Start, rg.End
	if rg.Kind == Exclusive && end > start && text[end-1] == '\n' {
		ls := strings.LastIndexByte(text[:start], '\n') + 1
		if strings.Trim(text[ls:start], " \t") == "" {
			return result{cur: ls, yank: text[ls:end], regtyp: "V"}
		}
		end--
	}
	return result{cur: start, yank: text[start:end], regtyp: "v"}
}

// visual starts Visual mode at off and applies the text objects in keys,
// going on after a failure as Vim does.
func (d *driver) visual(off int, keys string) result {
	v := Visual{Anchor: off, Cursor: off}
	var objs []string
	linewiseOnTheWay := false
	for keys != "" {
		count, rest := splitCount(keys)
		obj := rest[:2]
		keys = rest[2:]
		objs = append(objs, strings.Repeat("2", min(count, 2)/2)+obj)
		v, _ = TextObjectVisual(d.r, v, obj, max(count, 1))
		linewiseOnTheWay = linewiseOnTheWay || v.Linewise
	}
	res := result{cur: v.Cursor, vmode: "v", vstart: min(v.Anchor, v.Cursor), vend: max(v.Anchor, v.Cursor)}
	if !v.Linewise && !linewiseOnTheWay {
		d.checkRangeForm(off, objs, v)
	}
	if v.Linewise {
		res.vmode = "V"
		res.vstart = d.r.LineStart(d.r.LineOf(res.vstart))
		res.vend = d.r.LineStart(d.r.LineOf(res.vend))
	}
	return res
}

// checkRangeForm runs the same text objects through TextObject with a
// selection Range and checks that it ends with the selection of
// TextObjectVisual (for characterwise Visual mode, where the Range form
// loses nothing), moving the cursor by the documented rule.
func (d *driver) checkRangeForm(off int, objs []string, want Visual) {
	d.t.Helper()
	sel := Range{Start: off, End: NextGrapheme(d.r, off), Kind: Inclusive}
	if off < d.r.Len() && d.r.ByteAt(off) == '\n' {
		sel.End = off + 1
	}
	cur := off
	for _, o := range objs {
		count, obj := splitCount(o)
		atStart := cur == sel.Start && d.lastOf(sel) > sel.Start
		sel, _ = TextObject(d.r, cur, obj, max(count, 1), &sel)
		// The cursor stays at the start when it was at the start of a
		// selection of several clusters, else it goes to the end.
		if atStart {
			cur = sel.Start
		} else {
			cur = d.lastOf(sel)
		}
	}
	ws, we := min(want.Anchor, want.Cursor), max(want.Anchor, want.Cursor)
	if we == d.r.Len() {
		return // a selection of the last line's NUL has no Range form
	}
	if sel.Start != ws || d.lastOf(sel) != we {
		d.t.Errorf("%q from %d %v: Range form selects %d-%d, TextObjectVisual %d-%d",
			d.r.String(), off, objs, sel.Start, d.lastOf(sel), ws, we)
	}
}

// lastOf is the last position a selection covers: a line's NUL when it
// ends after a '\n'.
func (d *driver) lastOf(sel Range) int {
	if sel.End > sel.Start && d.r.ByteAt(sel.End-1) == '\n' {
		return sel.End - 1
	}
	return PrevGrapheme(d.r, sel.End)
}

// motion applies the first motion of keys and reports how many bytes of
// keys it used.
func (d *driver) motion(off, count int, keys string) (int, int) {
	d.t.Helper()
	r := d.r
	line := r.LineOf(off)
	two := keys
	if len(two) > 2 {
		two = two[:2]
	}
	switch two {
	case "ge":
		return WordEndBackward(r, off, count, false), 2
	case "gE":
		return WordEndBackward(r, off, count, true), 2
	case "g_":
		return LineLastNonBlank(r, min(line+count-1, r.Newlines())), 2
	}
	switch k := keys[0]; k {
	case 'w', 'W':
		return WordForward(r, off, count, k == 'W'), 1
	case 'b', 'B':
		return WordBackward(r, off, count, k == 'B'), 1
	case 'e', 'E':
		return WordEnd(r, off, count, k == 'E'), 1
	case '^':
		return LineFirstNonBlank(r, line), 1
	case '0':
		return r.LineStart(line), 1
	case '$':
		return LineLastChar(r, min(line+count-1, r.Newlines())), 1
	case 'f', 'F', 't', 'T':
		ch := keys[1:]
		_, n := GraphemeAt(buffer.FromString(ch), 0)
		ch = ch[:n]
		d.lastKind, d.lastCh = k, ch
		p, _ := FindInLine(r, off, count, k, ch, false)
		return p, 1 + n
	case ';', ',':
		kind := d.lastKind
		if k == ',' {
			kind = map[byte]byte{'f': 'F', 'F': 'f', 't': 'T', 'T': 't'}[kind]
		}
		p, _ := FindInLine(r, off, count, kind, d.lastCh, true)
		return p, 1
	case '%':
		p, _ := MatchPair(r, off)
		return p, 1
	case '}':
		return ParagraphForward(r, off, count), 1
	case '{':
		return ParagraphBackward(r, off, count), 1
	case ')':
		return SentenceForward(r, off, count), 1
	case '(':
		return SentenceBackward(r, off, count), 1
	}
	d.t.Fatalf("test driver: unknown keys %q", keys)
	return 0, 0
}
