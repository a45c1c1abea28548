package exparse

import "strings"

// argument parses the argument of p.cmd starting at s[i] (after the name,
// the '!' and blanks), following the order of Vim's do_one_cmd. It returns
// the index where the command's text ends and the index where the next
// command starts (-1 if none).
func (p *parser) argument(i int) (end, next int, err error) {
	s, c, f := p.s, &p.cmd, p.sp.flags
	if i, err = p.argOpts(i); err != nil {
		return len(s), -1, err
	}
	if i, err = p.filterAndAppend(i); err != nil {
		return len(s), -1, err
	}
	if c.Name == ">" || c.Name == "<" {
		c.Amount = 1
		for i < len(s) && s[i] == c.Name[0] {
			i++
			c.Amount++
		}
		i = skipWhite(s, i)
	}
	if f&fCmdArg != 0 && !c.Filter && i < len(s) && s[i] == '+' {
		i = p.plusCmd(i + 1)
	}
	var a string
	next = -1
	switch {
	case f&fSubst != 0:
		return p.substitute(i)
	case f&fTrlBar != 0 && !c.Filter:
		a, end, next = separateNextCmd(s, i, f)
	case c.Name == "global" || c.Name == "vglobal" || c.Filter:
		a, end, next = splitAtNewline(s, i)
	default:
		a, end = s[i:], len(s)
	}
	a, expr, err := p.regCountFlags(a)
	if err != nil || expr {
		return end, next, err
	}
	if f&fExtra == 0 && a != "" && a[0] != '"' && (a[0] != '|' || f&fTrlBar == 0) {
		return end, next, trailing(a)
	}
	if (f&fNeedArg != 0 || c.Name == "k" || c.Name == "mark") && a == "" {
		return end, next, errArgRequired
	}
	if (c.Name == "k" || c.Name == "mark") && len(a) > 1 {
		return end, next, trailing(a) // Vim's ex_mark: one mark name
	}
	c.Arg = a
	return end, next, nil
}

// argOpts parses "++opt" arguments (Vim's getargopt).
func (p *parser) argOpts(i int) (int, error) {
	s := p.s
	if p.sp.flags&fArgOpt == 0 {
		return i, nil
	}
	for strings.HasPrefix(s[i:], "++") {
		opt, j, ok := argOpt(s, i+2)
		if !ok {
			return i, errInvalidArg
		}
		p.cmd.Opts = append(p.cmd.Opts, opt)
		i = skipWhite(s, j)
	}
	return i, nil
}

// argOpt parses one ++opt at s[i:] (after the "++") and returns it in
// canonical form ("bin", "nobin", "edit", "p", "ff=dos", "enc=x", "bad=x").
func argOpt(s string, i int) (string, int, bool) {
	t := s[i:]
	word := func(name string, min int) (int, bool) {
		n := commonPrefix(t, name)
		if n < min || (n < len(t) && isAlpha(t[n])) {
			return 0, false
		}
		return n, true
	}
	if n, ok := word("nobinary", 5); ok {
		return "nobin", i + n, true
	}
	if n, ok := word("binary", 3); ok {
		return "bin", i + n, true
	}
	if strings.HasPrefix(t, "edit") {
		return "edit", i + 4, true
	}
	key, n := "", 0
	switch {
	case strings.HasPrefix(t, "fileformat="):
		key, n = "ff", len("fileformat")
	case strings.HasPrefix(t, "ff="):
		key, n = "ff", 2
	case strings.HasPrefix(t, "encoding="):
		key, n = "enc", len("encoding")
	case strings.HasPrefix(t, "enc="):
		key, n = "enc", 3
	case strings.HasPrefix(t, "bad="):
		key, n = "bad", 3
	case strings.HasPrefix(t, "p"):
		return "p", i + 1, true
	default:
		return "", i, false
	}
	j := i + n + 1
	k := j
	for k < len(s) && !isSpace(s[k]) {
		if s[k] == '\\' && k+1 < len(s) {
			k++
		}
		k++
	}
	val := s[j:k]
	if key == "ff" && val != "unix" && val != "dos" && val != "mac" {
		return "", k, false
	}
	if val == "" {
		return "", k, false
	}
	return key + "=" + val, k, true
}

// filterAndAppend handles ":w >>", ":w !cmd", ":r !cmd" and ":r! cmd".
func (p *parser) filterAndAppend(i int) (int, error) {
	s, c := p.s, &p.cmd
	switch c.Name {
	case "write", "update":
		if i < len(s) && s[i] == '>' {
			if i+1 >= len(s) || s[i+1] != '>' {
				return i, errUseWAppend
			}
			c.Append = true
			return skipWhite(s, i+2), nil
		}
		if i < len(s) && s[i] == '!' && c.Name == "write" {
			c.Filter = true
			return i + 1, nil
		}
	case "read":
		if c.Bang {
			c.Bang = false
			c.Filter = true
		} else if i < len(s) && s[i] == '!' {
			c.Filter = true
			return i + 1, nil
		}
	}
	return i, nil
}

// plusCmd parses the "+cmd" argument whose text starts at s[i] (after the
// '+'): up to white space, backslashes removed; "+" alone means "$".
func (p *parser) plusCmd(i int) int {
	s, c := p.s, &p.cmd
	c.HasPlusCmd = true
	if i >= len(s) || isSpace(s[i]) {
		c.PlusCmd = "$"
		return skipWhite(s, i)
	}
	var b strings.Builder
	for i < len(s) && !isSpace(s[i]) {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
		i++
	}
	c.PlusCmd = b.String()
	return skipWhite(s, i)
}

// regCountFlags takes the register, count and print flags off the front of
// the argument a, as far as the command allows them.
// For ":put =expr" the expression becomes Arg and expr is true.
func (p *parser) regCountFlags(a string) (rest string, expr bool, err error) {
	c, f := &p.cmd, p.sp.flags
	if f&fRegStr != 0 && a != "" && !(f&fCount != 0 && isDigit(a[0])) && validRegister(a[0], c.Name != "put") {
		c.Register = a[0]
		a = a[1:]
		if c.Register == '=' && a != "" {
			c.Arg = a
			return "", true, nil
		}
		a = a[skipWhite(a, 0):]
	}
	if f&fCount != 0 && a != "" && isDigit(a[0]) && (f&fBufName == 0 || countOnly(a)) {
		n, k, ok := getDigits(a, 0)
		if !ok {
			n = maxLine
		}
		a = a[skipWhite(a, k):]
		if n <= 0 && f&fZeroR == 0 {
			return a, false, errPositiveCount
		}
		c.Count, c.HasCount = n, true
	}
	if f&fFlags != 0 {
		for a != "" && strings.IndexByte("lp#", a[0]) >= 0 {
			c.Flags += a[:1]
			a = a[skipWhite(a, 1):]
		}
	}
	return a, false, nil
}

// countOnly reports whether a starts with digits followed by the end or a
// blank (a buffer number rather than a buffer name).
func countOnly(a string) bool {
	k := 1
	for k < len(a) && isDigit(a[k]) {
		k++
	}
	return k == len(a) || isWhite(a[k])
}

// validRegister is Vim's valid_yank_reg: writing is true for :delete and
// :yank, false for :put (which may also read . % : / =).
func validRegister(r byte, writing bool) bool {
	switch {
	case isAlpha(r) || isDigit(r):
		return true
	case !writing && strings.IndexByte("/.%:=", r) >= 0:
		return true
	}
	return strings.IndexByte("#\"-_*+", r) >= 0
}

// separateNextCmd finds the end of the argument at s[i:] for a command that
// may be followed by "|cmd" or a "\"comment" (Vim's separate_nextcmd): a
// backslash before '|' or '"' is removed and the character kept, CTRL-V
// quotes the next character, trailing blanks are removed. It returns the
// argument, the index where the command ends and where the next command
// starts (-1: none; a comment hides the rest of the line).
func separateNextCmd(s string, i int, f cmdFlag) (string, int, int) {
	b := make([]byte, 0, len(s)-i)
	end, next := len(s), -1
loop:
	for p := i; p < len(s); p++ {
		ch := s[p]
		switch {
		case ch == ctrlV:
			if f&(fCtrlV|fXFile) != 0 {
				b = append(b, ch)
			}
			if p+1 < len(s) {
				p++
				b = append(b, s[p])
			}
		case (ch == '"' && f&fNoTrlCom == 0) || ch == '|' || ch == '\n':
			if len(b) > 0 && b[len(b)-1] == '\\' {
				b[len(b)-1] = ch
				continue
			}
			end = p
			if ch != '"' {
				next = p + 1
			}
			break loop
		default:
			b = append(b, ch)
		}
	}
	if f&fNoTrlCom == 0 {
		b = trimTrailingBlanks(b)
	}
	return string(b), end, next
}

const ctrlV = 0x16

// trimTrailingBlanks removes trailing blanks that are not escaped by a
// backslash or CTRL-V (Vim's del_trailing_spaces).
func trimTrailingBlanks(b []byte) []byte {
	for n := len(b); n > 1 && isWhite(b[n-1]) && b[n-2] != '\\' && b[n-2] != ctrlV; n-- {
		b = b[:n-1]
	}
	return b
}

// splitAtNewline ends the argument of :global, :vglobal and filter commands
// at a newline; a backslash before a newline is removed and the newline
// kept in the argument.
func splitAtNewline(s string, i int) (string, int, int) {
	if strings.IndexByte(s[i:], '\n') < 0 {
		return s[i:], len(s), -1
	}
	b := make([]byte, 0, len(s)-i)
	for p := i; p < len(s); p++ {
		if s[p] == '\\' && p+1 < len(s) && s[p+1] == '\n' {
			b = append(b, '\n')
			p++
			continue
		}
		if s[p] == '\n' {
			return string(b), p, p + 1
		}
		b = append(b, s[p])
	}
	return string(b), len(s), -1
}

func isSpace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }
