package vimre

import (
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"
)

// Options are the settings that change how a pattern matches.
type Options struct {
	// IgnoreCase is 'ignorecase'; \c and \C in the pattern override it.
	IgnoreCase bool
	// SmartCase is 'smartcase': with IgnoreCase, a pattern with an
	// uppercase letter matches case.
	SmartCase bool
	// PrevSub is the previous substitute string that '~' (magic) matches;
	// HasPrevSub false makes '~' an error, as in Vim before any :s.
	PrevSub    string
	HasPrevSub bool
}

// Regexp is a compiled Vim pattern. It is immutable and safe for
// concurrent use.
type Regexp struct {
	pattern string
	re      *regexp.Regexp // the translation, unanchored, (?m)
	ctx     *regexp.Regexp // \A(?s:.)(?s:.*?)(translation): search from a mid-line position
	// groups maps Vim group k (1..9) to its Go group index in re; ctx's
	// indexes are one more.
	groups    []int
	markers   []marker // by Go group index in re (0 = none)
	markerIdx []int    // Go group indexes of markers, in order
	zs, ze    bool     // has \zs / \ze
	bounds    bool     // has \< or \>
	multiLine bool
	hasNL     bool
	icase     bool
}

// Compile translates a Vim pattern ('magic' syntax) to RE2 and compiles
// it. Errors carry Vim's message for invalid patterns (E54, E55, E944, ...)
// and "E383: kjx cannot search for …" for what RE2 cannot express
// (lookaround, back-references, \%V, \%23l, ...).
func Compile(pattern string, opt Options) (*Regexp, error) {
	t := &translator{lx: newLexer(pattern)}
	if opt.HasPrevSub {
		t.tilde = &opt.PrevSub
	}
	if err := t.translate(); err != nil {
		return nil, err
	}
	icase := opt.IgnoreCase && !(opt.SmartCase && hasUppercase(pattern))
	switch t.icase {
	case 1:
		icase = true
	case 2:
		icase = false
	}
	flags := "(?m)"
	if icase {
		flags = "(?mi)"
	}
	body := string(t.out)
	re, err := regexp.Compile(flags + body)
	if err != nil {
		return nil, fmt.Errorf("E383: Invalid search string: %s (%v)", pattern, err)
	}
	ctx, err := regexp.Compile(flags + `\A(?s:.)(?s:.*?)(` + body + ")")
	if err != nil {
		return nil, fmt.Errorf("E383: Invalid search string: %s (%v)", pattern, err)
	}
	r := &Regexp{pattern: pattern, re: re, ctx: ctx, groups: t.vimGroups,
		markers: t.markers, markerIdx: t.markerIdx, multiLine: t.multiLine, hasNL: t.hasNL, icase: icase}
	for _, g := range t.markerIdx {
		switch t.markers[g] {
		case markZS:
			r.zs = true
		case markZE:
			r.ze = true
		default:
			r.bounds = true
		}
	}
	return r, nil
}

// MustCompile is Compile for patterns known to be valid; it panics on an
// error.
func MustCompile(pattern string, opt Options) *Regexp {
	re, err := Compile(pattern, opt)
	if err != nil {
		panic(err)
	}
	return re
}

// String returns the Vim pattern.
func (re *Regexp) String() string { return re.pattern }

// RE2 returns the translated RE2 pattern (for messages and tests).
func (re *Regexp) RE2() string { return re.re.String() }

// MultiLine reports whether a match can contain a newline (\n, \_x,
// \_[...], [\n]); FindInLine then only sees matches within the line.
func (re *Regexp) MultiLine() bool { return re.multiLine }

// HasNL is Vim's re_multiline(): the pattern has \n or a \_x class such
// as \_s or \_. (a collection with a line break, [\n] or \_[...], does not
// count). :s///g then looks for another match at the end of a line after
// a match that ended there.
func (re *Regexp) HasNL() bool { return re.hasNL }

// IgnoreCase reports whether the pattern matches ignoring case, after
// 'ignorecase', 'smartcase', \c and \C.
func (re *Regexp) IgnoreCase() bool { return re.icase }

// NumGroups is the number of \( \) groups.
func (re *Regexp) NumGroups() int { return len(re.groups) }

// raw is one match of the translation: submatch indexes in re's numbering.
type raw []int

// span returns the match's start and end with \zs and \ze applied.
func (re *Regexp) span(m raw) (int, int) {
	s, e := m[0], m[1]
	for _, g := range re.markerIdx {
		if m[2*g] < 0 {
			continue
		}
		switch re.markers[g] {
		case markZS:
			s = m[2*g]
		case markZE:
			e = m[2*g]
		}
	}
	if e < s {
		e = s
	}
	return s, e
}

// boundsOK checks the \< and \> markers of a match against text.
func (re *Regexp) boundsOK(text []byte, m raw) bool {
	if !re.bounds {
		return true
	}
	for _, g := range re.markerIdx {
		p := m[2*g]
		if p < 0 {
			continue
		}
		switch re.markers[g] {
		case markWordStart:
			if !isWordAt(text, p) || isWordBefore(text, p) {
				return false
			}
		case markWordEnd:
			if !isWordBefore(text, p) || isWordAt(text, p) {
				return false
			}
		}
	}
	return true
}

// isWordAt reports whether the character at text[p] is a keyword
// character.
func isWordAt(text []byte, p int) bool {
	if p >= len(text) {
		return false
	}
	r, _ := utf8.DecodeRune(text[p:])
	return isWord(r)
}

// isWordBefore reports whether the character before text[p] is one.
func isWordBefore(text []byte, p int) bool {
	if p <= 0 {
		return false
	}
	r, _ := utf8.DecodeLastRune(text[:p])
	return isWord(r)
}

// isWord is Vim's keyword test with the default 'iskeyword'
// ("@,48-57,_,192-255"): ASCII letters, digits, '_', Latin-1 letters, and
// other letters, digits and marks.
func isWord(r rune) bool {
	switch {
	case r < 0x80:
		return r == '_' || r >= '0' && r <= '9' || r|0x20 >= 'a' && r|0x20 <= 'z'
	case r < 0x100:
		return r >= 0xC0
	}
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
}

// hasUppercase is Vim's pat_has_uppercase: an uppercase letter that is not
// part of an item such as \S or \%V.
func hasUppercase(pat string) bool {
	// Like Vim, use the magic state at the end of the pattern, which only
	// \v and \V change.
	veryMagic := false
	for i := 0; i+1 < len(pat); i++ {
		if pat[i] == '\\' {
			switch pat[i+1] {
			case 'v':
				veryMagic = true
			case 'V':
				veryMagic = false
			}
			i++
		}
	}
	for i := 0; i < len(pat); {
		r, n := utf8.DecodeRuneInString(pat[i:])
		switch {
		case n > 1:
			if unicode.IsUpper(r) {
				return true
			}
			i += n
		case r == '\\' && !veryMagic:
			switch {
			case i+2 < len(pat) && (pat[i+1] == '_' || pat[i+1] == '%'):
				i += 3
			case i+1 < len(pat):
				i += 2
			default:
				i++
			}
		case (r == '%' || r == '_') && veryMagic:
			i += min(2, len(pat)-i)
		case r >= 'A' && r <= 'Z':
			return true
		default:
			i++
		}
	}
	return false
}
