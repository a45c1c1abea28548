package undo

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// The editing commands of vimSim: each makes the byte changes kjx's
// editor makes for it.

// lineRange returns n lines from line l as linewise register text.
func (s *vimSim) lineRange(l, n int) string {
	r := s.text()
	last := min(l+n, s.lineCount()) - 1
	return r.SliceString(r.LineStart(l), r.LineEnd(last)) + "\n"
}

// put is the editor's putLines: "\n" and the lines at the end of the
// cursor line (p), or the lines and "\n" at its start (P).
func (s *vimSim) put(below bool, count int) error {
	if s.reg == "" {
		return nil
	}
	all := strings.TrimSuffix(strings.Repeat(s.reg, count), "\n")
	s.tree.Save(s.cur, SourceTyped)
	r := s.text()
	l := s.cur.Line
	c := buffer.Change{Off: r.LineStart(l), New: all + "\n"}
	if below {
		c = buffer.Change{Off: r.LineEnd(l), New: "\n" + all}
		l++
	}
	if err := s.apply(c); err != nil {
		return err
	}
	s.cur = Pos{Line: l, Col: firstNonBlank(s.line(l))}
	return nil
}

func (s *vimSim) x(n int) error {
	s.tree.Save(s.cur, SourceTyped)
	line := s.line(s.cur.Line)
	if line == "" {
		return nil // Vim saved the line and changed nothing
	}
	end := min(s.cur.Col+n, len(line))
	off := s.off(s.cur)
	if err := s.apply(buffer.Change{Off: off, Old: line[s.cur.Col:end]}); err != nil {
		return err
	}
	s.tree.SetEmpty(false) // x leaves a line, as the editor tells the tree
	s.clampCursor()
	return nil
}

// dd is the editor's deleteLines: "line\n" from the line start when a line
// follows, else "\n" and the lines from the end of the line above, or the
// whole text, which leaves an empty buffer.
func (s *vimSim) dd(n int) error {
	s.tree.Save(s.cur, SourceTyped)
	r := s.text()
	first := s.cur.Line
	last := min(first+n, s.lineCount()) - 1
	a := r.LineStart(first)
	text := r.SliceString(a, r.LineEnd(last))
	s.reg = text + "\n"
	var err error
	switch {
	case last < s.lineCount()-1:
		err = s.apply(buffer.Change{Off: a, Old: text + "\n"})
	case first > 0:
		err = s.apply(buffer.Change{Off: a - 1, Old: "\n" + text})
	default:
		err = s.apply(buffer.Change{Off: 0, Old: text})
		s.tree.SetEmpty(true)
	}
	if err != nil {
		return err
	}
	s.cur.Line = first
	s.clampCursor()
	s.cur.Col = firstNonBlank(s.line(s.cur.Line))
	return nil
}

func (s *vimSim) dw() error {
	line := s.line(s.cur.Line)
	s.tree.Save(s.cur, SourceTyped)
	if line == "" && s.cur.Line+1 < s.lineCount() {
		// The motion reaches the next line and the delete turns linewise.
		r := s.text()
		a := r.LineStart(s.cur.Line)
		return s.apply(buffer.Change{Off: a, Old: "\n"})
	}
	end := s.wordEnd(s.cur, true)
	if end <= s.cur.Col {
		end = len(line)
	}
	if err := s.apply(buffer.Change{Off: s.off(s.cur), Old: line[s.cur.Col:end]}); err != nil {
		return err
	}
	s.clampCursor()
	return nil
}

func (s *vimSim) cw() error {
	line := s.line(s.cur.Line)
	s.tree.Save(s.cur, SourceTyped)
	end := s.cur.Col
	for end < len(line) && line[end] != ' ' {
		end++
	}
	return s.apply(buffer.Change{Off: s.off(s.cur), Old: line[s.cur.Col:end]})
}

// wordEnd returns the column of the next word start on the line, or the
// line length.
func (s *vimSim) wordEnd(p Pos, _ bool) int {
	line := s.line(p.Line)
	i := p.Col
	for i < len(line) && line[i] != ' ' {
		i++
	}
	for i < len(line) && line[i] == ' ' {
		i++
	}
	return i
}

func (s *vimSim) join(n int) error {
	n = max(n, 2)
	if s.cur.Line+1 >= s.lineCount() {
		return nil // fails before saving: no entry
	}
	s.tree.Save(s.cur, SourceTyped)
	for k := 0; k < n-1 && s.cur.Line+1 < s.lineCount(); k++ {
		r := s.text()
		cur := s.line(s.cur.Line)
		next := s.line(s.cur.Line + 1)
		ws := len(next) - len(strings.TrimLeft(next, " \t"))
		sep := " "
		if cur == "" || next[ws:] == "" || strings.HasSuffix(cur, " ") {
			sep = ""
		}
		off := r.LineEnd(s.cur.Line)
		if err := s.apply(buffer.Change{Off: off, Old: "\n" + next[:ws], New: sep}); err != nil {
			return err
		}
		s.cur.Col = max(len(cur)+len(sep)-1, 0)
		if sep == "" {
			s.cur.Col = len(cur)
		}
	}
	s.clampCursor()
	return nil
}

// substitute runs :s/pat/rep/[g] on lines first..last with literal
// strings, one change per match; the cursor ends on the first non-blank of
// the last line changed.
func (s *vimSim) substitute(spec string, first, last int) error {
	parts := strings.Split(spec, "/")
	if len(parts) != 3 {
		return &unsupportedError{"s/" + spec}
	}
	pat, rep, all := parts[0], parts[1], parts[2] == "g"
	saved, lastLine := false, -1
	for l := first; l <= last; l++ {
		line := s.line(l)
		if !strings.Contains(line, pat) {
			continue
		}
		if !saved {
			s.tree.Save(s.cur, SourceEx)
			saved = true
		}
		base := s.text().LineStart(l)
		shift := 0
		for i := 0; i <= len(line)-len(pat); {
			if line[i:i+len(pat)] != pat {
				i++
				continue
			}
			if err := s.apply(buffer.Change{Off: base + i + shift, Old: pat, New: rep}); err != nil {
				return err
			}
			shift += len(rep) - len(pat)
			i += len(pat)
			if !all {
				break
			}
		}
		lastLine = l
	}
	if !saved {
		s.msgs = append(s.msgs, "E486: Pattern not found: "+pat)
		return nil
	}
	s.cur = Pos{Line: lastLine, Col: firstNonBlank(s.line(lastLine))}
	return nil
}
