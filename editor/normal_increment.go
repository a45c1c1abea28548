package editor

import (
	"strconv"
	"strings"
)

// cmdIncrement is CTRL-A / CTRL-X: add count to the number at or after
// the cursor ('nrformats': bin, hex; octal and alpha when listed).
func cmdIncrement(e *Editor, c *ncmd) {
	delta := int64(c.count1())
	if c.name == "<C-x>" {
		delta = -delta
	}
	l := e.win.cur.Line
	e.saveUndo() // Vim saves the line before looking for a number
	e.setRedo(c)
	col, ok := e.incrementLine(l, e.win.cur.Col, delta, true)
	if !ok {
		return
	}
	e.win.cur = Pos{Line: l, Col: col}
}

// vIncrement is CTRL-A / CTRL-X (and g CTRL-A: progressive) in Visual mode.
func vIncrement(e *Editor, c *ncmd) {
	rg := e.visualRange()
	e.saveVisual()
	e.mode = ModeNormal
	delta := int64(c.count1())
	if strings.HasSuffix(c.name, "<C-x>") {
		delta = -delta
	}
	progressive := strings.HasPrefix(c.name, "g")
	step := delta
	for l := rg.start.Line; l <= rg.lastLine(); l++ {
		start := 0
		if rg.kind == exclusive && l == rg.start.Line {
			start = rg.start.Col
		}
		if rg.kind == blockwise {
			start, _ = e.blockCols(l, rg)
		}
		if _, ok := e.incrementLine(l, start, delta, false); ok && progressive {
			delta += step
		}
	}
	e.win.cur = Pos{Line: rg.start.Line, Col: rg.start.Col}
	if rg.kind != exclusive {
		e.win.cur.Col = 0
	}
}

// incrementLine is Vim's do_addsub on line l from col: find the number
// at or after col (hex and binary literals are recognised around the
// cursor, per 'nrformats'), add delta, keep the literal's width when it has
// leading zeros. It returns the column of the new number's last character.
func (e *Editor) incrementLine(l, col int, delta int64, normal bool) (int, bool) {
	line := lineText(e.text(), l)
	nf := "," + e.opt.NrFormats + ","
	dohex, dobin := strings.Contains(nf, ",hex,"), strings.Contains(nf, ",bin,")
	dooct, doalp := strings.Contains(nf, ",octal,"), strings.Contains(nf, ",alpha,")
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	isX := func(b byte) bool { return isDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }
	isB := func(b byte) bool { return b == '0' || b == '1' }
	at := func(i int) byte {
		if i < 0 || i >= len(line) {
			return 0
		}
		return line[i]
	}
	if line == "" || col >= len(line) {
		return 0, false
	}
	if normal {
		c := col
		if dobin {
			for c > 0 && isB(line[c]) {
				c--
			}
		}
		if dohex {
			for c > 0 && isX(line[c]) {
				c--
			}
		}
		hexAt := func(c int) bool {
			return dohex && c > 0 && (line[c] == 'x' || line[c] == 'X') && line[c-1] == '0' && isX(at(c+1))
		}
		binAt := func(c int) bool {
			return dobin && c > 0 && (line[c] == 'b' || line[c] == 'B') && line[c-1] == '0' && isB(at(c+1))
		}
		if dobin && dohex && !hexAt(c) {
			c = col // a binary/hex overlap: scan again for decimal digits
			for c > 0 && isDigit(line[c]) {
				c--
			}
		}
		if hexAt(c) || binAt(c) {
			col = c - 1
		} else {
			c = col
			for c < len(line) && !isDigit(line[c]) && !(doalp && isAlpha(line[c])) {
				c++
			}
			for c > 0 && isDigit(line[c-1]) && !(doalp && isAlpha(at(c))) {
				c--
			}
			col = c
		}
	}
	first := at(col)
	if !isDigit(first) && !(doalp && isAlpha(first)) {
		return 0, false
	}
	ls := lineStart(e.text(), l)
	if doalp && isAlpha(first) {
		base := byte('a')
		if first < 'a' {
			base = 'A'
		}
		n := min(max(int64(first-base)+delta, 0), 25)
		e.replaceRange(ls+col, ls+col+1, string(rune(base+byte(n))))
		return col, true
	}
	negative := false
	if col > 0 && line[col-1] == '-' && normal {
		col--
		negative = true
	}
	// Parse the literal (Vim's vim_str2nr).
	p := col
	if negative {
		p++
	}
	var pre byte
	var n uint64
	start := p
	switch {
	case at(p) == '0' && (at(p+1) == 'x' || at(p+1) == 'X') && dohex && isX(at(p+2)):
		pre = at(p + 1)
		p += 2
		for p < len(line) && isX(line[p]) {
			n = n*16 + uint64(hexVal(line[p]))
			p++
		}
	case at(p) == '0' && (at(p+1) == 'b' || at(p+1) == 'B') && dobin && isB(at(p+2)):
		pre = at(p + 1)
		p += 2
		for p < len(line) && isB(line[p]) {
			n = n*2 + uint64(line[p]-'0')
			p++
		}
	case at(p) == '0' && dooct && isOctal(line[p:]):
		pre = '0'
		for p < len(line) && isDigit(line[p]) {
			n = n*8 + uint64(line[p]-'0')
			p++
		}
	default:
		for p < len(line) && isDigit(line[p]) {
			n = n*10 + uint64(line[p]-'0')
			p++
		}
	}
	length := p - col
	if pre != 0 && negative {
		col++ // a '-' before a hex, octal or binary number is not a sign
		length--
		negative = false
	}
	hadSign := negative
	subtract := delta < 0
	if negative {
		subtract = !subtract
	}
	amount := uint64(delta)
	if delta < 0 {
		amount = uint64(-delta)
	}
	old := n
	if subtract {
		n -= amount
	} else {
		n += amount
	}
	if pre == 0 {
		if subtract && n > old {
			n = 1 + (n ^ ^uint64(0))
			negative = !negative
		} else if !subtract && n < old {
			n = n ^ ^uint64(0)
			negative = !negative
		}
		if n == 0 {
			negative = false
		}
	}
	var b strings.Builder
	if negative {
		b.WriteByte('-')
	}
	if hadSign {
		length-- // the old '-' was part of the literal's width
	}
	if pre != 0 {
		b.WriteByte('0')
		length--
	}
	if pre != 0 && pre != '0' {
		b.WriteByte(pre)
		length--
	}
	var digits string
	switch pre {
	case 'b', 'B':
		digits = strconv.FormatUint(n, 2)
	case 'x', 'X':
		digits = strconv.FormatUint(n, 16)
		if hexUpper(line[start:p]) {
			digits = strings.ToUpper(digits)
		}
	case '0':
		digits = strconv.FormatUint(n, 8)
	default:
		digits = strconv.FormatUint(n, 10)
	}
	length -= len(digits)
	if first == '0' && !(dooct && pre == 0) {
		for ; length > 0; length-- {
			b.WriteByte('0')
		}
	}
	b.WriteString(digits)
	s := b.String()
	e.replaceRange(ls+col, ls+p, s)
	return col + len(s) - 1, true
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

func isAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
