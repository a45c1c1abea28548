package exparse

import (
	"errors"
	"math"
)

// maxLine bounds numbers and offsets so that evaluating them cannot overflow
// an int on any platform; Vim gives E1247 for such numbers too.
const maxLine = math.MaxInt32

var (
	errBackslash   = errors.New(`E10: \ should be followed by /, ? or &`)
	errLineRange   = errors.New("E1247: Line number out of range")
	errMarkMissing = errors.New("E20: Mark not set")
)

// parseRange parses the range at s[i:] (Vim's parse_cmd_range) and returns
// it with the index of the first byte after it.
func parseRange(s string, i int) (Range, int, error) {
	var r Range
	for {
		i = skipWhite(s, i)
		a, j, found, err := parseAddr(s, i)
		if err != nil {
			return Range{}, j, err
		}
		i = j
		switch {
		case found:
			r.Addrs = append(r.Addrs, a)
		case i < len(s) && s[i] == '%':
			i = skipOffsets(s, i+1) // Vim ignores an offset after % ("%2d" is "%d")
			r.Addrs = append(r.Addrs, Addr{Kind: AddrNumber, Number: 1}, Addr{Kind: AddrLast})
			r.Whole = true
		case i < len(s) && s[i] == '*':
			i++
			r.Addrs = append(r.Addrs, Addr{Kind: AddrMark, Mark: '<'}, Addr{Kind: AddrMark, Mark: '>'})
		case len(r.Addrs) == 0 && (i >= len(s) || s[i] != ',' && s[i] != ';'):
			return r, i, nil // no address and no separator: no range at all
		default:
			// A missing address is the cursor line (default_address).
			r.Addrs = append(r.Addrs, Addr{Kind: AddrCurrent})
		}
		if i < len(s) && s[i] == ';' {
			r.Addrs[len(r.Addrs)-1].SetCursor = true
			r.Semicolon = true
		} else if i >= len(s) || s[i] != ',' {
			if !found && len(r.Addrs) == 1 {
				// Only an implicit address: no range at all.
				r.Addrs = nil
			}
			break
		}
		i++
	}
	if r.Whole {
		if len(r.Addrs) == 2 && !r.Semicolon {
			r.Addrs = nil // plain "%"
		} else {
			r.Whole = false
		}
	}
	return r, i, nil
}

// parseAddr parses one address at s[i:] (Vim's get_address): a base, its
// offsets, and any searches that follow. found is false when there is no
// address (the caller then looks for '%' or '*').
func parseAddr(s string, i int) (Addr, int, bool, error) {
	var a Addr
	found := false
	for first := true; ; first = false {
		part := Addr{Kind: AddrCurrent}
		has := false
		var err error
		if i < len(s) {
			part, i, has, err = parseBase(s, i, first)
			if err != nil {
				return Addr{}, i, false, err
			}
		}
		// Offsets: "+N", "-N", "+", "-", and a bare "N" meaning "+N".
		for {
			i = skipWhite(s, i)
			if i >= len(s) || (s[i] != '+' && s[i] != '-' && !isDigit(s[i])) {
				break
			}
			has = true
			sign := 1
			if s[i] == '-' {
				sign = -1
			}
			if !isDigit(s[i]) {
				i++
			}
			n := 1
			if i < len(s) && isDigit(s[i]) {
				var ok bool
				n, i, ok = getDigits(s, i)
				if !ok {
					return Addr{}, i, false, errLineRange
				}
			}
			part.Offset += sign * n
			if part.Offset > maxLine || part.Offset < -maxLine {
				return Addr{}, i, false, errLineRange
			}
		}
		if first {
			a = part
			found = has
		} else {
			a.Then = append(a.Then, part)
		}
		if i >= len(s) || (s[i] != '/' && s[i] != '?') {
			return a, i, found, nil
		}
		found = true
	}
}

// parseBase parses the base of an address. On the first pass any base may
// appear; later passes (after a previous address) only see '/' or '?'.
func parseBase(s string, i int, first bool) (Addr, int, bool, error) {
	switch c := s[i]; {
	case c == '.' && first:
		return Addr{Kind: AddrCurrent}, i + 1, true, nil
	case c == '$' && first:
		return Addr{Kind: AddrLast}, i + 1, true, nil
	case c == '\'' && first:
		if i+1 >= len(s) {
			return Addr{}, i + 1, false, errMarkMissing
		}
		return Addr{Kind: AddrMark, Mark: s[i+1]}, i + 2, true, nil
	case c == '/' || c == '?':
		pat, j, _ := readPattern(s, i+1, c)
		kind := AddrSearch
		if c == '?' {
			kind = AddrSearchBack
		}
		return Addr{Kind: kind, Pattern: pat}, j, true, nil
	case c == '\\' && first:
		if i+1 < len(s) && (s[i+1] == '/' || s[i+1] == '?' || s[i+1] == '&') {
			return Addr{Kind: AddrPrevSearch, Mark: s[i+1]}, i + 2, true, nil
		}
		return Addr{}, i + 1, false, errBackslash
	case isDigit(c) && first:
		n, j, ok := getDigits(s, i)
		if !ok {
			return Addr{}, j, false, errLineRange
		}
		return Addr{Kind: AddrNumber, Number: n}, j, true, nil
	}
	return Addr{Kind: AddrCurrent}, i, false, nil
}

// getDigits reads a decimal number at s[i:]; ok is false when it exceeds
// maxLine.
func getDigits(s string, i int) (int, int, bool) {
	n := 0
	ok := true
	for i < len(s) && isDigit(s[i]) {
		if n > maxLine/10 {
			ok = false
		} else {
			n = n*10 + int(s[i]-'0')
		}
		i++
	}
	if n > maxLine {
		ok = false
	}
	return n, i, ok
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
func isWhite(c byte) bool { return c == ' ' || c == '\t' }

func skipWhite(s string, i int) int {
	for i < len(s) && isWhite(s[i]) {
		i++
	}
	return i
}

// skipOffsets skips blanks, digits, '+' and '-' from s[i]: what Vim
// passes over after a "%" range.
func skipOffsets(s string, i int) int {
	for i < len(s) && (isWhite(s[i]) || isDigit(s[i]) || s[i] == '+' || s[i] == '-') {
		i++
	}
	return i
}
