package undo

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// vimSim is a tiny Normal-mode simulator for tests: it turns the keys of
// the Vim corpus into the Save/Apply/Sync calls and byte changes the editor
// makes, and the undo keys into tree movements. It knows only the commands
// the undo corpus needs; an unknown one returns errUnsupported.
type vimSim struct {
	tree   *Tree
	clock  *int64
	cur    Pos
	msgs   []string // messages of the tree operations of the last step
	treeOp bool     // the last step was an undo-tree operation
	reg    string   // the unnamed register (linewise)
	last   []string // the last change command's keys, for "."
	lastN  int      // and its count
}

type unsupportedError struct{ what string }

func (e *unsupportedError) Error() string { return "unsupported: " + e.what }

func newSim(initial string, clock *int64, setup []string) (*vimSim, error) {
	tr := New(buffer.FromString(initial), Options{
		Now:      func() time.Time { return time.Unix(*clock, 0) },
		Location: time.UTC,
	})
	s := &vimSim{tree: tr, clock: clock}
	for _, c := range setup {
		if err := s.ex(c); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *vimSim) text() buffer.Rope { return s.tree.Text() }

// lines returns the buffer as Vim shows it.
func (s *vimSim) lines() []string {
	str := s.text().String()
	if str == "" {
		return []string{""}
	}
	return strings.Split(strings.TrimSuffix(str, "\n"), "\n")
}

func (s *vimSim) line(l int) string { return lineText(s.text(), l) }

func (s *vimSim) lineCount() int { return vimLineCount(s.text()) }

func (s *vimSim) off(p Pos) int { return s.text().LineStart(p.Line) + p.Col }

func (s *vimSim) posOf(off int) Pos {
	r := s.text()
	l := r.LineOf(off)
	return Pos{Line: l, Col: off - r.LineStart(l)}
}

func (s *vimSim) clampCursor() {
	s.cur.Line = min(max(s.cur.Line, 0), s.lineCount()-1)
	s.cur.Col = clampCol(s.line(s.cur.Line), s.cur.Col)
}

// tokens splits Vim key notation into keys.
func tokens(keys string) []string {
	var out []string
	for i := 0; i < len(keys); {
		if keys[i] == '<' {
			if j := strings.IndexByte(keys[i:], '>'); j > 0 {
				out = append(out, keys[i:i+j+1])
				i += j + 1
				continue
			}
		}
		out = append(out, keys[i:i+1])
		i++
	}
	return out
}

func (s *vimSim) result(r Result) {
	if r.Moved {
		s.cur = r.Cursor
	}
	switch {
	case r.Err != nil:
		s.msgs = append(s.msgs, r.Err.Error())
	case r.Message != "":
		s.msgs = append(s.msgs, r.Message)
	}
	s.treeOp = true
}

// keys runs Normal-mode keys, each command typed (so each is its own block).
func (s *vimSim) keys(keys string) error {
	s.msgs, s.treeOp = nil, false
	toks := tokens(keys)
	for len(toks) > 0 {
		count := 0
		for len(toks) > 0 && len(toks[0]) == 1 && toks[0][0] >= '0' && toks[0][0] <= '9' && (count > 0 || toks[0] != "0") {
			count = count*10 + int(toks[0][0]-'0')
			toks = toks[1:]
		}
		if len(toks) == 0 {
			return &unsupportedError{"trailing count"}
		}
		if toks[0] == "." {
			toks = toks[1:]
			if s.last == nil {
				continue
			}
			if count == 0 {
				count = s.lastN
			}
			toks = append(append([]string{}, s.last...), toks...)
		}
		startToks := toks
		k := toks[0]
		toks = toks[1:]
		s.tree.Sync() // a typed key in Normal mode syncs undo
		n := max(count, 1)
		var err error
		change := true
		switch k {
		case "u":
			s.result(s.tree.Undo(n))
		case "<C-r>":
			s.result(s.tree.Redo(n))
		case "g":
			if len(toks) == 0 {
				return &unsupportedError{"g"}
			}
			switch toks[0] {
			case "g":
				s.cur = Pos{Line: max(count, 1) - 1}
				s.clampCursor()
				s.cur.Col = firstNonBlank(s.line(s.cur.Line))
			case "-":
				s.result(s.tree.Step(-n))
			case "+":
				s.result(s.tree.Step(n))
			default:
				return &unsupportedError{"g" + toks[0]}
			}
			toks = toks[1:]
		case "x":
			err = s.x(n)
		case "j":
			s.cur.Line = min(s.cur.Line+n, s.lineCount()-1)
			s.clampCursor()
			change = false
		case "k":
			s.cur.Line = max(s.cur.Line-n, 0)
			s.clampCursor()
			change = false
		case "0":
			s.cur.Col = 0
			change = false
		case "G":
			s.cur.Line = s.lineCount() - 1
			s.cur.Col = firstNonBlank(s.line(s.cur.Line))
			change = false
		case "$":
			s.cur.Col = max(len(s.line(s.cur.Line))-1, 0)
			change = false
		case "w":
			s.cur.Col = s.wordEnd(s.cur, true)
			s.clampCursor()
			change = false
		case "y":
			if len(toks) == 0 || toks[0] != "y" {
				return &unsupportedError{"y"}
			}
			toks = toks[1:]
			s.reg = s.lineRange(s.cur.Line, n)
			change = false
		case "p", "P":
			err = s.put(k == "p", n)
		case ">":
			if len(toks) == 0 || toks[0] != ">" {
				return &unsupportedError{">"}
			}
			toks = toks[1:]
			s.tree.Save(s.cur, SourceTyped)
			for l := s.cur.Line; l < min(s.cur.Line+n, s.lineCount()) && err == nil; l++ {
				err = s.apply(buffer.Change{Off: s.text().LineStart(l), New: "\t"})
			}
			s.cur.Col = firstNonBlank(s.line(s.cur.Line))
		case "J":
			err = s.join(n)
		case "i", "a", "A", "I", "o", "O":
			toks, err = s.insert(k, n, toks)
		case "d", "c":
			if len(toks) == 0 {
				return &unsupportedError{k}
			}
			op := toks[0]
			toks = toks[1:]
			switch {
			case k == "d" && op == "d":
				err = s.dd(n)
			case k == "d" && op == "w":
				err = s.dw()
			case k == "c" && op == "w":
				if err = s.cw(); err == nil {
					toks, err = s.typeText(s.off(s.cur), toks)
				}
			default:
				return &unsupportedError{k + op}
			}
		default:
			return &unsupportedError{"key " + k}
		}
		if err != nil {
			return err
		}
		switch k {
		case "u", "<C-r>", "g":
			change = false
		}
		if change {
			s.last = startToks[:len(startToks)-len(toks)]
			s.lastN = count
		}
	}
	return nil
}

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

func (s *vimSim) apply(c buffer.Change) error {
	return s.tree.Apply(c)
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

// insert runs an insert command up to <Esc>, typing key by key.
func (s *vimSim) insert(k string, count int, toks []string) ([]string, error) {
	r := s.text()
	line := s.line(s.cur.Line)
	var off int
	switch k {
	case "i":
		off = s.off(s.cur)
		s.tree.Save(s.cur, SourceTyped)
	case "a":
		if line != "" {
			s.cur.Col++
		}
		off = s.off(s.cur)
		s.tree.Save(s.cur, SourceTyped)
	case "A":
		s.cur.Col = len(line)
		off = s.off(s.cur)
		s.tree.Save(s.cur, SourceTyped)
	case "I":
		s.cur.Col = firstNonBlank(line)
		if strings.TrimLeft(line, " \t") == "" {
			s.cur.Col = len(line)
		}
		off = s.off(s.cur)
		s.tree.Save(s.cur, SourceTyped)
	case "o", "O":
		s.tree.Save(s.cur, SourceTyped)
		l := s.cur.Line
		if k == "o" {
			l++
		}
		switch {
		case l < r.Newlines() || (l == r.Newlines() && endsWithNewline(r)) || r.Len() == 0 && k == "O":
			off = r.LineStart(l)
			if err := s.apply(buffer.Change{Off: off, New: "\n"}); err != nil {
				return toks, err
			}
		default: // after a last line without '\n'
			if err := s.apply(buffer.Change{Off: r.Len(), New: "\n"}); err != nil {
				return toks, err
			}
			off = r.Len() + 1
		}
	}
	start := off
	rest, err := s.typeText(off, toks)
	if err != nil || count <= 1 {
		return rest, err
	}
	// Vim repeats the inserted text count-1 times at <Esc>.
	typed := s.text().SliceString(start, s.off(s.cur)+1)
	if k == "o" || k == "O" {
		typed += "\n"
		at := s.text().LineStart(s.cur.Line + 1)
		for i := 1; i < count; i++ {
			if err := s.apply(buffer.Change{Off: at, New: typed}); err != nil {
				return rest, err
			}
			at += len(typed)
		}
		s.cur = s.posOf(at - 2)
		return rest, nil
	}
	at := s.off(s.cur) + 1
	for i := 1; i < count; i++ {
		if err := s.apply(buffer.Change{Off: at, New: typed}); err != nil {
			return rest, err
		}
		at += len(typed)
	}
	s.cur = s.posOf(at - 1)
	return rest, nil
}

// typeText types keys at off until <Esc> and leaves the cursor on the last
// inserted character (or where the insert started).
func (s *vimSim) typeText(off int, toks []string) ([]string, error) {
	start := off
	for len(toks) > 0 {
		k := toks[0]
		toks = toks[1:]
		var text string
		switch k {
		case "<Esc>":
			p := s.posOf(off)
			if off > start || p.Col > 0 {
				if p.Col > 0 {
					p.Col--
				}
			}
			s.cur = p
			s.clampCursor()
			return toks, nil
		case "<CR>":
			text = "\n"
		case "<Space>":
			text = " "
		case "<Tab>":
			text = "\t"
		case "<lt>":
			text = "<"
		default:
			if len(k) > 1 {
				return toks, &unsupportedError{"insert key " + k}
			}
			text = k
		}
		if err := s.apply(buffer.Change{Off: off, New: text}); err != nil {
			return toks, err
		}
		off += len(text)
	}
	return toks, &unsupportedError{"insert without <Esc>"}
}

// ex runs an Ex command line.
func (s *vimSim) ex(cmd string) error {
	s.msgs, s.treeOp = nil, false
	s.tree.Sync()
	name, arg, _ := strings.Cut(strings.TrimSpace(cmd), " ")
	arg = strings.TrimSpace(arg)
	switch {
	case name == "undo" || name == "u":
		if arg == "" {
			s.result(s.tree.Undo(1))
			return nil
		}
		if n, err := strconv.Atoi(arg); err == nil {
			s.result(s.tree.Goto(n))
		} else {
			s.result(s.tree.GotoLabel(arg))
		}
	case name == "redo":
		s.result(s.tree.Redo(1))
	case name == "earlier":
		s.result(s.tree.Earlier(arg))
	case name == "later":
		s.result(s.tree.Later(arg))
	case name == "undojoin":
		if err := s.tree.Join(); err != nil {
			s.msgs = append(s.msgs, err.Error())
		}
		s.treeOp = true
	case (name == "w" || name == "w!") && arg == "":
		s.tree.MarkSaved()
	case name == "w" || name == "w!":
		// another file: not counted
	case name == "undolist":
	case name == "set" && strings.HasPrefix(arg, "undolevels="):
		n, err := strconv.Atoi(strings.TrimPrefix(arg, "undolevels="))
		if err != nil {
			return err
		}
		s.tree.SetLevels(n)
	case len(name) > 2 && name[0] == 's' && name[1] == '/':
		return s.substitute(name[2:], s.cur.Line, s.cur.Line)
	case strings.HasPrefix(name, "%s/"):
		return s.substitute(name[3:], 0, s.lineCount()-1)
	case name == "checkpoint":
		if err := s.tree.Label(arg); err != nil {
			s.msgs = append(s.msgs, err.Error())
		}
	default:
		return &unsupportedError{fmt.Sprintf("ex %q", cmd)}
	}
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
