package editor

import (
	"math/big"
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
	for l := rg.start.Line; l <= rg.end.Line; l++ {
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

// incrementLine finds the number at or after col on line l and adds delta;
// it returns the column of the number's last character.
func (e *Editor) incrementLine(l, col int, delta int64, fromCursor bool) (int, bool) {
	line := lineText(e.text(), l)
	nf := "," + e.opt.NrFormats + ","
	hex := strings.Contains(nf, ",hex,")
	bin := strings.Contains(nf, ",bin,")
	oct := strings.Contains(nf, ",octal,")
	alpha := strings.Contains(nf, ",alpha,")
	isDigit := func(b byte) bool { return b >= '0' && b <= '9' }
	isHex := func(b byte) bool { return isDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }
	// If the cursor is inside a hex or binary literal, start at its prefix.
	start := col
	if hex || bin {
		p := col
		for p > 0 && isHex(line[p-1]) {
			p--
		}
		if p >= 2 && line[p-2] == '0' && (hex && (line[p-1] == 'x' || line[p-1] == 'X') || bin && (line[p-1] == 'b' || line[p-1] == 'B')) {
			start = p - 2
		} else if p >= 1 && p < len(line) && line[p-1] == '0' && (hex && (line[p] == 'x' || line[p] == 'X')) {
			start = p - 1
		}
	}
	// Inside a decimal number: go to its start.
	for start > 0 && start < len(line) && isDigit(line[start]) && isDigit(line[start-1]) {
		start--
	}
	i := start
	for i < len(line) && !isDigit(line[i]) && !(alpha && isAlpha(line[i])) {
		i++
	}
	if i >= len(line) {
		return 0, false
	}
	ls := lineStart(e.text(), l)
	if alpha && isAlpha(line[i]) {
		ch := line[i]
		base := byte('a')
		if ch < 'a' {
			base = 'A'
		}
		n := int64(ch-base) + delta
		n = min(max(n, 0), 25)
		e.replaceRange(ls+i, ls+i+1, string(rune(base+byte(n))))
		return i, true
	}
	// Prefixes.
	if hex && i+2 < len(line)+1 && line[i] == '0' && i+1 < len(line) && (line[i+1] == 'x' || line[i+1] == 'X') && i+2 < len(line) && isHex(line[i+2]) {
		j := i + 2
		for j < len(line) && isHex(line[j]) {
			j++
		}
		digits := line[i+2 : j]
		n := new(big.Int)
		n.SetString(digits, 16)
		n.Add(n, big.NewInt(delta))
		mod := new(big.Int).Lsh(big.NewInt(1), uint(4*max(len(digits), 16)))
		if len(digits) <= 16 {
			mod = new(big.Int).Lsh(big.NewInt(1), 64)
		}
		n.Mod(n, mod)
		s := n.Text(16)
		upper := strings.ToUpper(digits) == digits && strings.ToLower(digits) != digits
		if upper {
			s = strings.ToUpper(s)
		}
		if len(s) < len(digits) {
			s = strings.Repeat("0", len(digits)-len(s)) + s
		}
		e.replaceRange(ls+i+2, ls+j, s)
		return i + 2 + len(s) - 1, true
	}
	if bin && line[i] == '0' && i+2 < len(line) && (line[i+1] == 'b' || line[i+1] == 'B') && (line[i+2] == '0' || line[i+2] == '1') {
		j := i + 2
		for j < len(line) && (line[j] == '0' || line[j] == '1') {
			j++
		}
		digits := line[i+2 : j]
		n := new(big.Int)
		n.SetString(digits, 2)
		n.Add(n, big.NewInt(delta))
		n.Mod(n, new(big.Int).Lsh(big.NewInt(1), 64))
		s := n.Text(2)
		if len(s) < len(digits) {
			s = strings.Repeat("0", len(digits)-len(s)) + s
		}
		e.replaceRange(ls+i+2, ls+j, s)
		return i + 2 + len(s) - 1, true
	}
	j := i
	for j < len(line) && isDigit(line[j]) {
		j++
	}
	digits := line[i:j]
	if oct && len(digits) > 1 && digits[0] == '0' && strings.Trim(digits, "01234567") == "" {
		n := new(big.Int)
		n.SetString(digits[1:], 8)
		n.Add(n, big.NewInt(delta))
		n.Mod(n, new(big.Int).Lsh(big.NewInt(1), 64))
		s := n.Text(8)
		if len(s) < len(digits)-1 {
			s = strings.Repeat("0", len(digits)-1-len(s)) + s
		}
		e.replaceRange(ls+i+1, ls+j, s)
		return i + len(s), true
	}
	neg := i > 0 && line[i-1] == '-'
	numStart := i
	if neg {
		numStart = i - 1
	}
	n := new(big.Int)
	n.SetString(digits, 10)
	if neg {
		n.Neg(n)
	}
	n.Add(n, big.NewInt(delta))
	// Vim wraps like an unsigned 64-bit value on overflow; keep within int64.
	limit := new(big.Int).Lsh(big.NewInt(1), 63)
	if n.Cmp(limit) >= 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), 64))
	}
	s := n.String()
	// Keep leading zeros' width for zero-padded numbers.
	if len(digits) > 1 && digits[0] == '0' {
		abs := strings.TrimPrefix(s, "-")
		if len(abs) < len(digits) {
			abs = strings.Repeat("0", len(digits)-len(abs)) + abs
		}
		if strings.HasPrefix(s, "-") {
			s = "-" + abs
		} else {
			s = abs
		}
	}
	e.replaceRange(ls+numStart, ls+j, s)
	return numStart + len(s) - 1, true
}

func isAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// cmdJump is CTRL-O / CTRL-I (Tab): kjx keeps one jump back (the ' mark).
func cmdJump(e *Editor, c *ncmd) {
	p, ok := e.buf().marks['\'']
	if !ok {
		return
	}
	cur := e.win.cur
	e.win.cur = p
	e.buf().marks['\''] = cur
	e.win.clampCursor(false)
}
