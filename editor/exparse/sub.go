package exparse

import (
	"errors"
	"strings"
)

var (
	errLetterDelim   = errors.New("E146: Regular expressions can't be delimited by letters")
	errGlobalMissing = errors.New("E148: Regular expression missing from :global")
)

// substitute parses the argument of :s, :&, :~, :smagic and :snomagic at
// s[i:] into p.cmd.Sub (Vim's do_sub: the command finds its own end, so a
// '|' inside the pattern or the replacement does not end it).
func (p *parser) substitute(i int) (end, next int, err error) {
	c := &p.cmd
	sub, argEnd, end, next, err := scanSub(p.s, i, c.Name != "&" && c.Name != "~")
	if err != nil {
		return len(p.s), -1, err
	}
	c.Sub = &sub
	c.Arg = p.s[i:argEnd]
	c.Count, c.HasCount = sub.Count, sub.Count > 0
	return end, next, nil
}

// ParseSubstitute parses the argument of :substitute,
// "/pattern/replacement/flags count" (any delimiter that is not a letter,
// digit, blank, '"' or '|'; trailing delimiters may be omitted). An argument
// without a pattern (":s", ":s g", ":s 3") repeats the last substitute.
// A '|' after the flags is an error here: Parse splits it off first.
func ParseSubstitute(arg string) (Sub, error) {
	i := skipWhite(arg, 0)
	sub, _, end, next, err := scanSub(arg, i, true)
	if err != nil {
		return Sub{}, err
	}
	if next >= 0 {
		return Sub{}, trailing(arg[end:])
	}
	return sub, nil
}

// scanSub parses a substitute argument at s[i:]. withPattern is true for :s
// (which may start with a pattern), false for :& and :~ (flags and count
// only). It returns the end of the argument text (before trailing blanks),
// the end of the command (a '|', a comment or the end of s) and the start
// of the next command (-1: none).
func scanSub(s string, i int, withPattern bool) (sub Sub, argEnd, end, next int, err error) {
	if withPattern && i < len(s) && !isWhite(s[i]) && strings.IndexByte("0123456789cegriIp|\"", s[i]) < 0 {
		if i, err = scanSubPattern(s, i, &sub); err != nil {
			return Sub{}, 0, 0, -1, err
		}
	}
	k := i
	if k < len(s) && s[k] == '&' {
		k++
	}
	for k < len(s) && strings.IndexByte("cegiInp#lr", s[k]) >= 0 {
		k++
	}
	sub.Flags = s[i:k]
	argEnd = k
	k = skipWhite(s, k)
	if k < len(s) && isDigit(s[k]) {
		n, j, ok := getDigits(s, k)
		if !ok {
			n = maxLine
		}
		if n <= 0 {
			return Sub{}, 0, 0, -1, errPositiveCount
		}
		sub.Count = n
		argEnd = j
		k = skipWhite(s, j)
	}
	switch {
	case k >= len(s) || s[k] == '"':
		return sub, argEnd, k, -1, nil
	case s[k] == '|' || s[k] == '\n':
		return sub, argEnd, k, k + 1, nil
	}
	return Sub{}, 0, 0, -1, trailing(s[k:])
}

// scanSubPattern parses "/pattern/replacement/" (or "\/replacement/") at
// s[i:] into sub and returns the index after it.
func scanSubPattern(s string, i int, sub *Sub) (int, error) {
	c := s[i]
	if isAlpha(c) {
		return i, errLetterDelim
	}
	sub.HasPattern = true
	if c == '\\' {
		if i+1 >= len(s) || strings.IndexByte("/?&", s[i+1]) < 0 {
			return i, errBackslash
		}
		sub.Prev, sub.Delim = s[i+1], s[i+1]
		i += 2
	} else {
		sub.Delim = c
		pat, j, closed := readPattern(s, i+1, c)
		sub.Pattern = pat
		i = j
		if !closed {
			return i, nil
		}
	}
	sub.HasReplacement = true
	j := i
	for j < len(s) && s[j] != sub.Delim {
		if s[j] == '\\' && j+1 < len(s) {
			j++
		}
		j += charLen(s, j)
	}
	sub.Replacement = s[i:min(j, len(s))]
	if j < len(s) {
		j++
	}
	return j, nil
}

// ParseGlobal parses the argument of :global and :vglobal,
// "/pattern/command": it returns the pattern (delimiter escapes kept, "\?"
// unescaped with '?'), the command ("" means :p) and the delimiter. For
// the Vi forms "\/cmd", "\?cmd" (last search pattern) and "\&cmd" (last
// substitute pattern) the pattern is "" and delim is '/', '?' or '&' with
// no closing delimiter; use ParseGlobalArg to tell them apart from "//cmd".
func ParseGlobal(arg string) (pattern, command string, delim byte, err error) {
	g, err := ParseGlobalArg(arg)
	return g.Pattern, g.Command, g.Delim, err
}

// Global is a parsed :global argument.
type Global struct {
	Pattern string // "" = the last used search pattern (or Prev's)
	Command string // "" means :print
	Delim   byte
	// Prev is '/', '?' or '&' for "\/", "\?" and "\&"; 0 otherwise.
	Prev byte
}

// ParseGlobalArg parses the argument of :global and :vglobal (see
// ParseGlobal).
func ParseGlobalArg(arg string) (Global, error) {
	var g Global
	i := skipWhite(arg, 0)
	switch {
	case i >= len(arg):
		return g, errGlobalMissing
	case arg[i] == '\\':
		if i+1 >= len(arg) || strings.IndexByte("/?&", arg[i+1]) < 0 {
			return g, errBackslash
		}
		g.Prev, g.Delim = arg[i+1], arg[i+1]
		g.Command = arg[i+2:]
		return g, nil
	case isAlpha(arg[i]):
		return g, errLetterDelim
	}
	g.Delim = arg[i]
	pat, j, _ := readPattern(arg, i+1, g.Delim)
	g.Pattern = pat
	g.Command = arg[j:]
	return g, nil
}
