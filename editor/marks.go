package editor

import (
	"fmt"
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
	default:
		return false
	}
	return true
}

// setPCMark remembers the cursor before a jump (the ' mark).
func (e *Editor) setPCMark() { e.buf().marks['\''] = e.win.cur }

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

// adjustMarks moves marks after a change, as Vim's mark_adjust: marks on
// lines after the change move with their lines; marks on deleted lines are
// removed (a-z) or moved to the change's line.
func (e *Editor) adjustMarks(b *Buffer, off int, old, new string) {
	dl := strings.Count(new, "\n") - strings.Count(old, "\n")
	if len(b.marks) == 0 {
		return
	}
	r := b.tree.Text()
	startLine := r.LineOf(min(off, r.Len()))
	oldLines := strings.Count(old, "\n")
	for name, p := range b.marks {
		switch {
		case p.Line > startLine+oldLines:
			p.Line += dl
		case p.Line > startLine && dl < 0 && p.Line <= startLine+oldLines:
			// The mark's line was deleted.
			if name >= 'a' && name <= 'z' && p.Line > startLine+oldLines+dl {
				delete(b.marks, name)
				continue
			}
			p.Line = min(p.Line, startLine+oldLines+dl)
		}
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
		if p.Line >= lineCount(r) {
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
