package config

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mod is a set of key modifiers.
type Mod uint8

// Modifiers, as written in Vim key notation: <S-…>, <C-…>, <M-…> (or <A-…>).
const (
	ModShift Mod = 1 << iota
	ModCtrl
	ModAlt
)

// KeyToken is one key of a key sequence: either a character (Rune) or a
// named key (Name, in the canonical spelling of namedKeys), with modifiers.
type KeyToken struct {
	Mods Mod
	Name string // "" for a character key
	Rune rune   // 0 for a named key
}

// namedKeys maps the lower-case names ParseKeys accepts inside <…> to their
// canonical spelling. Names that stand for a printable character (lt, Bar,
// Bslash, Space) become character tokens instead; see charNames.
var namedKeys = map[string]string{
	"esc": "Esc", "cr": "CR", "return": "CR", "enter": "CR", "nl": "NL",
	"bs": "BS", "backspace": "BS", "tab": "Tab", "del": "Del", "delete": "Del",
	"insert": "Insert", "home": "Home", "end": "End",
	"pageup": "PageUp", "pagedown": "PageDown",
	"up": "Up", "down": "Down", "left": "Left", "right": "Right",
	"nop": "Nop",
	"f1":  "F1", "f2": "F2", "f3": "F3", "f4": "F4", "f5": "F5", "f6": "F6",
	"f7": "F7", "f8": "F8", "f9": "F9", "f10": "F10", "f11": "F11", "f12": "F12",
}

// charNames maps the lower-case names of printable characters to them.
var charNames = map[string]rune{"lt": '<', "bar": '|', "bslash": '\\', "space": ' '}

// charCanon is the canonical spelling of the names in charNames.
var charCanon = map[string]string{"lt": "lt", "bar": "Bar", "bslash": "Bslash", "space": "Space"}

// ParseKeys parses a key sequence in Vim key notation: plain characters,
// and <Name> or <Mods-Name> forms such as <Esc>, <CR>, <C-s>, <M-x>,
// <S-Tab>, <C-S-Left>, <F5> and <lt>. Names and modifiers are case
// insensitive. As in Vim, a "<" that does not start something shaped like
// a key name (as in "\<word" or "a < b") is a literal "<". Unlike Vim, a
// well-formed but unknown name such as <Ecs> or <div> is an error rather
// than literal text, so typos are caught; write <lt>div> for the literal.
//
// The tokens are canonical: literal control characters become their named
// or <C-x> form, <C-X> becomes <C-x>, <S-a> becomes A, so two sequences
// that Vim treats as the same keys compare equal token by token.
func ParseKeys(s string) ([]KeyToken, error) {
	if s == "" {
		return nil, fmt.Errorf("empty key sequence")
	}
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("not valid UTF-8")
	}
	var out []KeyToken
	for i := 0; i < len(s); {
		if s[i] == '<' {
			if inner, ok := notation(s[i+1:]); ok {
				tok, err := parseNotation(inner)
				if err != nil {
					return nil, err
				}
				out = append(out, tok)
				i += len(inner) + 2
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		out = append(out, charToken(0, r))
		i += n
	}
	return out, nil
}

// notation reports whether rest (the text after a "<") holds a key-notation
// shape: modifiers "X-" then one character, or modifiers then a name of
// letters and digits, closed by ">". It returns the text between < and >.
func notation(rest string) (string, bool) {
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

// parseNotation turns the inside of <…> into a token.
func parseNotation(inner string) (KeyToken, error) {
	var mods Mod
	rest := inner
	for len(rest) > 2 && rest[1] == '-' {
		switch rest[0] | 0x20 {
		case 'c':
			mods |= ModCtrl
		case 's':
			mods |= ModShift
		case 'm', 'a':
			mods |= ModAlt
		default:
			return KeyToken{}, fmt.Errorf("<%s>: unknown modifier %q (want C, S, M or A)", inner, rest[:1])
		}
		rest = rest[2:]
	}
	if r, n := utf8.DecodeRuneInString(rest); n == len(rest) && mods != 0 {
		return charToken(mods, r), nil
	}
	low := strings.ToLower(rest)
	if r, ok := charNames[low]; ok {
		return charToken(mods, r), nil
	}
	if name, ok := namedKeys[low]; ok {
		return KeyToken{Mods: mods, Name: name}, nil
	}
	msg := fmt.Sprintf("<%s> is not a key name", inner)
	if s := suggestName(low); s != "" {
		msg += fmt.Sprintf(" (did you mean <%s>?)", s)
	}
	return KeyToken{}, fmt.Errorf("%s; write <lt> for a literal \"<\"", msg)
}

// suggestName returns the key name closest to a misspelt one, or "".
func suggestName(low string) string {
	limit := 2
	if len(low) <= 3 {
		limit = 1
	}
	best, bestD := "", limit+1
	consider := func(cand, show string) {
		d := distance(low, cand)
		if d < bestD || d == bestD && show < best {
			best, bestD = show, d
		}
	}
	for k, canon := range namedKeys {
		consider(k, canon)
	}
	for k := range charNames {
		consider(k, charCanon[k])
	}
	return best
}

// charToken builds the canonical token for character r with mods.
func charToken(mods Mod, r rune) KeyToken {
	if mods == 0 {
		switch r {
		case 0x1b:
			return KeyToken{Name: "Esc"}
		case '\r':
			return KeyToken{Name: "CR"}
		case '\n':
			return KeyToken{Name: "NL"}
		case '\t':
			return KeyToken{Name: "Tab"}
		}
		if r >= 1 && r <= 26 {
			return KeyToken{Mods: ModCtrl, Rune: 'a' + r - 1}
		}
	}
	if mods&ModCtrl != 0 && r < utf8.RuneSelf && isLetter(byte(r)) {
		r = unicode.ToLower(r)
	}
	if mods&ModShift != 0 && mods&ModCtrl == 0 && unicode.IsLetter(r) {
		mods &^= ModShift
		r = unicode.ToUpper(r)
	}
	return KeyToken{Mods: mods, Rune: r}
}

// String returns the token in Vim key notation: a plain character as
// itself (except "<", written <lt>, and " ", written <Space>), anything
// else as <Mods-Name>. ParseKeys(t.String()) gives t back.
func (k KeyToken) String() string {
	var name string
	switch {
	case k.Name != "":
		name = k.Name
	case k.Rune == '<':
		name = "lt"
	case k.Rune == ' ':
		name = "Space"
	case k.Mods == 0:
		return string(k.Rune)
	default:
		name = string(k.Rune)
	}
	if k.Mods == 0 {
		return "<" + name + ">"
	}
	var b strings.Builder
	b.WriteByte('<')
	for _, m := range []struct {
		mod Mod
		s   string
	}{{ModCtrl, "C-"}, {ModAlt, "M-"}, {ModShift, "S-"}} {
		if k.Mods&m.mod != 0 {
			b.WriteString(m.s)
		}
	}
	b.WriteString(name)
	b.WriteByte('>')
	return b.String()
}

// keysString joins tokens into their canonical notation.
func keysString(toks []KeyToken) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.String())
	}
	return b.String()
}
