package editor

import (
	"strings"

	"github.com/kjx-editor/kjx/editor/vimre"
)

// subResult counts what a :s did.
type subResult struct {
	nsubs, nlines int
	lastLine      int // last line with a match (after the change)
}

// lineEdit is the replacement of line[col:col+len(old)] by new on one line.
type lineEdit struct {
	line, col int
	old, new  string
}

// substituteLines runs one :s over lines l1..l2: it finds the matches,
// builds the new text of every matching line, then applies the edits.
// :s uses it for literal patterns (one strings.Index pass); for other
// patterns it runs the regexp line by line, which is slower than subScan
// and is kept as the simple model the tests check subScan against.
// Edits on consecutive lines are applied as one change (the undo tree then
// sees the same line counts as Vim's per-line entries), so a :%s over a
// large file is a few big changes in one undo block.
func (e *Editor) substituteLines(re *pattern, pat, rep string, l1, l2 int, global, countOnly, magic, ignoreCase bool) (subResult, error) {
	res := subResult{lastLine: -1}
	r := e.frozenText() // read while the edits are made
	l1 = max(l1, 0)
	var edits []lineEdit
	plainRep := magic && !strings.ContainsAny(rep, "\\&~\r")
	visit := func(l int, line string, ms [][]int) error {
		if len(ms) == 0 {
			return nil
		}
		if !global {
			ms = ms[:1]
		}
		res.nsubs += len(ms)
		res.nlines++
		res.lastLine = l
		if countOnly {
			return nil
		}
		var nb strings.Builder
		prev := ms[0][0]
		for _, m := range ms {
			nb.WriteString(line[prev:m[0]])
			if plainRep {
				nb.WriteString(rep)
			} else {
				s, err := vimre.ExpandReplacement(rep, []byte(line), m, magic)
				if err != nil {
					return err
				}
				nb.WriteString(s)
			}
			prev = m[1]
		}
		edits = append(edits, lineEdit{line: l, col: ms[0][0], old: line[ms[0][0]:prev], new: nb.String()})
		return nil
	}
	if lit, ok := literalPattern(pat, ignoreCase); ok && magic {
		if err := scanLiteral(r, lit, l1, l2, visit); err != nil {
			return res, err
		}
	} else {
		for l := l1; l <= l2; l++ {
			line := lineText(r, l)
			if err := visit(l, line, re.findAll(line)); err != nil {
				return res, err
			}
		}
	}
	if countOnly || len(edits) == 0 {
		return res, nil
	}
	e.win.cur = Pos{Line: edits[0].line} // Vim saves for undo with the cursor at the line start
	added := e.applyLineEdits(edits)
	res.lastLine += added
	return res, nil
}

// applyLineEdits applies edits (in line order) and returns the number of
// lines the replacements added.
func (e *Editor) applyLineEdits(edits []lineEdit) int {
	r := e.frozenText() // the offsets of edits are in the text before them
	added := 0
	delta := 0 // offset shift from the edits applied so far
	for i := 0; i < len(edits); {
		// A run of edits on consecutive lines becomes one change.
		j := i + 1
		for j < len(edits) && edits[j].line == edits[j-1].line+1 {
			j++
		}
		start := lineStart(r, edits[i].line) + edits[i].col
		last := edits[j-1]
		stop := lineStart(r, last.line) + last.col + len(last.old)
		o := r.SliceString(start, stop)
		grow := 0
		for k := i; k < j; k++ {
			grow += len(edits[k].new) - len(edits[k].old)
		}
		var nw strings.Builder
		nw.Grow(len(o) + grow)
		pos := start
		for k := i; k < j; k++ {
			ed := edits[k]
			at := lineStart(r, ed.line) + ed.col
			nw.WriteString(o[pos-start : at-start])
			nw.WriteString(ed.new)
			pos = at + len(ed.old)
			added += strings.Count(ed.new, "\n") - strings.Count(ed.old, "\n")
		}
		n := nw.String()
		e.apply(start+delta, o, n)
		delta += len(n) - len(o)
		i = j
	}
	return added
}

// literalPattern reports whether a magic pattern matches only itself
// (no special characters) and, with ignore case false, returns it.
func literalPattern(pat string, ignoreCase bool) (string, bool) {
	if pat == "" || ignoreCase || strings.ContainsAny(pat, "\\.*[]~^$") {
		return "", false
	}
	return pat, true
}

func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return true
		}
	}
	return false
}

// scanLiteral finds the lines l1..l2 holding lit with one pass over the
// text and calls visit with each line's non-overlapping matches.
func scanLiteral(r interface {
	String() string
	LineStart(int) int
	LineEnd(int) int
}, lit string, l1, l2 int, visit func(int, string, [][]int) error) error {
	text := r.String()
	from := r.LineStart(l1)
	end := r.LineEnd(l2)
	line := l1
	lineBeg := from
	for from < end {
		i := strings.Index(text[from:end], lit)
		if i < 0 {
			break
		}
		at := from + i
		// Advance to the line holding at.
		for {
			nl := strings.IndexByte(text[lineBeg:at], '\n')
			if nl < 0 {
				break
			}
			lineBeg += nl + 1
			line++
		}
		lineEnd := strings.IndexByte(text[lineBeg:], '\n')
		if lineEnd < 0 {
			lineEnd = len(text)
		} else {
			lineEnd += lineBeg
		}
		s := text[lineBeg:lineEnd]
		var ms [][]int
		for p := at - lineBeg; p <= len(s)-len(lit); {
			k := strings.Index(s[p:], lit)
			if k < 0 {
				break
			}
			ms = append(ms, []int{p + k, p + k + len(lit)})
			p += k + len(lit)
		}
		if err := visit(line, s, ms); err != nil {
			return err
		}
		from = lineEnd + 1
		lineBeg = from
		line++
	}
	return nil
}
