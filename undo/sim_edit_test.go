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
	last := min(l+n, s.lineCount())
	a, b := r.LineStart(l), r.Len()
	if last < r.Newlines() || (last == r.Newlines() && endsWithNewline(r)) {
		b = r.LineStart(last)
	}
	text := r.SliceString(a, b)
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

func (s *vimSim) put(below bool, count int) error {
	if s.reg == "" {
		return nil
	}
	reg := s.reg
	defer func() { s.reg = reg }()
	s.reg = strings.Repeat(reg, count)
	s.tree.Save(s.cur, SourceTyped)
	r := s.text()
	l := s.cur.Line
	if below {
		l++
	}
	if l < r.Newlines() || (l == r.Newlines() && endsWithNewline(r)) || r.Len() == 0 {
		if err := s.apply(buffer.Change{Off: r.LineStart(l), New: s.reg}); err != nil {
			return err
		}
	} else if err := s.apply(buffer.Change{Off: r.Len(), New: "\n" + strings.TrimSuffix(s.reg, "\n")}); err != nil {
		return err
	}
	s.cur = Pos{Line: l}
	s.cur.Col = firstNonBlank(s.line(l))
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
	s.clampCursor()
	return nil
}

func (s *vimSim) dd(n int) error {
	s.tree.Save(s.cur, SourceTyped)
	r := s.text()
	first := s.cur.Line
	last := min(first+n, s.lineCount())
	a := r.LineStart(first)
	b := r.Len()
	if last < r.Newlines() || (last == r.Newlines() && endsWithNewline(r)) {
		b = r.LineStart(last)
	}
	s.reg = r.SliceString(a, b)
	if !strings.HasSuffix(s.reg, "\n") {
		s.reg += "\n"
	}
	if err := s.apply(buffer.Change{Off: a, Old: r.SliceString(a, b)}); err != nil {
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
	if line == "" {
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
