package vimre

import (
	"strings"
	"unicode/utf8"
)

// token is a pattern character: a rune, or a rune with magicBit set when
// the character has its special meaning (Vim's Magic(c)). eof ends the
// pattern.
type token int32

const (
	magicBit token = 1 << 24
	eof      token = -1
)

func magic(c rune) token    { return token(c) | magicBit }
func (t token) plain() rune { return rune(t &^ magicBit) }
func (t token) isMagic() bool {
	return t >= 0 && t&magicBit != 0
}

// magicLevel is Vim's 'magic' state: \V, \M, \m, \v.
type magicLevel uint8

const (
	magicNone magicLevel = iota + 1 // \V: only \ is special
	magicOff                        // \M: ^ $ are special
	magicOn                         // \m: also . [ ~ *
	magicAll                        // \v: every ASCII punctuation
)

// metaChars are the characters whose meaning a backslash toggles (Vim's
// META); for the others a backslash means a control character (\t \e \r
// \b) or nothing.
const metaChars = "%&()*+.123456789<=>?@ACDFHIKLMOPSUVWXZ[_acdfhiklmnopsuvwxz{|~"

// lexer splits a Vim pattern into tokens with the same context rules as
// Vim's peekchr and skipchr: '^' is special only at the start of a branch,
// '$' only at its end, '*' not at the start.
type lexer struct {
	s           string
	p           int // position of the current token
	magic       magicLevel
	cur         token
	curOK       bool
	atStart     bool
	prevAtStart bool
	prev        token
	prevprev    token
	afterSlash  int
}

func newLexer(s string) *lexer {
	return &lexer{s: s, magic: magicOn, atStart: true, prev: eof, prevprev: eof}
}

// peek returns the current token without consuming it.
func (l *lexer) peek() token {
	if l.curOK {
		return l.cur
	}
	l.cur = l.classify()
	l.curOK = true
	return l.cur
}

func (l *lexer) rawAt(i int) rune {
	if i >= len(l.s) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(l.s[i:])
	return r
}

func (l *lexer) classify() token {
	if l.p >= len(l.s) {
		return eof
	}
	c := l.rawAt(l.p)
	switch c {
	case '.', '[', '~':
		if l.magic >= magicOn {
			return magic(c)
		}
	case '(', ')', '{', '%', '+', '=', '?', '@', '!', '&', '|', '<', '>', '#', '"', '\'', ',', '-', ':', ';', '`', '/':
		if l.magic == magicAll {
			return magic(c)
		}
	case '*':
		if l.magic >= magicOn && !l.atStart && !(l.prevAtStart && l.prev == magic('^')) &&
			(l.afterSlash > 0 || (l.prev != magic('(') && l.prev != magic('&') && l.prev != magic('|'))) {
			return magic('*')
		}
	case '^':
		if l.magic >= magicOff && (l.atStart || l.magic == magicAll || l.prev == magic('(') ||
			l.prev == magic('|') || l.prev == magic('&') || l.prev == magic('n') ||
			(l.prev.plain() == '(' && l.prevprev == magic('%'))) {
			l.atStart = true
			l.prevAtStart = false
			return magic('^')
		}
	case '$':
		if l.magic >= magicOff && l.dollarIsMagic() {
			return magic('$')
		}
	case '\\':
		return l.classifyBackslash()
	}
	return token(c)
}

// dollarIsMagic: '$' is special at the end of the pattern or before \|,
// \), \& or \n (skipping \c \C \m \M \v \V \Z).
func (l *lexer) dollarIsMagic() bool {
	p := l.p + 1
	all := l.magic == magicAll
	for p+1 < len(l.s) && l.s[p] == '\\' && strings.IndexByte("cCmMvVZ", l.s[p+1]) >= 0 {
		switch l.s[p+1] {
		case 'v':
			all = true
		case 'm', 'M', 'V':
			all = false
		}
		p += 2
	}
	if p >= len(l.s) || l.magic == magicAll {
		return true
	}
	if l.s[p] == '\\' && p+1 < len(l.s) && strings.IndexByte("|&)n", l.s[p+1]) >= 0 {
		return true
	}
	return all && strings.IndexByte("|&)", l.s[p]) >= 0
}

func (l *lexer) classifyBackslash() token {
	if l.p+1 >= len(l.s) {
		return '\\' // trailing backslash
	}
	c := l.rawAt(l.p + 1)
	switch {
	case c < 0x80 && strings.ContainsRune(metaChars, c):
		// The character's meaning in this mode, toggled.
		l.prevAtStart = l.atStart
		l.atStart = false
		l.p++
		l.afterSlash++
		t := l.classify()
		l.p--
		l.afterSlash--
		return t ^ magicBit
	case strings.ContainsRune("rteb", c):
		return token(backslashTrans(c))
	case l.magic == magicNone && (c == '$' || c == '^'):
		return magic(c)
	}
	return token(c)
}

// backslashTrans maps \r \t \e \b to their control characters.
func backslashTrans(c rune) rune {
	switch c {
	case 'r':
		return '\r'
	case 't':
		return '\t'
	case 'e':
		return 0x1b
	case 'b':
		return 0x08
	}
	return c
}

// skip consumes the current token (Vim's skipchr).
func (l *lexer) skip() {
	l.peek()
	n := 0
	if l.p < len(l.s) && l.s[l.p] == '\\' {
		n = 1
	}
	if l.p+n < len(l.s) {
		_, size := utf8.DecodeRuneInString(l.s[l.p+n:])
		n += size
	}
	l.p += n
	l.prevAtStart = l.atStart
	l.atStart = false
	l.prevprev = l.prev
	l.prev = l.cur
	l.curOK = false
}

// skipKeepStart consumes a flag token (\c, \v, ...) without changing what
// counts as the start of a branch.
func (l *lexer) skipKeepStart() {
	as, pr, prpr := l.prevAtStart, l.prev, l.prevprev
	l.skip()
	l.atStart, l.prev, l.prevprev = as, pr, prpr
}

// next consumes and returns the current token.
func (l *lexer) next() token {
	t := l.peek()
	l.skip()
	return t
}

// raw reads one raw character after a token (for \%x, \{...}, \z, \_),
// as Vim's parser reads regparse directly; -1 at the end.
func (l *lexer) raw() rune {
	l.curOK = false
	if l.p >= len(l.s) {
		return -1
	}
	r, size := utf8.DecodeRuneInString(l.s[l.p:])
	l.p += size
	return r
}

// rawPeek returns the raw character at the current position, -1 at the end.
func (l *lexer) rawPeek() rune { return l.rawAt(l.p) }
