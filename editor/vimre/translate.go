package vimre

import (
	"fmt"
	"regexp"
	"strings"
)

// marker is a zero-width item that RE2 cannot express and that kjx checks
// after a match: an empty capture group records where it matched.
type marker uint8

const (
	markZS        marker = iota + 1 // \zs: the match starts here
	markZE                          // \ze: the match ends here
	markWordStart                   // \<
	markWordEnd                     // \>
)

// translator turns a Vim pattern into RE2 syntax (Vim's regcomp: reg,
// regbranch, regconcat, regpiece, regatom).
type translator struct {
	lx        *lexer
	out       []byte
	groups    int      // Go capture groups so far
	vimGroups []int    // Go group index of Vim group k+1
	markers   []marker // kind of each marker group, by Go group index
	markerIdx []int
	multiLine bool // some atom can match a newline
	hasNL     bool // \n or a \_x class: Vim's RF_HASNL (not collections)
	icase     int  // 0: from options, 1: \c, 2: \C
	tilde     *string
}

// errorf returns a compile error with Vim's text (or kjx's for what RE2
// cannot do).
func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

func unsupported(what, why string) error {
	return fmt.Errorf("E383: kjx cannot search for %s (%s)", what, why)
}

// slashIf returns `\` when cond holds, for messages that name an item as
// typed in the current magic mode.
func slashIf(cond bool) string {
	if cond {
		return `\`
	}
	return ""
}

func (t *translator) translate() error {
	if err := t.reg(0); err != nil {
		return err
	}
	if tok := t.lx.peek(); tok == magic(')') {
		return errorf("E55: Unmatched %s)", slashIf(t.lx.magic != magicAll))
	} else if tok != eof {
		return errorf("E488: Trailing characters") // cannot happen
	}
	return nil
}

// reg parses branches separated by \| until \) or the end; paren is '(' or
// '%' inside a group, 0 at the top.
func (t *translator) reg(paren rune) error {
	for first := true; ; first = false {
		if !first {
			t.emit("|")
		}
		if err := t.branch(); err != nil {
			return err
		}
		if t.lx.peek() != magic('|') {
			break
		}
		t.lx.skip()
	}
	if paren != 0 {
		if t.lx.peek() != magic(')') {
			if paren == '%' {
				return errorf("E53: Unmatched %s%%(", slashIf(t.lx.magic != magicAll))
			}
			return errorf("E54: Unmatched %s(", slashIf(t.lx.magic != magicAll))
		}
		t.lx.skip()
	}
	return nil
}

// branch parses one concat; Vim's \& (all concats must match at the same
// position) has no RE2 equivalent.
func (t *translator) branch() error {
	if err := t.concat(); err != nil {
		return err
	}
	if t.lx.peek() == magic('&') {
		return unsupported(slashIf(t.lx.magic != magicAll)+"&", `"\&" needs lookahead, which RE2 lacks`)
	}
	return nil
}

// concat parses pieces and the flag items \c \C \v \m \M \V \Z.
func (t *translator) concat() error {
	for {
		switch tok := t.lx.peek(); tok {
		case eof, magic('|'), magic('&'), magic(')'):
			return nil
		case magic('c'):
			t.icase = 1
			t.lx.skipKeepStart()
		case magic('C'):
			if t.icase == 0 {
				t.icase = 2
			}
			t.lx.skipKeepStart()
		case magic('Z'):
			t.lx.skipKeepStart() // combining characters are compared as they are
		case magic('v'), magic('m'), magic('M'), magic('V'):
			t.lx.magic = map[rune]magicLevel{'v': magicAll, 'm': magicOn, 'M': magicOff, 'V': magicNone}[tok.plain()]
			t.lx.skipKeepStart()
			t.lx.curOK = false
		default:
			if err := t.piece(); err != nil {
				return err
			}
		}
	}
}

// isMulti reports whether tok is a multi (*, \+, \=, \?, \{, \@).
func isMulti(tok token) bool {
	switch tok {
	case magic('*'), magic('+'), magic('='), magic('?'), magic('{'), magic('@'):
		return true
	}
	return false
}

// piece parses an atom and an optional multi.
func (t *translator) piece() error {
	start := len(t.out)
	zeroWidth, err := t.atom()
	if err != nil {
		return err
	}
	atom := string(t.out[start:])
	op := t.lx.peek()
	if !isMulti(op) {
		return nil
	}
	if zeroWidth {
		return errorf("E888: (NFA regexp) cannot repeat %s", zeroWidthName(atom))
	}
	t.lx.skip()
	suffix, err := t.multi(op)
	if err != nil {
		return err
	}
	if isMulti(t.lx.peek()) {
		return errorf("E871: (NFA regexp) Can't have a multi follow a multi")
	}
	t.out = append(t.out[:start], "(?:"+atom+")"+suffix...)
	return nil
}

func zeroWidthName(atom string) string {
	if strings.HasPrefix(atom, "^") || strings.HasPrefix(atom, "(?m:^)") {
		return "^"
	}
	return `\zs`
}

// multi returns the RE2 suffix for a multi whose token was consumed.
func (t *translator) multi(op token) (string, error) {
	switch op {
	case magic('*'):
		return "*", nil
	case magic('+'):
		return "+", nil
	case magic('='), magic('?'):
		return "?", nil
	case magic('@'):
		return "", t.lookaround()
	}
	return t.limits()
}

// lookaround reports the \@ items, which RE2 cannot do.
func (t *translator) lookaround() error {
	for isDigit(t.lx.rawPeek()) {
		t.lx.raw()
	}
	at := slashIf(t.lx.magic != magicAll) + "@"
	switch c := t.lx.next().plain(); c {
	case '=':
		return unsupported(at+"=", "lookahead is not supported by RE2")
	case '!':
		return unsupported(at+"!", "negative lookahead is not supported by RE2")
	case '>':
		return unsupported(at+">", "atomic groups are not supported by RE2")
	case '<':
		switch t.lx.next().plain() {
		case '=':
			return unsupported(at+"<=", "lookbehind is not supported by RE2")
		case '!':
			return unsupported(at+"<!", "negative lookbehind is not supported by RE2")
		}
	}
	return errorf("E59: Invalid character after %s", at)
}

// maxRepeat is RE2's limit on counted repetition.
const maxRepeat = 1000

// limits parses \{n,m} after the '{' (Vim's read_limits).
func (t *translator) limits() (string, error) {
	lazy := false
	if t.lx.rawPeek() == '-' {
		t.lx.raw()
		lazy = true
	}
	lo, hasLo := t.digits()
	hi, hasHi := lo, hasLo
	if t.lx.rawPeek() == ',' {
		t.lx.raw()
		hi, hasHi = t.digits()
	}
	if t.lx.rawPeek() == '\\' {
		t.lx.raw()
	}
	if t.lx.rawPeek() != '}' {
		return "", errorf("E554: Syntax error in %s{...}", slashIf(t.lx.magic != magicAll))
	}
	t.lx.skip() // the '}'
	if !hasHi {
		hi = -1
	}
	if hi >= 0 && lo > hi {
		lo, hi = hi, lo
	}
	if lo > maxRepeat || hi > maxRepeat {
		return "", unsupported(fmt.Sprintf(`\{%d,%d}`, lo, hi), "RE2 repeats at most 1000 times")
	}
	var s string
	switch {
	case hi < 0:
		s = fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		s = fmt.Sprintf("{%d}", lo)
	default:
		s = fmt.Sprintf("{%d,%d}", lo, hi)
	}
	if lazy {
		s += "?"
	}
	return s, nil
}

func (t *translator) digits() (int, bool) {
	n, ok := 0, false
	for isDigit(t.lx.rawPeek()) {
		ok = true
		if n < 1e6 {
			n = n*10 + int(t.lx.raw()-'0')
		} else {
			t.lx.raw()
		}
	}
	return n, ok
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// addMarker emits an empty capture group that records where a \zs, \ze,
// \< or \> matched.
func (t *translator) addMarker(m marker) {
	t.groups++
	for len(t.markers) <= t.groups {
		t.markers = append(t.markers, 0)
	}
	t.markers[t.groups] = m
	t.markerIdx = append(t.markerIdx, t.groups)
	t.emit("()")
}

// literal emits one literal character.
func (t *translator) literal(r rune) {
	if r == '\n' {
		t.multiLine, t.hasNL = true, true
	}
	t.emit(regexp.QuoteMeta(string(r)))
}

// group parses \( or \%( whose token was consumed.
func (t *translator) group(capture bool) error {
	if capture {
		if len(t.vimGroups) >= 9 {
			return errorf("E51: Too many %s(", slashIf(t.lx.magic != magicAll))
		}
		t.groups++
		t.vimGroups = append(t.vimGroups, t.groups)
		t.emit("(")
	} else {
		t.emit("(?:")
	}
	kind := '('
	if !capture {
		kind = '%'
	}
	if err := t.reg(kind); err != nil {
		return err
	}
	t.emit(")")
	return nil
}

func (t *translator) emit(s string) { t.out = append(t.out, s...) }
