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

// newSim loads initial, a file's bytes, as kjx's editor does: the text is
// the lines joined by '\n' without the final newline, and a file holding
// only a newline is one empty line, not an empty buffer.
func newSim(initial string, clock *int64, setup []string) (*vimSim, error) {
	tr := New(buffer.FromString(strings.TrimSuffix(initial, "\n")), Options{
		Now:      func() time.Time { return time.Unix(*clock, 0) },
		Location: time.UTC,
	})
	tr.SetEmpty(initial == "")
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
func (s *vimSim) lines() []string { return strings.Split(s.text().String(), "\n") }

func (s *vimSim) line(l int) string { return lineText(s.text(), l) }

func (s *vimSim) lineCount() int { return lineCount(s.text()) }

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
			if count > 0 {
				s.cur.Line = min(count, s.lineCount()) - 1
			}
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

func (s *vimSim) apply(c buffer.Change) error {
	return s.tree.Apply(c)
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
		// The editor's openLine: "\n" at the end of the line above the
		// new one (at the start of the text for O on the first line).
		s.tree.Save(s.cur, SourceTyped)
		at, l := 0, s.cur.Line
		if k == "o" {
			l++
		}
		if l > 0 {
			at = r.LineEnd(l - 1)
			off = at + 1
		}
		if err := s.apply(buffer.Change{Off: at, New: "\n"}); err != nil {
			return toks, err
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
		typed = "\n" + typed
		at := s.text().LineEnd(s.cur.Line)
		for i := 1; i < count; i++ {
			if err := s.apply(buffer.Change{Off: at, New: typed}); err != nil {
				return rest, err
			}
			at += len(typed)
		}
		s.cur = s.posOf(at - 1)
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
