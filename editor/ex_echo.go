package editor

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// :echo {expr} ..., with the part of Vim's expression language that an
// editor without a script language needs: numbers (decimal, 0x, 0b and
// octal 0 or 0o) and floats, 'single' and "double" quoted strings (with
// Vim's backslash escapes), &option (&l: and &g: too), parentheses, the
// unary operators - + !, * / % + - . .., the comparisons (== != > >= <
// <= =~ !~ with # or ?), && || and ?: with Vim's precedence and
// coercions. Anything else (variables, functions, lists) is Vim's error
// for it. The values are printed on one line separated by
// spaces; a "\n" in a string starts a new line; control characters are
// shown as ^X.

// value is an expression's value: a number, a float or a string.
type value struct {
	kind int // valNumber, valFloat, valString
	n    int64
	f    float64
	s    string
}

const (
	valNumber = iota
	valFloat
	valString
)

// exEcho is :echo.
func exEcho(e *Editor, c *exparse.Cmd, rg exRange) error {
	p := &exprParser{e: e, s: c.Arg}
	var out []string
	show := func() {
		if len(out) > 0 {
			for _, l := range strings.Split(strings.Join(out, " "), "\n") {
				e.say(echoVisible(l))
			}
		}
	}
	for {
		p.skipWhite()
		if p.eof() || p.peek() == '|' || p.peek() == '\n' {
			break
		}
		v, err := p.expr1()
		if err != nil {
			show() // what came before the bad expression is shown
			return err
		}
		out = append(out, v.String())
	}
	show()
	if !p.eof() {
		// "|" ends the expressions: the rest is the next command.
		if !e.execExLine(p.s[p.i+1:], false) {
			return errAbort
		}
	}
	return nil
}

// echoVisible shows control characters (but a tab) as ^X, as Vim's
// message output does.
func echoVisible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\t':
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString("^" + string(rune(r+'@')))
		case r == 0x7f:
			b.WriteString("^?")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// String is how :echo shows a value.
func (v value) String() string {
	switch v.kind {
	case valFloat:
		switch {
		case math.IsInf(v.f, 1):
			return "inf"
		case math.IsInf(v.f, -1):
			return "-inf"
		case math.IsNaN(v.f):
			return "nan"
		}
		s := strconv.FormatFloat(v.f, 'g', 6, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		return s
	case valString:
		return v.s
	}
	return strconv.FormatInt(v.n, 10)
}

// number is a value as a number (Vim's tv_get_number: a string's leading
// number, or 0).
func (v value) number() int64 {
	switch v.kind {
	case valString:
		n, _ := parseVimNumber(strings.TrimLeft(v.s, " \t"))
		return n
	case valFloat:
		return int64(v.f)
	}
	return v.n
}

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

// truth is a value as a condition.
func (v value) truth() bool {
	if v.kind == valFloat {
		return v.f != 0
	}
	return v.number() != 0
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

// number reads a number or float literal.
func (p *exprParser) number() value {
	t := p.s[p.i:]
	n := 0
	for n < len(t) && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	// A float: digits '.' digits, with an optional exponent.
	if n < len(t)-1 && t[n] == '.' && t[n+1] >= '0' && t[n+1] <= '9' {
		m := n + 1
		for m < len(t) && t[m] >= '0' && t[m] <= '9' {
			m++
		}
		if m < len(t) && (t[m] == 'e' || t[m] == 'E') {
			k := m + 1
			if k < len(t) && (t[k] == '+' || t[k] == '-') {
				k++
			}
			if k < len(t) && t[k] >= '0' && t[k] <= '9' {
				for k < len(t) && t[k] >= '0' && t[k] <= '9' {
					k++
				}
				m = k
			}
		}
		f, _ := strconv.ParseFloat(t[:m], 64)
		p.i += m
		return value{kind: valFloat, f: f}
	}
	v, used := parseVimNumber(t)
	p.i += used
	return value{kind: valNumber, n: v}
}

// parseVimNumber reads a number at the start of s (Vim's vim_str2nr with
// hex, binary and octal): it returns the value (saturated at the int64
// limits) and the bytes read.
func parseVimNumber(s string) (int64, int) {
	neg := strings.HasPrefix(s, "-")
	t := strings.TrimPrefix(s, "-")
	base, skip := 10, 0
	switch {
	case len(t) > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && isHexDigit(t[2]):
		base, skip = 16, 2
	case len(t) > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B') && (t[2] == '0' || t[2] == '1'):
		base, skip = 2, 2
	case len(t) > 2 && t[0] == '0' && (t[1] == 'o' || t[1] == 'O') && t[2] >= '0' && t[2] <= '7':
		base, skip = 8, 2
	case len(t) > 1 && t[0] == '0' && strings.Trim(leadingDigits(t), "01234567") == "":
		base = 8
	}
	n := skip
	for n < len(t) && digitIn(t[n], base) {
		n++
	}
	if n == skip {
		return 0, 0
	}
	u, err := strconv.ParseUint(t[skip:n], base, 64)
	if err != nil || u > math.MaxInt64 {
		u = math.MaxInt64
	}
	v := int64(u)
	if neg {
		v = -v
		n++
	}
	return v, n
}

func leadingDigits(s string) string {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return s[:n]
}

func isHexDigit(c byte) bool { return digitIn(c, 16) }

func digitIn(c byte, base int) bool {
	switch base {
	case 16:
		return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	case 8:
		return c >= '0' && c <= '7'
	case 2:
		return c == '0' || c == '1'
	}
	return c >= '0' && c <= '9'
}

// binary applies a binary operator with Vim's coercions: . and ..
// concatenate strings, the others compute on numbers (floats when one
// side is a float).
func binary(op string, a, b value) value {
	if op == "." || op == ".." {
		return value{kind: valString, s: a.String() + b.String()}
	}
	if a.kind == valFloat || b.kind == valFloat {
		x, y := a.float(), b.float()
		switch op {
		case "+":
			return value{kind: valFloat, f: x + y}
		case "-":
			return value{kind: valFloat, f: x - y}
		case "*":
			return value{kind: valFloat, f: x * y}
		}
		return value{kind: valFloat, f: x / y}
	}
	x, y := a.number(), b.number()
	switch op {
	case "+":
		return value{kind: valNumber, n: x + y}
	case "-":
		return value{kind: valNumber, n: x - y}
	case "*":
		return value{kind: valNumber, n: x * y}
	case "/":
		return value{kind: valNumber, n: vimDivide(x, y)}
	}
	if y == 0 {
		return value{kind: valNumber}
	}
	return value{kind: valNumber, n: x % y}
}

func (v value) float() float64 {
	if v.kind == valFloat {
		return v.f
	}
	return float64(v.number())
}

// vimDivide is Vim's num_divide: division by zero gives the extreme of
// the dividend's sign (the smallest number for 0/0).
func vimDivide(x, y int64) int64 {
	if y != 0 {
		return x / y
	}
	switch {
	case x == 0:
		return math.MinInt64
	case x < 0:
		return -math.MaxInt64
	}
	return math.MaxInt64
}

// singleQuoted reads a 'string' ('' is one quote).
func (p *exprParser) singleQuoted() (value, error) {
	start := p.i
	var b strings.Builder
	for p.i++; ; p.i++ {
		if p.eof() {
			return value{}, fmt.Errorf("E115: Missing single quote: %s", p.s[start:])
		}
		if p.peek() == '\'' {
			if p.i+1 < len(p.s) && p.s[p.i+1] == '\'' {
				b.WriteByte('\'')
				p.i++
				continue
			}
			p.i++
			return value{kind: valString, s: b.String()}, nil
		}
		b.WriteByte(p.peek())
	}
}

// doubleQuoted reads a "string" with Vim's backslash escapes.
func (p *exprParser) doubleQuoted() (value, error) {
	start := p.i
	var b strings.Builder
	for p.i++; ; {
		if p.eof() {
			return value{}, fmt.Errorf("E114: Missing double quote: %s", p.s[start:])
		}
		c := p.peek()
		switch {
		case c == '"':
			p.i++
			return value{kind: valString, s: b.String()}, nil
		case c == '\\' && p.i+1 < len(p.s):
			p.i++
			p.escape(&b)
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

// escape reads the escape after a backslash in a double-quoted string.
func (p *exprParser) escape(b *strings.Builder) {
	c := p.peek()
	p.i++
	simple := map[byte]string{'n': "\n", 't': "\t", 'r': "\r", 'e': "\x1b", 'b': "\b", 'f': "\f", '\\': "\\", '"': "\""}
	if s, ok := simple[c]; ok {
		b.WriteString(s)
		return
	}
	hexRun := func(max int) (int64, bool) {
		n := 0
		for n < max && p.i+n < len(p.s) && isHexDigit(p.s[p.i+n]) {
			n++
		}
		if n == 0 {
			return 0, false
		}
		v, _ := strconv.ParseInt(p.s[p.i:p.i+n], 16, 64)
		p.i += n
		return v, true
	}
	switch c {
	case 'x', 'X':
		if v, ok := hexRun(2); ok {
			b.WriteByte(byte(v))
			return
		}
	case 'u':
		if v, ok := hexRun(4); ok {
			b.WriteRune(rune(v))
			return
		}
	case 'U':
		if v, ok := hexRun(8); ok && v <= utf8.MaxRune {
			b.WriteRune(rune(v))
			return
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		for k := 0; k < 2 && !p.eof() && p.peek() >= '0' && p.peek() <= '7'; k++ {
			v = v*8 + int(p.peek()-'0')
			p.i++
		}
		b.WriteByte(byte(v))
		return
	}
	b.WriteByte(c) // an unknown escape is the character itself
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

// optionValue is &name: a number option's number, a boolean's 0 or 1, a
// string option's text.
func (e *Editor) optionValue(name string) (value, bool) {
	d := findOption(name)
	if d == nil {
		return value{}, false
	}
	switch d.kind {
	case optBool:
		return value{kind: valNumber, n: b2i(*d.b(&e.opt))}, true
	case optNumber:
		return value{kind: valNumber, n: int64(*d.n(&e.opt))}, true
	}
	if d.bufLocal != nil {
		return value{kind: valString, s: *d.bufLocal(e.buf())}, true
	}
	return value{kind: valString, s: *d.s(&e.opt)}, true
}
