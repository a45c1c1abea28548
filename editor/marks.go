package editor

import (
	"fmt"
	"github.com/kjx-editor/kjx/buffer"
	"sort"
	"strings"
)

// setMark is m{a-zA-Z'`[]<>}.
func (e *Editor) setMark(name string) bool {
	if name == "" {
		return false
	}
	r := []rune(name)[0]
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', strings.ContainsRune("[]<>", r):
		e.buf().marks[r] = e.win.cur
	case r == '\'' || r == '`':
		e.setPCMark()
		e.win.jumps.keepPCMark(e.win.cur) // m' keeps it even without a move
	default:
		return false
	}
	return true
}

// deletedMark is the ' mark after its line was deleted: Vim then fails
// with E20, while a ' mark never set means the start of the file.
func deletedMark() Pos { return Pos{Line: -1} }

// markPos returns a mark's position, clamped to the text.
func (e *Editor) markPos(name string) (Pos, bool) {
	if name == "" {
		return Pos{}, false
	}
	r := []rune(name)[0]
	if r == '`' {
		r = '\''
	}
	b := e.buf()
	p, ok := b.marks[r]
	if ok && p.Line < 0 {
		e.errMsg("E20: Mark not set")
		return Pos{}, false
	}
	if !ok {
		if r == '\'' {
			return Pos{}, true // the start of the file before any jump
		}
		e.errMsg("E20: Mark not set")
		return Pos{}, false
	}
	rp := e.text()
	if p.Line >= lineCount(rp) {
		e.errMsg("E19: Mark has invalid line number")
		return Pos{}, false
	}
	p.Col = min(p.Col, max(lineLen(rp, p.Line)-1, 0))
	return p, true
}

// lineShift describes how a change moved lines, as Vim's mark_adjust
// sees it: lines delFrom..delTo (inclusive, none when delFrom > delTo) were
// deleted, lines from shiftFrom on moved by delta.
type lineShift struct {
	delFrom, delTo int
	shiftFrom      int
	delta          int
	// join is set when line delTo was joined to the end of line
	// delFrom-1 (J, or a characterwise delete over lines): its marks move
	// there as Vim's mark_col_adjust moves them. joinCol is where the
	// joined text (or J's separator) went, joinRemoved the leading blanks
	// J removed less the separator's length.
	join                 bool
	joinCol, joinRemoved int
}

// firstLine is the first line the shift may move or delete: positions on
// the lines above it stay as they are.
func (s lineShift) firstLine() int {
	lo := s.shiftFrom
	if s.delFrom <= s.delTo {
		lo = min(lo, s.delFrom)
	}
	if s.join {
		lo = min(lo, s.delTo)
	}
	return lo
}

// movePos moves position p; ok is false when its line was deleted.
func (s lineShift) movePos(p Pos) (Pos, bool) {
	if s.join && p.Line == s.delTo {
		amount := s.joinCol - s.joinRemoved
		col := p.Col + amount
		switch {
		case amount < 0 && p.Col <= -amount:
			col = 0
		case p.Col < s.joinRemoved:
			col = s.joinCol
		}
		return Pos{Line: s.delFrom - 1, Col: col}, true
	}
	n, ok := s.apply(p.Line)
	p.Line = n
	return p, ok
}

// isBlanks reports whether s holds only spaces and tabs.
func isBlanks(s string) bool { return strings.Trim(s, " \t") == "" }

// shiftOf computes the line movement of the change that replaced old by
// new at offset off of the text after (r).
func shiftOf(r buffer.Rope, off int, old, new string) lineShift {
	oldNL := strings.Count(old, "\n")
	if oldNL == 0 && strings.IndexByte(new, '\n') < 0 {
		return lineShift{delFrom: 1, delTo: 0} // within one line: no mark moves
	}
	delta := strings.Count(new, "\n") - oldNL
	l := r.LineOf(min(off, r.Len()))
	col := off - r.LineStart(l)
	switch {
	case oldNL > 0 && col == 0 && strings.HasSuffix(old, "\n") && new == "":
		// Whole lines deleted from a line start (dd, :d).
		return lineShift{delFrom: l, delTo: l + oldNL - 1, shiftFrom: l + oldNL, delta: delta}
	case oldNL > 0 && strings.HasPrefix(old, "\n") && new == "":
		// "\n"+lines deleted from the end of the line before (the last lines).
		return lineShift{delFrom: l + 1, delTo: l + oldNL, shiftFrom: l + oldNL + 1, delta: delta}
	case old == "" && col == 0 && strings.HasSuffix(new, "\n"):
		// Lines inserted above line l (O, P, a line break typed in
		// column 0): line l moves down with the rest.
		return lineShift{delFrom: 1, delTo: 0, shiftFrom: l, delta: delta}
	case oldNL == 1 && delta == -1 && isBlanks(strings.Replace(old, "\n", "", 1)) && isBlanks(new):
		return joinShift(l, col, old, new)
	case delta < 0 && new == "" && oldNL > 0:
		// A characterwise delete over lines: Vim deletes the lines
		// between and joins the last one to line l (op_delete, do_join).
		return lineShift{delFrom: l + 1, delTo: l + oldNL, shiftFrom: l + oldNL + 1, delta: delta, join: true, joinCol: col}
	case delta < 0:
		// Lines joined into line l.
		return lineShift{delFrom: l + 1 + oldNL + delta, delTo: l + oldNL, shiftFrom: l + oldNL + 1, delta: delta}
	}
	return lineShift{delFrom: 1, delTo: 0, shiftFrom: l + oldNL + 1, delta: delta}
}

// joinShiftOf is shiftOf for J's change at the end of a line (the line
// break and the next line's indent replaced by a separator): the next
// line is the one that goes, its marks joining the line, even where the
// change looks like a dd (joining an empty line to the next).
func joinShiftOf(r buffer.Rope, off int, old, new string) lineShift {
	l := r.LineOf(min(off, r.Len()))
	return joinShift(l, off-r.LineStart(l), old, new)
}

// marksOn returns b's marks on lines l1..l2, but '[ and '] (which the
// commands that move lines set themselves).
func marksOn(b *Buffer, l1, l2 int) map[rune]Pos {
	var out map[rune]Pos
	for name, p := range b.marks {
		if p.Line >= l1 && p.Line <= l2 && name != '[' && name != ']' {
			if out == nil {
				out = map[rune]Pos{}
			}
			out[name] = p
		}
	}
	return out
}

// charDeleteShiftOf is shiftOf for a characterwise delete (d with a
// characterwise motion or Visual area): Vim deletes the lines between and
// joins the last one to the first (op_delete, do_join), so the first line
// keeps its marks even when the delete starts in its column 0, where
// shiftOf would see whole lines deleted.
func charDeleteShiftOf(r buffer.Rope, off int, old, new string) lineShift {
	n := strings.Count(old, "\n")
	if n == 0 || new != "" {
		return shiftOf(r, off, old, new)
	}
	l := r.LineOf(min(off, r.Len()))
	return lineShift{delFrom: l + 1, delTo: l + n, shiftFrom: l + n + 1, delta: -n, join: true, joinCol: off - r.LineStart(l)}
}

// deleteAllShift is the shift of deleting every line (old is the whole
// text): all of them go, marks on them too, as Vim's mark_adjust for :%d.
func deleteAllShift(_ buffer.Rope, _ int, old, _ string) lineShift {
	n := strings.Count(old, "\n")
	return lineShift{delFrom: 0, delTo: n, shiftFrom: n + 1, delta: -n}
}

// joinShift is line l+1 joined to line l at column col (J, gJ).
func joinShift(l, col int, old, new string) lineShift {
	ws := len(old) - strings.IndexByte(old, '\n') - 1
	return lineShift{delFrom: l + 1, delTo: l + 1, shiftFrom: l + 2, delta: -1, join: true, joinCol: col, joinRemoved: ws - len(new)}
}

// noop reports whether s moves no position (a change within one line).
func (s lineShift) noop() bool { return !s.join && s.delta == 0 && s.delFrom > s.delTo }

// apply moves line n; ok is false when its line was deleted.
func (s lineShift) apply(n int) (int, bool) {
	switch {
	case n >= s.delFrom && n <= s.delTo:
		return n, false
	case n >= s.shiftFrom:
		return n + s.delta, true
	}
	return n, true
}

// splitLineKeepingMarks breaks the line at off as Vim's put does
// (PUT_LINE_SPLIT appends the rest as a new line): the marks of the line
// stay on it, even when the break is at its start.
func (e *Editor) splitLineKeepingMarks(off int) {
	b := e.buf()
	l := b.text().LineOf(off)
	kept := map[rune]Pos{}
	for name, p := range b.marks {
		if p.Line == l {
			kept[name] = p
		}
	}
	j := &e.win.jumps
	var keptJumps []int
	for i, en := range j.entries {
		if en.buf == b && en.pos.Line == l {
			keptJumps = append(keptJumps, i)
		}
	}
	e.insertText(off, "\n")
	for name, p := range kept {
		b.marks[name] = p
	}
	for _, i := range keptJumps {
		j.entries[i].pos.Line = l
	}
}

// moveMarks moves b's marks after a change, as Vim's mark_adjust: marks
// on lines after the change move with their lines; marks a-z, ^ (the last
// insert) and ' (the previous context) on deleted lines are removed, other
// marks go to the line where the deletion happened.
func moveMarks(b *Buffer, sh lineShift) {
	for name, p := range b.marks {
		np, ok := sh.movePos(p)
		if ok && np == p {
			continue // above the change: no map write
		}
		n := np.Line
		p.Col = np.Col
		if !ok {
			if name == '\'' {
				b.marks[name] = deletedMark()
				continue
			}
			if (name >= 'a' && name <= 'z') || name == '^' {
				delete(b.marks, name)
				continue
			}
			n = max(sh.delFrom-1, 0)
		}
		p.Line = n
		b.marks[name] = p
	}
}

// markList is :marks output.
func (e *Editor) markList(arg string) []string {
	b := e.buf()
	var names []rune
	for n := range b.marks {
		if arg == "" || strings.ContainsRune(arg, n) {
			names = append(names, n)
		}
	}
	sort.Slice(names, func(i, j int) bool { return markOrder(names[i]) < markOrder(names[j]) })
	out := []string{"mark line  col file/text"}
	r := e.text()
	for _, n := range names {
		p := b.marks[n]
		if p.Line < 0 || p.Line >= lineCount(r) {
			continue
		}
		out = append(out, fmt.Sprintf(" %c %6d %4d %s", n, p.Line+1, p.Col, lineText(r, p.Line)))
	}
	return out
}

func markOrder(r rune) int {
	switch {
	case r == '\'':
		return 0
	case r >= 'a' && r <= 'z':
		return 1 + int(r-'a')
	case r >= 'A' && r <= 'Z':
		return 100 + int(r-'A')
	}
	return 200 + strings.IndexRune("\"[]^.<>", r)
}
