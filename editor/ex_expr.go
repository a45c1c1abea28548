package editor

import (
	"errors"
	"fmt"
	"strings"
)

// The expression parser of :echo (ex_echo.go): one method per level of
// Vim's precedence, from eval1 (?:) to eval7 (unary operators and atoms).

// exprParser parses and evaluates an expression at s[i:].
type exprParser struct {
	e *Editor
	s string
	i int
}

func (p *exprParser) eof() bool  { return p.i >= len(p.s) }
func (p *exprParser) peek() byte { return p.s[p.i] }

func (p *exprParser) skipWhite() {
	for !p.eof() && (p.peek() == ' ' || p.peek() == '\t') {
		p.i++
	}
}

// expr1 is cond ? a : b, as Vim's eval1.
func (p *exprParser) expr1() (value, error) {
	v, err := p.expr2()
	if err != nil {
		return v, err
	}
	p.skipWhite()
	if p.eof() || p.peek() != '?' {
		return v, nil
	}
	p.i++
	a, err := p.operand(p.expr1)
	if err != nil {
		return v, err
	}
	p.skipWhite()
	if p.eof() || p.peek() != ':' {
		return v, fmt.Errorf("E109: Missing ':' after '?'")
	}
	p.i++
	b, err := p.operand(p.expr1)
	if err != nil {
		return v, err
	}
	if v.truth() {
		return a, nil
	}
	return b, nil
}

// expr2 is ||, expr3 &&: both sides are evaluated (kjx's expressions
// have no side effects), the result is 0 or 1.
func (p *exprParser) expr2() (value, error) { return p.logical("||", p.expr3) }

func (p *exprParser) expr3() (value, error) { return p.logical("&&", p.expr4) }

func (p *exprParser) logical(op string, next func() (value, error)) (value, error) {
	v, err := next()
	if err != nil {
		return v, err
	}
	for {
		p.skipWhite()
		if !strings.HasPrefix(p.s[p.i:], op) {
			return v, nil
		}
		p.i += len(op)
		w, err := p.operand(next)
		if err != nil {
			return v, err
		}
		if op == "||" {
			v = value{kind: valNumber, n: b2i(v.truth() || w.truth())}
		} else {
			v = value{kind: valNumber, n: b2i(v.truth() && w.truth())}
		}
	}
}

// expr4 is a comparison (== != > >= < <= =~ !~, each with # to match
// case or ? to ignore it; 'ignorecase' otherwise), as Vim's eval4.
func (p *exprParser) expr4() (value, error) {
	v, err := p.expr5()
	if err != nil {
		return v, err
	}
	p.skipWhite()
	op := ""
	for _, o := range []string{"==", "!=", ">=", "<=", "=~", "!~", ">", "<"} {
		if strings.HasPrefix(p.s[p.i:], o) {
			op = o
			break
		}
	}
	if op == "" {
		return v, nil
	}
	p.i += len(op)
	ic := p.e.opt.IgnoreCase
	if !p.eof() && (p.peek() == '#' || p.peek() == '?') {
		ic = p.peek() == '?'
		p.i++
	}
	w, err := p.operand(p.expr5)
	if err != nil {
		return v, err
	}
	r, err := p.compare(op, ic, v, w)
	return value{kind: valNumber, n: b2i(r)}, err
}

// compare applies a comparison: strings as strings when both are, else
// as numbers (floats when one is).
func (p *exprParser) compare(op string, ic bool, a, b value) (bool, error) {
	if op == "=~" || op == "!~" {
		pat := b.String()
		if ic {
			pat = `\c` + pat
		} else {
			pat = `\C` + pat
		}
		re, err := p.e.compilePattern(pat)
		if err != nil {
			return false, err
		}
		return re.matchLine(a.String()) == (op == "=~"), nil
	}
	var c int
	switch {
	case a.kind == valString && b.kind == valString:
		x, y := a.s, b.s
		if ic {
			x, y = strings.ToLower(x), strings.ToLower(y)
		}
		c = strings.Compare(x, y)
	case a.kind == valFloat || b.kind == valFloat:
		c = cmpOrdered(a.float(), b.float())
	default:
		c = cmpOrdered(a.number(), b.number())
	}
	switch op {
	case "==":
		return c == 0, nil
	case "!=":
		return c != 0, nil
	case ">":
		return c > 0, nil
	case ">=":
		return c >= 0, nil
	case "<":
		return c < 0, nil
	}
	return c <= 0, nil
}

// expr5 is + - . .. (left to right, one level), as Vim's eval5.
func (p *exprParser) expr5() (value, error) {
	v, err := p.expr6()
	if err != nil {
		return v, err
	}
	for {
		p.skipWhite()
		if p.eof() {
			return v, nil
		}
		op := string(p.peek())
		if op == "." && strings.HasPrefix(p.s[p.i:], "..") {
			op = ".."
		}
		if op != "+" && op != "-" && op != "." && op != ".." {
			return v, nil
		}
		p.i += len(op)
		w, err := p.operand(p.expr6)
		if err != nil {
			return v, err
		}
		v = binary(op, v, w)
	}
}

// expr6 is * / %, as Vim's eval6.
func (p *exprParser) expr6() (value, error) {
	v, err := p.expr7()
	if err != nil {
		return v, err
	}
	for {
		p.skipWhite()
		if p.eof() || !strings.ContainsRune("*/%", rune(p.peek())) {
			return v, nil
		}
		op := string(p.peek())
		p.i++
		w, err := p.operand(p.expr7)
		if err != nil {
			return v, err
		}
		if op == "%" && (v.kind == valFloat || w.kind == valFloat) {
			return v, errors.New("E804: Cannot use '%' with Float")
		}
		v = binary(op, v, w)
	}
}

// operand parses the right side of a binary operator, which must be
// there.
func (p *exprParser) operand(next func() (value, error)) (value, error) {
	p.skipWhite()
	if p.eof() || p.peek() == '|' {
		return value{}, fmt.Errorf("E15: Invalid expression: \"%s\"", strings.TrimSpace(p.s))
	}
	return next()
}

// expr7 is the unary ! - + and the atoms, as Vim's eval7.
func (p *exprParser) expr7() (value, error) {
	p.skipWhite()
	if p.eof() {
		return value{}, fmt.Errorf("E15: Invalid expression: \"%s\"", strings.TrimSpace(p.s))
	}
	switch c := p.peek(); c {
	case '!', '-', '+':
		p.i++
		v, err := p.expr7()
		if err != nil {
			return v, err
		}
		switch {
		case c == '!' && v.kind == valFloat:
			return value{kind: valNumber, n: b2i(v.f == 0)}, nil
		case c == '!':
			return value{kind: valNumber, n: b2i(v.number() == 0)}, nil
		case c == '-' && v.kind == valFloat:
			return value{kind: valFloat, f: -v.f}, nil
		case c == '-':
			return value{kind: valNumber, n: -v.number()}, nil
		case v.kind == valFloat:
			return v, nil
		}
		return value{kind: valNumber, n: v.number()}, nil
	case '(':
		p.i++
		v, err := p.expr1()
		if err != nil {
			return v, err
		}
		p.skipWhite()
		if p.eof() || p.peek() != ')' {
			return v, errors.New("E110: Missing ')'")
		}
		p.i++
		return v, nil
	case '"':
		return p.doubleQuoted()
	case '\'':
		return p.singleQuoted()
	case '&':
		return p.option()
	}
	if c := p.peek(); c >= '0' && c <= '9' {
		start := p.i
		v := p.number()
		if !p.eof() && (isASCIILetter(p.peek()) || p.peek() == '_') {
			return v, fmt.Errorf("E15: Invalid expression: \"%s\"", strings.TrimSpace(p.s[start:]))
		}
		return v, nil
	}
	j := p.i
	for j < len(p.s) && (isASCIILetter(p.s[j]) || p.s[j] == '_' || p.s[j] == ':' || p.s[j] >= '0' && p.s[j] <= '9') {
		j++
	}
	if j > p.i {
		return value{}, fmt.Errorf("E121: Undefined variable: %s", p.s[p.i:j])
	}
	return value{}, fmt.Errorf("E15: Invalid expression: \"%s\"", strings.TrimSpace(p.s[p.i:]))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// option reads &name, &l:name or &g:name: the option's value.
func (p *exprParser) option() (value, error) {
	p.i++ // '&'
	if strings.HasPrefix(p.s[p.i:], "l:") || strings.HasPrefix(p.s[p.i:], "g:") {
		p.i += 2
	}
	j := p.i
	for j < len(p.s) && (isASCIILetter(p.s[j]) || p.s[j] == '_') {
		j++
	}
	name := p.s[p.i:j]
	p.i = j
	if name == "" {
		return value{}, fmt.Errorf("E112: Option name missing: %s", p.s)
	}
	v, ok := p.e.optionValue(name)
	if !ok {
		return value{}, fmt.Errorf("E113: Unknown option: %s", name)
	}
	return v, nil
}
