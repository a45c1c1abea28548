package vimre

import (
	"strings"
	"unicode/utf8"
)

// collection parses [...] after the '[' (withNL for \_[...]). Without a
// closing ']' the '[' is a literal character, as in Vim.
func (t *translator) collection(withNL bool) error {
	l := t.lx
	if !hasCollectionEnd(l.s, l.p) {
		t.literal('[')
		return nil
	}
	var b strings.Builder
	neg := false
	if l.rawPeek() == '^' {
		l.raw()
		neg = true
	}
	startc := rune(-1)
	if c := l.rawPeek(); c == ']' || c == '-' {
		l.raw()
		b.WriteString(classEscape(c))
		startc = c
	}
	for l.p < len(l.s) && l.s[l.p] != ']' {
		var err error
		startc, withNL, err = t.collectionItem(&b, startc, neg, withNL)
		if err != nil {
			return err
		}
	}
	l.skip() // the ']'
	body := b.String()
	switch {
	case neg && withNL:
		t.emit("[^" + body + "]")
	case neg:
		t.emit("[^" + body + `\n]`)
	case withNL:
		t.multiLine = true
		t.emit("[" + body + `\n]`)
	case body == "":
		t.emit(`[^\x00-\x{10FFFF}]`) // "[\n]" in a single-line context cannot happen
	default:
		t.emit("[" + body + "]")
	}
	return nil
}

// collectionItem parses one item of a collection and returns the new
// range start (-1 when a following '-' cannot make a range) and whether a
// "\n" asked for the end-of-line.
func (t *translator) collectionItem(b *strings.Builder, startc rune, neg, withNL bool) (rune, bool, error) {
	l := t.lx
	c := l.rawPeek()
	switch {
	case c == '-':
		l.raw()
		next := l.rawPeek()
		if next == ']' || next < 0 || startc < 0 || strings.HasPrefix(l.s[l.p:], `\n`) {
			b.WriteString(classEscape('-'))
			return '-', withNL, nil
		}
		endc := rune(0)
		if next == '[' {
			endc = collatingElement(l)
		}
		if endc == 0 {
			endc = l.raw()
		}
		if endc == '\\' {
			endc = t.collChar()
		}
		if startc > endc {
			return 0, withNL, errorf("E944: Reverse range in character class")
		}
		if (startc >= 0x80 || endc >= 0x80) && endc > startc+256 {
			return 0, withNL, errorf("E945: Range too large in character class")
		}
		b.WriteString(classEscape(startc) + "-" + classEscape(endc))
		return -1, withNL, nil
	case c == '\\' && l.p+1 < len(l.s) && strings.IndexByte(`]^-n\nrtebdoxuU`, l.s[l.p+1]) >= 0:
		l.raw()
		e := l.raw()
		switch e {
		case 'n':
			if !neg {
				withNL = true
			}
			return -1, withNL, nil
		case 'd', 'o', 'x', 'u', 'U':
			l.p-- // collChar reads the letter itself
			r := t.collChar()
			b.WriteString(classEscape(r))
			return r, withNL, nil
		}
		r := backslashTrans(e)
		b.WriteString(classEscape(r))
		return r, withNL, nil
	case c == '[':
		if body, ok := bracketClass(l); ok {
			b.WriteString(body)
			return -1, withNL, nil
		}
		if r := equivalenceClass(l); r != 0 {
			b.WriteString(classEscape(r)) // only the character itself, not its accented forms
			return -1, withNL, nil
		}
		if r := collatingElement(l); r != 0 {
			b.WriteString(classEscape(r))
			return r, withNL, nil
		}
		l.raw()
		b.WriteString(classEscape('['))
		return '[', withNL, nil
	}
	r := l.raw()
	b.WriteString(classEscape(r))
	return r, withNL, nil
}

// collChar reads \d123, \o40, \x20, \u20AC or \U... after a backslash
// inside a collection (Vim's coll_get_char); anything else is the
// backslash itself.
func (t *translator) collChar() rune {
	l := t.lx
	save := l.p
	c := l.raw()
	switch c {
	case 'd', 'o', 'x', 'u', 'U':
		if r, ok := t.charCode(c); ok {
			return r
		}
	}
	l.p = save
	return '\\'
}

// hasCollectionEnd reports whether the collection starting at s[i] (after
// '[') has its ']' (Vim's skip_anyof).
func hasCollectionEnd(s string, i int) bool {
	if i < len(s) && s[i] == '^' {
		i++
	}
	if i < len(s) && (s[i] == ']' || s[i] == '-') {
		i++
	}
	for i < len(s) && s[i] != ']' {
		switch c := s[i]; {
		case c >= 0x80:
			_, n := utf8.DecodeRuneInString(s[i:])
			i += n
		case c == '-':
			i++
			if i < len(s) && s[i] != ']' {
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			}
		case c == '\\' && i+1 < len(s) && strings.IndexByte(`]^-n\nrtebdoxuU`, s[i+1]) >= 0:
			i += 2
		case c == '[':
			lx := &lexer{s: s, p: i}
			if _, ok := bracketClass(lx); ok {
				i = lx.p
			} else if equivalenceClass(lx) != 0 || collatingElement(lx) != 0 {
				i = lx.p
			} else {
				i++
			}
		default:
			i++
		}
	}
	return i < len(s)
}

// bracketClasses are the [:name:] classes, as RE2 class bodies.
var bracketClasses = map[string]string{
	"alnum": `0-9A-Za-z`, "alpha": `A-Za-z`, "blank": ` \t`, "cntrl": `\x00-\x1F\x7F`,
	"digit": `0-9`, "graph": `!-~`, "lower": `\p{Ll}`, "print": ` -~`,
	"punct": "!-/:-@\\[-`{-~", "space": `\t\x0B\f\r `, "upper": `\p{Lu}`,
	"xdigit": `0-9A-Fa-f`, "tab": `\t`, "return": `\r`, "backspace": `\x08`,
	"escape": `\x1B`, "ident": identBody, "keyword": keywordBody, "fname": fnameBody,
}

// bracketClass reads [:name:] at l.p.
func bracketClass(l *lexer) (string, bool) {
	rest := l.s[l.p:]
	if !strings.HasPrefix(rest, "[:") {
		return "", false
	}
	end := strings.Index(rest[2:], ":]")
	if end < 0 {
		return "", false
	}
	body, ok := bracketClasses[rest[2:2+end]]
	if ok {
		l.p += 2 + end + 2
	}
	return body, ok
}

// equivalenceClass reads [=x=] at l.p and returns x (0 if none).
func equivalenceClass(l *lexer) rune { return delimitedChar(l, '=') }

// collatingElement reads [.x.] at l.p and returns x (0 if none).
func collatingElement(l *lexer) rune { return delimitedChar(l, '.') }

func delimitedChar(l *lexer, d byte) rune {
	rest := l.s[l.p:]
	if len(rest) < 5 || rest[0] != '[' || rest[1] != d {
		return 0
	}
	r, n := utf8.DecodeRuneInString(rest[2:])
	if len(rest) < 2+n+2 || rest[2+n] != d || rest[3+n] != ']' {
		return 0
	}
	l.p += 2 + n + 2
	return r
}
