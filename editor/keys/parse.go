package keys

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrInvalidUTF8 is returned for notation that is not valid UTF-8.
var ErrInvalidUTF8 = errors.New("not valid UTF-8")

// NameError reports a <…> that is shaped like key notation but names no
// key (ParseStrict only).
type NameError struct {
	// Notation is the text between < and >, as written ("C-Fi").
	Notation string
	// Modifier is the unknown modifier letter, or "" when the name after
	// the modifiers is the unknown part.
	Modifier string
	// Name is the name after the modifiers, in lower case ("fi").
	Name string
	// Suggestion is a known name close to Name, in its canonical
	// spelling; the caller may fill it in (see Names) to improve the
	// message.
	Suggestion string
}

// Error returns a one-line message that says how to write a literal "<".
func (e *NameError) Error() string {
	if e.Modifier != "" {
		return fmt.Sprintf("<%s>: unknown modifier %q (want C, S, M or A)", e.Notation, e.Modifier)
	}
	msg := "<" + e.Notation + "> is not a key name"
	if e.Suggestion != "" {
		msg += " (did you mean <" + e.Suggestion + ">?)"
	}
	return msg + `; write <lt> for a literal "<"`
}

// Parse turns Vim key notation ("ihello<Esc>", "<C-r>", "<lt>") into
// keys, as Vim reads a mapping or feedkeys() text: characters stand for
// themselves (a control character for its Ctrl key: "\x1b" is <Esc>);
// <Name> and <Mods-Name> forms such as <Esc>, <CR>, <C-s>, <M-x>,
// <S-Tab>, <C-S-Left>, <F5>, <lt> and <Nop> name keys, case-insensitively.
// A "<" that does not start a known name is the character "<", as in Vim.
// The only error is invalid UTF-8.
func Parse(notation string) ([]Key, error) { return parse(notation, false) }

// ParseStrict is Parse for hand-written configuration: besides invalid
// UTF-8, the empty string and a well-formed but unknown name such as
// <Ecs> or <div> are errors (a *NameError) instead of literal text, so
// that typos are caught; <lt>div> is the literal.
func ParseStrict(notation string) ([]Key, error) {
	if notation == "" {
		return nil, errors.New("empty key sequence")
	}
	return parse(notation, true)
}

// parse is Parse, or ParseStrict without the empty check.
func parse(s string, strict bool) ([]Key, error) {
	if !utf8.ValidString(s) {
		return nil, ErrInvalidUTF8
	}
	var out []Key
	for i := 0; i < len(s); {
		if s[i] == '<' {
			if inner, ok := notationShape(s[i+1:]); ok {
				k, err := parseNotation(inner)
				if err == nil {
					out = append(out, k)
					i += len(inner) + 2
					continue
				}
				if strict {
					return nil, err
				}
			}
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		out = append(out, charKey(r))
		i += n
	}
	return out, nil
}

// charKey is the key a character of notation stands for.
func charKey(r rune) Key {
	if r < ' ' {
		return FromControl(byte(r))
	}
	return Char(r)
}

// notationShape reports whether rest (the text after a "<") holds a
// key-notation shape: modifiers "X-" then one character, or modifiers
// then a name of letters and digits, closed by ">". It returns the text
// between < and >.
func notationShape(rest string) (string, bool) {
	i := 0
	for i+2 < len(rest) && isLetter(rest[i]) && rest[i+1] == '-' {
		i += 2
	}
	if i > 0 { // after modifiers: one character, possibly '>' or '-'
		_, n := utf8.DecodeRuneInString(rest[i:])
		if i+n < len(rest) && rest[i+n] == '>' {
			return rest[:i+n], true
		}
	}
	j := i
	for j < len(rest) && (isLetter(rest[j]) || rest[j] >= '0' && rest[j] <= '9') {
		j++
	}
	if j > i && j < len(rest) && rest[j] == '>' {
		return rest[:j], true
	}
	return "", false
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// parseNotation turns the inside of <…> into a key.
func parseNotation(inner string) (Key, error) {
	var mod Mod
	rest := inner
	for len(rest) > 2 && rest[1] == '-' {
		switch rest[0] | 0x20 {
		case 'c':
			mod |= ModCtrl
		case 's':
			mod |= ModShift
		case 'm', 'a':
			mod |= ModAlt
		default:
			return Key{}, &NameError{Notation: inner, Modifier: rest[:1]}
		}
		rest = rest[2:]
	}
	if r, n := utf8.DecodeRuneInString(rest); n == len(rest) && mod != 0 {
		return WithMods(Char(r), mod), nil
	}
	if k, ok := lookupName(rest); ok {
		return WithMods(k, mod), nil
	}
	return Key{}, &NameError{Notation: inner, Name: toLowerASCII(rest)}
}

// toLowerASCII lowers the ASCII letters of s (names are ASCII).
func toLowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
