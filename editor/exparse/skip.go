package exparse

import "strings"

// Pattern skipping follows Vim's skip_regexp: a pattern ends at the first
// unescaped delimiter outside a [] collection. Only \v and \V change how a
// '[' is seen (as Vim's skip_regexp does); an unterminated collection runs
// to the end of the line.

// readPattern reads a pattern that starts at s[i] and ends at an unescaped
// delim (or the end of s), and returns it with the index after the closing
// delimiter. With '?' as delimiter "\?" becomes "?" outside collections, as
// Vim does. closed reports whether the closing delimiter was there.
func readPattern(s string, i int, delim byte) (pat string, next int, closed bool) {
	var b strings.Builder
	end := scanRegexp(s, i, delim, &b)
	if end < len(s) && s[end] == delim {
		return b.String(), end + 1, true
	}
	return b.String(), end, false
}

// ReadPattern reads a pattern at the start of s that ends at an unescaped
// delim outside a [] collection (Vim's skip_regexp), for commands that
// take a /pattern/ argument (:sort). It returns the pattern and how many
// bytes it read, the closing delimiter included when there is one.
func ReadPattern(s string, delim byte) (pat string, n int) {
	pat, n, _ = readPattern(s, 0, delim)
	return pat, n
}

// scanRegexp walks the pattern at s[i:] and returns the index of its ending
// delimiter (or len(s)); when out is not nil the pattern is copied to it,
// with "\?" unescaped if delim is '?'.
func scanRegexp(s string, i int, delim byte, out *strings.Builder) int {
	magic := magicOn
	start := i
	emit := func(from, to int) {
		if out != nil {
			out.WriteString(s[from:to])
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == delim:
			emit(start, i)
			return i
		case (c == '[' && magic >= magicOn) || (c == '\\' && i+1 < len(s) && s[i+1] == '[' && magic <= magicOff):
			j := i + 1
			if c == '\\' {
				j++
			}
			j = skipAnyOf(s, j)
			emit(start, j)
			start = j
			if j >= len(s) {
				return len(s)
			}
			i = j
			continue
		case c == '\\' && i+1 < len(s):
			if delim == '?' && s[i+1] == '?' {
				emit(start, i)
				start = i + 1
			}
			i++
			switch s[i] {
			case 'v':
				magic = magicAll
			case 'V':
				magic = magicNone
			}
		}
		i += charLen(s, i)
	}
	emit(start, len(s))
	return len(s)
}

type magicLevel uint8

const (
	magicNone magicLevel = iota + 1 // \V
	magicOff                        // 'nomagic'
	magicOn                         // 'magic'
	magicAll                        // \v
)

// skipAnyOf skips a collection body starting after its '[' and returns the
// index of the closing ']' (or len(s)), like Vim's skip_anyof.
func skipAnyOf(s string, i int) int {
	if i < len(s) && s[i] == '^' {
		i++
	}
	if i < len(s) && (s[i] == ']' || s[i] == '-') {
		i++
	}
	for i < len(s) && s[i] != ']' {
		switch c := s[i]; {
		case c >= 0x80:
			i += charLen(s, i)
		case c == '-':
			i++
			if i < len(s) && s[i] != ']' {
				i += charLen(s, i)
			}
		case c == '\\' && i+1 < len(s) && strings.IndexByte(`]^-n\nrtebdoxuU`, s[i+1]) >= 0:
			i += 2
		case c == '[':
			if j, ok := skipBracketClass(s, i); ok {
				i = j
			} else {
				i++
			}
		default:
			i++
		}
	}
	return i
}

// charClasses are the names allowed in [:name:] inside a collection.
var charClasses = []string{
	"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print",
	"punct", "space", "upper", "xdigit", "tab", "return", "backspace",
	"escape", "ident", "keyword", "fname",
}

// skipBracketClass recognises [:class:], [=x=] and [.x.] at s[i] (a '[')
// and returns the index after it.
func skipBracketClass(s string, i int) (int, bool) {
	rest := s[i:]
	if strings.HasPrefix(rest, "[:") {
		for _, name := range charClasses {
			if strings.HasPrefix(rest[2:], name+":]") {
				return i + 2 + len(name) + 2, true
			}
		}
		return 0, false
	}
	if len(rest) >= 3 && (rest[1] == '=' || rest[1] == '.') {
		n := charLen(s, i+2)
		if len(rest) >= 2+n+2 && rest[2+n] == rest[1] && rest[3+n] == ']' {
			return i + 2 + n + 2, true
		}
	}
	return 0, false
}

// charLen is the length of the UTF-8 sequence at s[i] (1 for invalid bytes).
func charLen(s string, i int) int {
	c := s[i]
	n := 1
	switch {
	case c >= 0xF0:
		n = 4
	case c >= 0xE0:
		n = 3
	case c >= 0xC0:
		n = 2
	}
	if i+n > len(s) {
		return 1
	}
	for k := 1; k < n; k++ {
		if s[i+k]&0xC0 != 0x80 {
			return 1
		}
	}
	return n
}
