package vimre

import (
	"fmt"
	"strings"
)

// atom parses one atom (Vim's regatom) and reports whether it is
// zero-width (a multi may not follow it).
func (t *translator) atom() (bool, error) {
	tok := t.lx.next()
	switch tok {
	case magic('^'):
		t.emit("^")
		return true, nil
	case magic('$'):
		t.emit("$")
		return true, nil
	case magic('<'):
		t.addMarker(markWordStart)
		return true, nil
	case magic('>'):
		t.addMarker(markWordEnd)
		return true, nil
	case magic('n'):
		t.literal('\n')
		return false, nil
	case magic('['):
		return false, t.collection(false)
	case magic('('):
		return false, t.group(true)
	case magic('%'):
		return t.percent()
	case magic('z'):
		return t.zItem()
	case magic('_'):
		return t.underscore()
	case magic('~'):
		return false, t.prevSub()
	case magic('='), magic('?'), magic('+'), magic('@'), magic('{'), magic('*'):
		return false, errorf("E866: (NFA regexp) Misplaced %c", tok.plain())
	case magic('|'), magic('&'), magic(')'):
		return false, errorf("E369: Invalid item in %s%%[]", slashIf(t.lx.magic != magicAll))
	case eof:
		return false, errorf("E70: Empty %s%%[]", slashIf(t.lx.magic != magicAll))
	}
	if c := tok.plain(); tok.isMagic() {
		if c >= '1' && c <= '9' {
			return false, unsupported(`\`+string(c), "back-references are not supported by RE2")
		}
		if cls, ok := classText(c, false); ok {
			t.emit(cls)
			return false, nil
		}
	}
	t.literal(tok.plain())
	return false, nil
}

// classText returns the RE2 text for the character class \c (with
// newline when nl, for \_c). Classes ignore 'ignorecase', as in Vim.
func classText(c rune, nl bool) (string, bool) {
	if c == '.' {
		if nl {
			return "(?s:.)", true
		}
		return ".", true
	}
	body, neg, ok := classBody(c)
	if !ok {
		return "", false
	}
	switch {
	case neg && nl:
		return "(?-i:[^" + body + "])", true
	case neg:
		return "(?-i:[^" + body + `\n])`, true
	case nl:
		return "(?-i:[" + body + `\n])`, true
	}
	return "(?-i:[" + body + "])", true
}

// Class bodies, as Vim defines them with its default 'isident',
// 'iskeyword', 'isfname' and 'isprint'.
const (
	identBody   = `0-9A-Za-z_\x{C0}-\x{FF}`
	keywordBody = `0-9A-Za-z_\x{C0}-\x{FF}\p{L}\p{N}\p{M}`
	fnameBody   = `0-9A-Za-z/.\-_+,#$%~=\x{80}-\x{10FFFF}`
	printBody   = `\x20-\x7E\x{A1}-\x{10FFFF}`
)

// classBody returns the body of a class and whether it is negated.
func classBody(c rune) (body string, neg, ok bool) {
	switch c {
	case 'i':
		return identBody, false, true
	case 'I':
		return `A-Za-z_\x{C0}-\x{FF}`, false, true
	case 'k':
		return keywordBody, false, true
	case 'K':
		return `A-Za-z_\x{C0}-\x{FF}\p{L}\p{M}`, false, true
	case 'f':
		return fnameBody, false, true
	case 'F':
		return `A-Za-z/.\-_+,#$%~=\x{80}-\x{10FFFF}`, false, true
	case 'p':
		return printBody, false, true
	case 'P':
		return `\x20-\x2F\x3A-\x7E\x{A1}-\x{10FFFF}`, false, true
	}
	bodies := map[rune]string{
		's': ` \t`, 'd': `0-9`, 'x': `0-9A-Fa-f`, 'o': `0-7`, 'w': `0-9A-Za-z_`,
		'h': `A-Za-z_`, 'a': `A-Za-z`, 'l': `a-z`, 'u': `A-Z`,
	}
	if b, ok := bodies[c]; ok {
		return b, false, true
	}
	if b, ok := bodies[c+'a'-'A']; ok && c >= 'A' && c <= 'Z' {
		return b, true, true
	}
	return "", false, false
}

// underscore parses \_x: \_^, \_$, \_[...], or a class with newline.
func (t *translator) underscore() (bool, error) {
	c := t.lx.next().plain()
	switch c {
	case '^':
		t.emit("^")
		return true, nil
	case '$':
		t.emit("$")
		return true, nil
	case '[':
		t.multiLine = true
		return false, t.collection(true)
	}
	cls, ok := classText(c, true)
	if !ok {
		return false, errorf("E877: (NFA regexp) Invalid character class: %d", c)
	}
	t.multiLine, t.hasNL = true, true
	t.emit(cls)
	return false, nil
}

// zItem parses \zs, \ze and the syntax-only \z( and \z1.
func (t *translator) zItem() (bool, error) {
	c := t.lx.next().plain()
	switch {
	case c == 's':
		t.addMarker(markZS)
		return true, nil
	case c == 'e':
		t.addMarker(markZE)
		return true, nil
	case c == '(':
		return false, errorf(`E66: \z( not allowed here`)
	case c >= '1' && c <= '9':
		return false, errorf(`E67: \z1 - \z9 not allowed here`)
	}
	return false, errorf(`E867: (NFA regexp) Unknown operator '\z%c'`, c)
}

// prevSub emits the previous substitute string for '~'.
func (t *translator) prevSub() error {
	if t.tilde == nil {
		return errorf("E33: No previous substitute regular expression")
	}
	t.emit("(?:")
	for _, r := range *t.tilde {
		t.literal(r)
	}
	t.emit(")")
	return nil
}

// percent parses the \% items.
func (t *translator) percent() (bool, error) {
	pct := slashIf(t.lx.magic != magicAll) + "%"
	c := t.lx.next().plain()
	switch c {
	case '(':
		return false, t.group(false)
	case '[':
		return false, t.optionalSequence()
	case 'd', 'o', 'x', 'u', 'U':
		r, ok := t.charCode(c)
		if !ok {
			return false, errorf("E678: Invalid character after %s[dxouU]", pct)
		}
		t.literal(r)
		return false, nil
	case '^':
		return false, unsupported(pct+"^", "start-of-file is not supported")
	case '$':
		return false, unsupported(pct+"$", "end-of-file is not supported")
	case 'V':
		return false, unsupported(pct+"V", "the Visual area is not supported")
	case '#':
		return false, unsupported(pct+"#", "the cursor position is not supported")
	case 'C':
		return false, unsupported(pct+"C", "composing characters are not supported")
	}
	if isDigit(c) || c == '<' || c == '>' || c == '\'' || c == '.' {
		return false, unsupported(pct+string(c)+"…", "line, column and mark positions are not supported")
	}
	return false, errorf("E867: (NFA regexp) Unknown operator '%s%c'", pct, c)
}

// optionalSequence parses \%[abc] into (?:a(?:b(?:c)?)?)?.
func (t *translator) optionalSequence() error {
	var items []string
	for {
		tok := t.lx.peek()
		if tok == ']' {
			t.lx.skip()
			break
		}
		if tok == eof {
			return errorf("E69: Missing ] after %s%%[", slashIf(t.lx.magic != magicAll))
		}
		if tok == magic('%') && strings.HasPrefix(t.lx.s[t.lx.p:], `\%[`) {
			return errorf("E369: Invalid item in %s%%[]", slashIf(t.lx.magic != magicAll))
		}
		start := len(t.out)
		if _, err := t.atom(); err != nil {
			return err
		}
		items = append(items, string(t.out[start:]))
		t.out = t.out[:start]
	}
	if len(items) == 0 {
		return errorf("E70: Empty %s%%[]", slashIf(t.lx.magic != magicAll))
	}
	s := ""
	for i := len(items) - 1; i >= 0; i-- {
		s = "(?:" + items[i] + s + ")?"
	}
	t.emit(s)
	return nil
}

// charCode reads the number of \%d123, \%o40, \%x2a, \%u20AC, \%U...; c
// is the letter, already read.
func (t *translator) charCode(c rune) (rune, bool) {
	base, max := 10, -1
	switch c {
	case 'o':
		base, max = 8, 3
	case 'x':
		base, max = 16, 2
	case 'u':
		base, max = 16, 4
	case 'U':
		base, max = 16, 8
	}
	n, got := int64(0), 0
	for max < 0 || got < max {
		d := digitVal(t.lx.rawPeek())
		if d < 0 || d >= base || (base == 8 && n*8+int64(d) > 0o377) {
			break
		}
		t.lx.raw()
		n = n*int64(base) + int64(d)
		got++
		if n > 0x10FFFF {
			return 0, false
		}
	}
	return rune(n), got > 0
}

func digitVal(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'f':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'F':
		return int(r-'A') + 10
	}
	return -1
}

// classEscape writes r for use inside an RE2 character class.
func classEscape(r rune) string {
	if r < 0x80 && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}
