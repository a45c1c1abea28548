package editor

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The literals of :echo's expressions (numbers, floats, strings) and the
// arithmetic on values.

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

// singleQuoted reads a 'string' (two quotes in it are one quote).
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
