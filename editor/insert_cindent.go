package editor

import "strings"

// C indenting for = (Vim's 'cindent' with the default 'cinoptions'), the
// part of it that ordinary C-like code meets, checked line by line against
// Vim (cindent_test.go):
//
//   - a block's lines are one 'shiftwidth' deeper than the line that opened
//     it, a line starting with } goes back to that line's indent;
//   - inside unclosed parentheses a line is two 'shiftwidth' deeper than
//     the line with the innermost unclosed ( (cino "(2s");
//   - the one statement after an if, else, for, while or do without a brace
//     is one 'shiftwidth' deeper (a { on its own line is not);
//   - a statement that goes on to the next line continues one 'shiftwidth'
//     deeper (cino "+s");
//   - in a switch, case and default labels are one 'shiftwidth' in, the
//     statements under them two (cino ":s", "=s");
//   - preprocessor lines go to column 0, empty lines stay empty;
//   - the lines of a /* comment line up under it (a middle * under its *).
//
// Not modelled: comments' own alignment, labels, K&R parameter lines,
// class and namespace rules, and every other 'cinoptions' value.

// cBlock is an open {.
type cBlock struct {
	indent int  // the indent of the line that opened it
	swtch  bool // it is a switch's block
}

// cState is what the lines above the one being indented left open.
type cState struct {
	blocks  []cBlock
	parens  []int // per unclosed (: the indent of its line
	inCmt   bool  // inside a /* comment
	cmtInd  int   // the indent of the line where that comment began
	header  int   // indent of an unbraced if/else/for/while/do header just before, or -1
	cont    int   // indent of the statement that goes on, or -1
	swtchHd bool  // the last code line was a switch header (its { may follow)
	// ifs are the if lines an else may still belong to: indent and the
	// number of open blocks at the if.
	ifs []cIf
}

// cIf is an if an else may belong to.
type cIf struct{ indent, depth int }

// elseIf returns the index in ifs of the if an else at block depth d
// belongs to (the latest at that depth: C's dangling else), or -1.
func (s *cState) elseIf(d int) int {
	for i := len(s.ifs) - 1; i >= 0; i-- {
		if s.ifs[i].depth == d {
			return i
		}
		if s.ifs[i].depth < d {
			break
		}
	}
	return -1
}

// startsWord reports whether s starts with the word w.
func startsWord(s, w string) bool {
	return strings.HasPrefix(s, w) && (len(s) == len(w) || !isWordByte(s[len(w)]))
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func newCState() *cState { return &cState{header: -1, cont: -1} }

// indentFor returns the indent (display columns) of a line whose text
// without leading blanks is body, given the lines above.
func (s *cState) indentFor(body string, sw int) int {
	switch {
	case s.inCmt && strings.HasPrefix(body, "*"):
		return s.cmtInd + 1 // a middle * under the * of /*
	case s.inCmt:
		return s.cmtInd + 3
	case strings.HasPrefix(body, "#"):
		return 0
	case len(s.parens) > 0:
		return s.parens[len(s.parens)-1] + 2*sw
	}
	base, swtch := 0, false
	if n := len(s.blocks); n > 0 {
		base, swtch = s.blocks[n-1].indent+sw, s.blocks[n-1].swtch
	}
	if strings.HasPrefix(body, "}") {
		if n := len(s.blocks); n > 0 {
			return s.blocks[n-1].indent
		}
		return 0
	}
	if startsWord(body, "else") {
		if i := s.elseIf(len(s.blocks)); i >= 0 {
			return s.ifs[i].indent
		}
	}
	switch {
	case s.header >= 0 && strings.HasPrefix(body, "{"):
		return s.header
	case s.header >= 0:
		return s.header + sw
	case s.cont >= 0 && len(s.blocks) > 0 && !strings.HasPrefix(body, "{"):
		return s.cont + sw
	case swtch && !isCaseLabel(body):
		return base + sw
	}
	return base
}

// isCaseLabel reports whether body starts a case or default label.
func isCaseLabel(body string) bool {
	return strings.HasPrefix(body, "case ") || strings.HasPrefix(body, "case\t") ||
		strings.HasPrefix(body, "default:") || strings.HasPrefix(body, "default :")
}

// isHeader reports whether code (a line without comments, trimmed) is an
// if, else, for, while or do header whose statement is on the next line.
func isHeader(code string) bool {
	word := code
	if i := strings.IndexAny(code, " \t("); i >= 0 {
		word = code[:i]
	}
	switch word {
	case "else", "do":
		rest := strings.TrimSpace(code[len(word):])
		if word == "else" && strings.HasPrefix(rest, "if") {
			return isHeader(rest)
		}
		return rest == ""
	case "if", "for", "while":
		return strings.HasSuffix(code, ")") && parensClosed(code)
	}
	return false
}

// noteIfElse records an if line (rest is the line after its leading
// closing braces, depth the open blocks then) and lets an else take its
// if. As in Vim, an else after a } on its line takes none: a later else
// still lines up with that if.
func (s *cState) noteIfElse(indent, depth int, rest string, own bool) {
	if startsWord(rest, "else") && own {
		if i := s.elseIf(depth); i >= 0 {
			s.ifs = s.ifs[:i]
		}
		rest = strings.TrimLeft(rest[len("else"):], " \t")
	}
	if startsWord(rest, "if") {
		s.ifs = append(s.ifs, cIf{indent: indent, depth: depth})
	}
}

// parensClosed reports whether the parentheses of s balance.
func parensClosed(s string) bool {
	return strings.Count(s, "(") == strings.Count(s, ")")
}

// feed updates the state with a line (its indent and its text without
// leading blanks).
func (s *cState) feed(indent int, body string) {
	if (strings.HasPrefix(body, "#") && !s.inCmt) || body == "" {
		return
	}
	rest := strings.TrimLeft(body, "} \t")
	depth := len(s.blocks) - strings.Count(body[:len(body)-len(rest)], "}")
	s.noteIfElse(indent, max(depth, 0), rest, rest == body)
	code := s.scan(indent, body)
	code = strings.TrimSpace(code)
	if code == "" {
		return
	}
	if len(s.parens) > 0 {
		s.header = -1
		return // the statement goes on inside its parentheses
	}
	last := code[len(code)-1]
	switch {
	case isHeader(strings.TrimLeft(code, "} \t")):
		s.header, s.cont = indent, -1
	case last == ';' || last == '}' || last == '{' || last == ':' || last == ',':
		s.header, s.cont = -1, -1
	default:
		if s.cont < 0 {
			s.cont = indent
		}
		s.header = -1
	}
	s.swtchHd = strings.HasPrefix(code, "switch") && strings.HasSuffix(code, ")")
}

// scan walks the line's code, outside strings, character literals and
// comments: it opens and closes blocks and parentheses, and returns the
// code with the comments removed.
func (s *cState) scan(indent int, body string) string {
	var code strings.Builder
	switchLine := strings.HasPrefix(body, "switch")
	for i := 0; i < len(body); i++ {
		c := body[i]
		if s.inCmt {
			if c == '*' && i+1 < len(body) && body[i+1] == '/' {
				s.inCmt = false
				i++
			}
			continue
		}
		switch {
		case c == '/' && i+1 < len(body) && body[i+1] == '/':
			return code.String()
		case c == '/' && i+1 < len(body) && body[i+1] == '*':
			s.inCmt, s.cmtInd = true, indent
			i++
			continue
		case c == '"' || c == '\'':
			j := skipQuoted(body, i)
			code.WriteString(body[i:j])
			i = j - 1
			continue
		case c == '(':
			s.parens = append(s.parens, indent)
		case c == ')':
			if n := len(s.parens); n > 0 {
				s.parens = s.parens[:n-1]
			}
		case c == '{':
			opener := indent
			if s.header >= 0 && strings.HasPrefix(body, "{") {
				opener = s.header
			}
			s.blocks = append(s.blocks, cBlock{indent: opener, swtch: switchLine || (s.swtchHd && strings.HasPrefix(body, "{"))})
			s.header, s.cont = -1, -1
		case c == '}':
			if n := len(s.blocks); n > 0 {
				s.blocks = s.blocks[:n-1]
			}
			for len(s.ifs) > 0 && s.ifs[len(s.ifs)-1].depth > len(s.blocks) {
				s.ifs = s.ifs[:len(s.ifs)-1]
			}
		}
		code.WriteByte(c)
	}
	return code.String()
}

// skipQuoted returns the index after the string or character literal that
// starts at i (or the end of the line).
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(s)
}
