package addsub

import (
	"strconv"
	"strings"
)

// literal is a parsed number (Vim's vim_str2nr): line[col:end] is its
// text, including a '-' sign when negative.
type literal struct {
	col, end int
	digits   int    // where the digits (after any sign) start
	prefix   byte   // 'x'/'X', 'b'/'B', '0' (octal) or 0 (decimal)
	n        uint64 // the magnitude
	negative bool
	hadSign  bool // the text holds a '-' sign
	first    byte // the literal's first byte (sign excluded)
}

// parseLiteral parses the number that starts at col. A '-' before it is
// its sign in Normal mode, unless the number is hex, octal or binary.
func parseLiteral(line string, col int, f Formats, fromCursor bool) literal {
	lit := literal{col: col, first: line[col]}
	if col > 0 && line[col-1] == '-' && fromCursor {
		lit.col--
		lit.negative = true
	}
	p := col
	lit.digits = p
	switch {
	case byteAt(line, p) == '0' && (byteAt(line, p+1)|0x20) == 'x' && f.Hex && isHex(byteAt(line, p+2)):
		lit.prefix = line[p+1]
		p = scan(line, p+2, 16, isHex, &lit.n)
	case byteAt(line, p) == '0' && (byteAt(line, p+1)|0x20) == 'b' && f.Bin && isBin(byteAt(line, p+2)):
		lit.prefix = line[p+1]
		p = scan(line, p+2, 2, isBin, &lit.n)
	case byteAt(line, p) == '0' && f.Octal && isOctal(line[p:]):
		lit.prefix = '0'
		p = scan(line, p, 8, isDigit, &lit.n)
	default:
		p = scan(line, p, 10, isDigit, &lit.n)
	}
	lit.end = p
	if lit.prefix != 0 && lit.negative {
		lit.col++ // a '-' before a hex, octal or binary number is not a sign
		lit.negative = false
	}
	lit.hadSign = lit.negative
	return lit
}

// scan reads digits of base from p into n and returns the end.
func scan(line string, p int, base uint64, digit func(byte) bool, n *uint64) int {
	for p < len(line) && digit(line[p]) {
		*n = *n*base + uint64(hexVal(line[p]))
		p++
	}
	return p
}

// add returns the literal plus delta. A decimal number changes sign when
// it crosses zero, as in Vim; the other bases wrap around 64 bits.
func (lit literal) add(delta int64) literal {
	subtract := delta < 0
	if lit.negative {
		subtract = !subtract
	}
	amount := uint64(delta)
	if delta < 0 {
		amount = uint64(-delta)
	}
	old := lit.n
	if subtract {
		lit.n -= amount
	} else {
		lit.n += amount
	}
	if lit.prefix == 0 {
		if subtract && lit.n > old {
			lit.n = 1 + (lit.n ^ ^uint64(0))
			lit.negative = !lit.negative
		} else if !subtract && lit.n < old {
			lit.n = lit.n ^ ^uint64(0)
			lit.negative = !lit.negative
		}
		if lit.n == 0 {
			lit.negative = false
		}
	}
	return lit
}

// format prints lit in the form of old (the literal before the change):
// the same prefix and letter case, and leading zeros up to its width.
func (lit literal) format(line string, old literal, f Formats) string {
	var b strings.Builder
	width := old.end - old.col
	if lit.negative {
		b.WriteByte('-')
	}
	if old.hadSign {
		width-- // the old '-' was part of the literal's width
	}
	if lit.prefix != 0 {
		b.WriteByte('0')
		width--
	}
	if lit.prefix != 0 && lit.prefix != '0' {
		b.WriteByte(lit.prefix)
		width--
	}
	var digits string
	switch lit.prefix {
	case 'b', 'B':
		digits = strconv.FormatUint(lit.n, 2)
	case 'x', 'X':
		digits = strconv.FormatUint(lit.n, 16)
		if hexUpper(line[old.digits:old.end]) {
			digits = strings.ToUpper(digits)
		}
	case '0':
		digits = strconv.FormatUint(lit.n, 8)
	default:
		digits = strconv.FormatUint(lit.n, 10)
	}
	width -= len(digits)
	if old.first == '0' && !(f.Octal && lit.prefix == 0) {
		for ; width > 0; width-- {
			b.WriteByte('0')
		}
	}
	b.WriteString(digits)
	return b.String()
}

func hexVal(b byte) int {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10
	}
	return int(b-'A') + 10
}

// isOctal reports whether s starts with a 0 followed by octal digits only
// (up to the first non-digit), Vim's test for an octal literal.
func isOctal(s string) bool {
	if len(s) < 2 || s[0] != '0' {
		return false
	}
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if s[i] > '7' {
			return false
		}
		i++
	}
	return i > 1
}

// hexUpper reports whether a hex literal's last letter is upper case.
func hexUpper(s string) bool {
	for i := len(s) - 1; i >= 2; i-- {
		if c := s[i]; c >= 'a' && c <= 'f' {
			return false
		} else if c >= 'A' && c <= 'F' {
			return true
		}
	}
	return false
}
