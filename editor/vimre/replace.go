package vimre

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrExpression is returned for a replacement that starts with \=, which
// kjx does not evaluate.
var ErrExpression = errors.New(`E15: kjx cannot evaluate \= expressions in a replacement`)

// ExpandTilde replaces '~' (with magic; "\~" without) in a new :s
// replacement by the previous replacement prev, as Vim's regtilde does once
// per :s command. The result is what the next :s sees as "previous"; the
// inserted text is not scanned again.
func ExpandTilde(rep, prev string, magic bool) string {
	var b strings.Builder
	for i := 0; i < len(rep); {
		switch {
		case rep[i] == '~' && magic:
			b.WriteString(prev)
			i++
		case rep[i] == '\\' && i+1 < len(rep) && rep[i+1] == '~' && !magic:
			b.WriteString(prev)
			i += 2
		case rep[i] == '\\' && i+1 < len(rep):
			_, n := utf8.DecodeRuneInString(rep[i+1:])
			b.WriteString(rep[i : i+1+n])
			i += 1 + n
		default:
			b.WriteByte(rep[i])
			i++
		}
	}
	return b.String()
}

// caseFn is a case conversion of \u \U \l \L.
type caseFn uint8

const (
	caseNone caseFn = iota
	caseUpper
	caseLower
)

func (f caseFn) apply(r rune) rune {
	switch f {
	case caseUpper:
		return unicode.ToUpper(r)
	case caseLower:
		return unicode.ToLower(r)
	}
	return r
}

// ExpandReplacement returns the text that replaces a match, following
// Vim's vim_regsub and :s: '&' (magic) or "\&" (nomagic) and "\0" are the
// whole match, "\1".."\9" the groups, "\u" "\l" change the case of the next
// character, "\U" "\L" of the rest up to "\e" or "\E", "\r" and a literal
// CR break the line (returned as '\n', the rope's line break), "\n" inserts
// a NUL byte, "\t" a tab, "\b" a backspace, "\<CR>" a literal CR, and a
// backslash before any other character stands for that character. '~' must
// have been expanded with ExpandTilde first.
//
// text is the text the match indexes refer to (the line, or several lines
// for a multi-line match); match holds submatch index pairs as returned by
// FindSubmatchInLine (whole match first, -1 for a group that did not take
// part). A "\=" expression gives ErrExpression.
func ExpandReplacement(rep string, text []byte, match []int, magic bool) (string, error) {
	if strings.HasPrefix(rep, `\=`) {
		return "", ErrExpression
	}
	var b strings.Builder
	one, all := caseNone, caseNone
	put := func(r rune) {
		switch {
		case one != caseNone:
			r = one.apply(r)
			one = caseNone
		case all != caseNone:
			r = all.apply(r)
		}
		b.WriteRune(r)
	}
	putBytes := func(s []byte) {
		for len(s) > 0 {
			r, n := utf8.DecodeRune(s)
			switch {
			case r == '\n':
				// A line break in a multi-line match is copied as it is
				// and leaves \u and \l for the next character, as Vim's
				// vim_regsub_multi does.
				b.WriteByte('\n')
			case r == utf8.RuneError && n <= 1:
				b.WriteByte(s[0]) // invalid byte: copied as it is
				one = caseNone
			default:
				put(r)
			}
			s = s[n:]
		}
	}
	for i := 0; i < len(rep); {
		c, n := utf8.DecodeRuneInString(rep[i:])
		i += n
		group := -1
		switch {
		case c == '&' && magic:
			group = 0
		case c == '\\' && i < len(rep):
			e := rep[i]
			switch {
			case e == '&' && !magic:
				group, i = 0, i+1
			case e >= '0' && e <= '9':
				group, i = int(e-'0'), i+1
			case strings.IndexByte("uUlLeE", e) >= 0:
				i++
				switch e {
				case 'u':
					one = caseUpper
				case 'l':
					one = caseLower
				case 'U':
					all = caseUpper
				case 'L':
					all = caseLower
				default:
					one, all = caseNone, caseNone
				}
				continue
			default:
				c, n = escapeChar(rep[i:])
				if c == utf8.RuneError && n == 1 {
					b.WriteByte(rep[i]) // an invalid byte stands for itself
				} else {
					put(c)
				}
				i += n
				continue
			}
		}
		if group < 0 {
			if c == '\r' {
				c = '\n' // a literal CR in the replacement breaks the line
			}
			if c == utf8.RuneError && n == 1 {
				b.WriteByte(rep[i-1])
				continue
			}
			put(c)
			continue
		}
		if 2*group+1 < len(match) && match[2*group] >= 0 && match[2*group+1] <= len(text) && match[2*group] <= match[2*group+1] {
			putBytes(text[match[2*group]:match[2*group+1]])
		}
	}
	return b.String(), nil
}

// escapeChar interprets the character after a backslash in a replacement:
// \r is a line break, \n a NUL, \t a tab, \b a backspace, and any other
// character (a CR included) is itself.
func escapeChar(s string) (rune, int) {
	switch s[0] {
	case 'r':
		return '\n', 1
	case 'n':
		return 0, 1
	case 't':
		return '\t', 1
	case 'b':
		return 0x08, 1
	}
	return utf8.DecodeRuneInString(s)
}
