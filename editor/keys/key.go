package keys

import "unicode"

// Code names a key that is not a plain character.
type Code uint8

// The key codes. Rune means the key is the character in Key.Rune.
const (
	Rune Code = iota
	Esc
	Enter
	Backspace
	Tab
	Delete
	Up
	Down
	Left
	Right
	Home
	End
	PgUp
	PgDn
	Insert
	F1
	F2
	F3
	F4
	F5
	F6
	F7
	F8
	F9
	F10
	F11
	F12
	// Nop is Vim's <Nop>: a key that does nothing. It exists so that a
	// mapping's right side can say "nothing"; the editor drops it.
	Nop
)

// Mod is a set of modifier keys held with a key.
type Mod uint8

// The modifiers.
const (
	ModCtrl Mod = 1 << iota
	ModAlt
	ModShift
)

// Key is one key press in its normal form (see WithMods): letters carry
// their case in Rune with Shift folded in ("A" is Rune 'A' without
// ModShift); a Ctrl letter is its lower-case Rune with ModCtrl; <C-[>,
// <C-m> and <C-i> are Esc, Enter and Tab. Parse produces keys in this
// form, and so must every other source of keys (the terminal adapter),
// so that two keys Vim treats as the same compare equal with ==. Rune
// comes first so that a Key takes 8 bytes, not 12: scripts and pastes
// hold hundreds of thousands of keys.
type Key struct {
	Rune rune
	Code Code
	Mod  Mod
}

// Char returns the plain character key r.
func Char(r rune) Key { return Key{Code: Rune, Rune: r} }

// Ctrl returns Ctrl plus the letter r.
func Ctrl(r rune) Key { return Key{Code: Rune, Rune: unicode.ToLower(r), Mod: ModCtrl} }

// Special returns the key c without modifiers.
func Special(c Code) Key { return Key{Code: c} }

// IsRune reports whether k is the plain character r.
func (k Key) IsRune(r rune) bool { return k.Code == Rune && k.Mod == 0 && k.Rune == r }

// IsCtrl reports whether k is Ctrl plus the letter r (given in lower
// case).
func (k Key) IsCtrl(r rune) bool { return k.Code == Rune && k.Mod == ModCtrl && k.Rune == r }

// Plain reports whether k is a character without modifiers other than
// Shift: what Vim inserts literally.
func (k Key) Plain() bool { return k.Code == Rune && k.Mod&^ModShift == 0 }

// WithMods returns k with the modifiers mod added, in the normal form:
// Shift on a letter is its upper case, Ctrl on a character is the
// lower-case character with ModCtrl, and Ctrl plus '[', 'm' or 'i' is
// Esc, Enter or Tab, as Vim has them. A special key keeps its modifiers
// as they are (<S-Tab>, <C-Left>).
func WithMods(k Key, mod Mod) Key {
	if k.Code != Rune {
		k.Mod |= mod
		return k
	}
	mod |= k.Mod
	r := k.Rune
	if mod&ModShift != 0 && unicode.IsLetter(r) {
		r = unicode.ToUpper(r)
		mod &^= ModShift
	}
	if mod&ModCtrl != 0 {
		switch unicode.ToLower(r) {
		case '[':
			return Key{Code: Esc, Mod: mod &^ ModCtrl}
		case 'm':
			return Key{Code: Enter, Mod: mod &^ ModCtrl}
		case 'i':
			return Key{Code: Tab, Mod: mod &^ ModCtrl}
		}
		r = unicode.ToLower(r)
	}
	return Key{Code: Rune, Rune: r, Mod: mod}
}

// FromControl returns the key a control character stands for in Vim key
// notation (byte b < 0x20): the Ctrl key whose character is b + '@', in
// the normal form, so "\x1b" is <Esc>, "\r" <CR>, "\t" <Tab>, "\n" <NL>
// (which is <C-j>) and "\x13" <C-s>.
func FromControl(b byte) Key { return WithMods(Char(rune(b)+'@'), ModCtrl) }
