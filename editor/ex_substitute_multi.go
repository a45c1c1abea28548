package editor

import (
	"bytes"
	"strings"

	"github.com/kjx-editor/kjx/editor/vimre"
)

// countNL counts the line breaks in b.
func countNL(b []byte) int { return bytes.Count(b, []byte{'\n'}) }

// subSpec is what one :s does, once its pattern, replacement and flags
// are known.
type subSpec struct {
	re        *pattern
	pat, rep  string
	l1, l2    int
	global    bool
	countOnly bool
	magic     bool
}

// expand returns the replacement of match m of scan s.
func (sp *subSpec) expand(s *subScan, m subMatch) (string, error) {
	return vimre.ExpandReplacement(sp.rep, s.text, m.m, sp.magic)
}

// bufferEdit turns a match and its replacement into a buffer change:
// a match that takes the '\n' added after the last line keeps the line
// break (Vim's buffer always ends with a line), so only the text before
// it is replaced. A change that changes nothing is still made, as Vim
// saves the line for undo whatever the replacement.
func (s *subScan) bufferEdit(m subMatch, rep string) offEdit {
	return offEdit{start: m.m[0], end: s.clip(m.m[1]), new: rep}
}

// isJoinSubstitute reports whether a :s is Vim's shortcut for joining
// lines: the pattern is exactly \n, the replacement empty, and the flags
// at most one of g l p # (no count). Vim then joins the lines of the range
// and the next one as :join! does, without trying the pattern.
func isJoinSubstitute(pat, rep, flags string, count int) bool {
	return pat == `\n` && rep == "" && count == 0 &&
		(flags == "" || len(flags) == 1 && strings.Contains("glp#", flags))
}

// joinSubstitute is :s/\n// on lines l1..l2: it joins them and the line
// after (if any) in one change, leading white space kept, and leaves the
// cursor where the last line was joined. One line joins nothing, quietly.
func (e *Editor) joinSubstitute(l1, l2 int) {
	r := e.text()
	l1 = max(l1, 0)
	e.win.cur.Line = l1
	last := l2
	if l2 < lineCount(r)-1 {
		last++
	}
	if last <= l1 {
		return
	}
	a, b := lineStart(r, l1), lineEnd(r, last)
	lastLen := b - lineStart(r, last) // r is borrowed: read before the change
	old := r.SliceString(a, b)
	joined := strings.ReplaceAll(old, "\n", "")
	e.win.cur = Pos{Line: l1}
	e.apply(a, old, joined)
	e.win.cur.Col = len(joined) - lastLen
	n := last - l1
	if e.globalBusy {
		e.globalSubs += n
		e.globalSubLines++
		return
	}
	e.setPCMark()
	e.subMessage(n, 1)
}

// substituteScan runs a :s whose pattern can match a line break: the
// matches are found over the text of the range joined (see subScan), the
// edits are made in one pass, and the cursor goes where Vim puts it: the
// line where the last match started, moved down by the line breaks its
// replacement inserted.
func (e *Editor) substituteScan(sp *subSpec) (subResult, error) {
	res := subResult{lastLine: -1}
	r := e.frozenText() // the scan reads it while the edits are made
	s := newSubScan(sp.re.re, r, max(sp.l1, 0), sp.l2, sp.global)
	var edits []offEdit
	lastChain := -1
	linesAdded := 0 // line breaks added by the edits before the current match
	lastLine, firstLine := -1, -1
	for {
		m, ok := s.next()
		if !ok {
			break
		}
		rep := ""
		if !sp.countOnly {
			var err error
			if rep, err = sp.expand(s, m); err != nil {
				return res, err
			}
		}
		ed := s.bufferEdit(m, rep)
		if firstLine < 0 {
			firstLine = m.line
		}
		res.nsubs++
		if m.chain != lastChain {
			res.nlines++
			lastChain = m.chain
		}
		if !sp.countOnly {
			lastLine = m.line + linesAdded + strings.Count(rep, "\n")
			linesAdded += strings.Count(ed.new, "\n") - countNL(s.text[ed.start:ed.end])
			edits = append(edits, ed)
		}
		// :s///n counts a multi-line match and goes on in the next line,
		// as the text is not joined.
		s.advance(m, sp.countOnly)
	}
	if sp.countOnly {
		return res, nil
	}
	res.lastLine = lastLine
	if len(edits) > 0 {
		e.win.cur = Pos{Line: firstLine} // Vim saves for undo with the cursor on the first changed line
		e.applyOffEdits(s, edits, 0)
	}
	return res, nil
}

// applyOffEdits applies edits (in text order, offsets in s.text) to the
// buffer. Edits on the same or neighbouring lines become one change.
// delta is the shift of the buffer against s.text before the first edit.
func (e *Editor) applyOffEdits(s *subScan, edits []offEdit, delta int) {
	for i := 0; i < len(edits); {
		j := i + 1
		for j < len(edits) && countNL(s.text[edits[j-1].end:edits[j].start]) <= 1 {
			j++
		}
		start, stop := edits[i].start, edits[j-1].end
		var nw strings.Builder
		pos := start
		for k := i; k < j; k++ {
			nw.Write(s.text[pos:edits[k].start])
			nw.WriteString(edits[k].new)
			pos = edits[k].end
		}
		old := string(s.text[start:stop])
		n := nw.String()
		e.apply(s.base+start+delta, old, n)
		delta += len(n) - len(old)
		i = j
	}
}

// isLiteralSub reports whether a :s pattern takes the literal fast path
// of substituteLines (one strings.Index pass); other patterns go through
// subScan, one regexp pass over the text of the range.
func isLiteralSub(pat string, magic, ignoreCase bool) bool {
	_, ok := literalPattern(pat, ignoreCase)
	return ok && magic
}
