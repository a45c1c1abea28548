// Package addsub is the number arithmetic of CTRL-A and CTRL-X (Vim's
// do_addsub) on one line of text: find the number at or after a column,
// parse it as 'nrformats' allows (decimal, hex, binary, octal, a letter),
// add to it and print it back in the same form and width. It is pure: the
// editor turns the result into one change of the buffer.
package addsub

import "strings"

// Formats are the 'nrformats' flags.
type Formats struct {
	Hex, Bin, Octal, Alpha bool
}

// ParseFormats reads a 'nrformats' value ("bin,octal,hex"); unknown names
// are ignored (the option table validates them).
func ParseFormats(nrformats string) Formats {
	nf := "," + nrformats + ","
	return Formats{
		Hex:   strings.Contains(nf, ",hex,"),
		Bin:   strings.Contains(nf, ",bin,"),
		Octal: strings.Contains(nf, ",octal,"),
		Alpha: strings.Contains(nf, ",alpha,"),
	}
}

// Edit replaces line[Start:End] with Text; Last is the column of the new
// number's last character, where CTRL-A leaves the cursor.
type Edit struct {
	Start, End int
	Text       string
	Last       int
}

// Add adds delta to the number at or after col in line. fromCursor is
// Normal mode's search, which also finds a hex or binary literal whose
// prefix is left of col and takes a '-' before the number as its sign;
// Visual mode (false) starts at col exactly. ok is false when there is no
// number.
func Add(line string, col int, delta int64, f Formats, fromCursor bool) (Edit, bool) {
	if line == "" || col >= len(line) {
		return Edit{}, false
	}
	if fromCursor {
		col = findNumber(line, col, f)
	}
	first := byteAt(line, col)
	if !isDigit(first) && !(f.Alpha && isAlpha(first)) {
		return Edit{}, false
	}
	if f.Alpha && isAlpha(first) {
		return addLetter(first, col, delta), true
	}
	lit := parseLiteral(line, col, f, fromCursor)
	text := lit.add(delta).format(line, lit, f)
	return Edit{Start: lit.col, End: lit.end, Text: text, Last: lit.col + len(text) - 1}, true
}

// addLetter is CTRL-A on a letter ('nrformats' alpha): it stays between a
// and z (A and Z).
func addLetter(first byte, col int, delta int64) Edit {
	base := byte('a')
	if first < 'a' {
		base = 'A'
	}
	n := min(max(int64(first-base)+delta, 0), 25)
	return Edit{Start: col, End: col + 1, Text: string(rune(base + byte(n))), Last: col}
}

// findNumber is Normal mode's search for the start of the number under or
// after col: back over hex or binary digits to a 0x/0b prefix, else
// forward to the first digit (or letter) and back to its first digit.
func findNumber(line string, col int, f Formats) int {
	c := col
	if f.Bin {
		for c > 0 && isBin(line[c]) {
			c--
		}
	}
	if f.Hex {
		for c > 0 && isHex(line[c]) {
			c--
		}
	}
	if f.Bin && f.Hex && !prefixAt(line, c, f.Hex, 'x', isHex) {
		c = col // a binary/hex overlap: scan again for decimal digits
		for c > 0 && isDigit(line[c]) {
			c--
		}
	}
	if prefixAt(line, c, f.Hex, 'x', isHex) || prefixAt(line, c, f.Bin, 'b', isBin) {
		return c - 1
	}
	c = col
	for c < len(line) && !isDigit(line[c]) && !(f.Alpha && isAlpha(line[c])) {
		c++
	}
	for c > 0 && isDigit(line[c-1]) && !(f.Alpha && isAlpha(byteAt(line, c))) {
		c--
	}
	return c
}

// prefixAt reports whether line[c] is the letter of an enabled 0x or 0b
// prefix followed by a digit of its base.
func prefixAt(line string, c int, enabled bool, letter byte, digit func(byte) bool) bool {
	return enabled && c > 0 && (line[c]|0x20) == letter && line[c-1] == '0' && digit(byteAt(line, c+1))
}

func byteAt(s string, i int) byte {
	if i < 0 || i >= len(s) {
		return 0
	}
	return s[i]
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
func isHex(b byte) bool   { return isDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }
func isBin(b byte) bool   { return b == '0' || b == '1' }
func isAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
