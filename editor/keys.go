package editor

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// KeyCode names a key that is not a plain character.
type KeyCode uint8

// The key codes. KeyRune means the key is the character in Key.Rune.
const (
	KeyRune KeyCode = iota
	KeyEsc
	KeyEnter
	KeyBackspace
	KeyTab
	KeyDelete
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyHome
	KeyEnd
	KeyPgUp
	KeyPgDn
	KeyInsert
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
)

// Mod is a set of modifier keys held with a key.
type Mod uint8

// The modifiers.
const (
	ModCtrl Mod = 1 << iota
	ModAlt
	ModShift
)

// Key is one key press as the editor sees it. Letters carry their case in
// Rune (Shift is folded in: "A" is Rune 'A' without ModShift); a Ctrl
// letter is its lower-case Rune with ModCtrl. ParseKeys produces keys in
// this normal form and the UI must too.
type Key struct {
	Code KeyCode
	Rune rune
	Mod  Mod
}

// R returns the plain character key r.
func R(r rune) Key { return Key{Code: KeyRune, Rune: r} }

// Ctrl returns Ctrl plus the letter r.
func Ctrl(r rune) Key { return Key{Code: KeyRune, Rune: unicode.ToLower(r), Mod: ModCtrl} }

// K returns the special key c without modifiers.
func K(c KeyCode) Key { return Key{Code: c} }

// isRune reports whether k is the plain character r.
func (k Key) isRune(r rune) bool { return k.Code == KeyRune && k.Mod == 0 && k.Rune == r }

// isCtrl reports whether k is Ctrl plus the letter r.
func (k Key) isCtrl(r rune) bool { return k.Code == KeyRune && k.Mod == ModCtrl && k.Rune == r }

// plain reports whether k is a character without modifiers (what Vim
// inserts literally).
func (k Key) plain() bool { return k.Code == KeyRune && k.Mod&^ModShift == 0 }

// specialNames maps the lower-case names inside <...> to key codes.
var specialNames = map[string]Key{
	"esc": K(KeyEsc), "cr": K(KeyEnter), "enter": K(KeyEnter), "return": K(KeyEnter),
	"bs": K(KeyBackspace), "backspace": K(KeyBackspace), "tab": K(KeyTab),
	"del": K(KeyDelete), "delete": K(KeyDelete), "up": K(KeyUp), "down": K(KeyDown),
	"left": K(KeyLeft), "right": K(KeyRight), "home": K(KeyHome), "end": K(KeyEnd),
	"pageup": K(KeyPgUp), "pagedown": K(KeyPgDn), "insert": K(KeyInsert),
	"space": R(' '), "lt": R('<'), "bar": R('|'), "bslash": R('\\'),
	"nl": Ctrl('j'), "nul": Ctrl('@'),
}

var fkeys = [...]KeyCode{KeyF1, KeyF2, KeyF3, KeyF4, KeyF5, KeyF6, KeyF7, KeyF8, KeyF9, KeyF10, KeyF11, KeyF12}

// ParseKeys turns Vim key notation ("ihello<Esc>", "<C-r>", "<lt>") into
// keys. Names inside <...> are case-insensitive. A '<' that does not start
// a known name is the character '<', as in Vim.
func ParseKeys(notation string) ([]Key, error) {
	var keys []Key
	for i := 0; i < len(notation); {
		if notation[i] == '<' {
			if end := strings.IndexByte(notation[i+1:], '>'); end >= 0 {
				name := notation[i+1 : i+1+end]
				// "<>>" would be empty: fall through to the literal '<'.
				if k, ok := parseKeyName(name); ok {
					keys = append(keys, k)
					i += end + 2
					continue
				}
			}
		}
		r, size := utf8.DecodeRuneInString(notation[i:])
		if r == utf8.RuneError && size == 1 {
			return nil, fmt.Errorf("editor: key notation %q: invalid UTF-8 at byte %d", notation, i)
		}
		keys = append(keys, R(r))
		i += size
	}
	return keys, nil
}

// MustParseKeys is ParseKeys for notation known to be valid (tests, tables).
func MustParseKeys(notation string) []Key {
	k, err := ParseKeys(notation)
	if err != nil {
		panic(err)
	}
	return k
}

// parseKeyName parses the inside of <...>.
func parseKeyName(name string) (Key, bool) {
	var mod Mod
	for len(name) > 2 && name[1] == '-' {
		switch unicode.ToLower(rune(name[0])) {
		case 'c':
			mod |= ModCtrl
		case 'm', 'a':
			mod |= ModAlt
		case 's':
			mod |= ModShift
		default:
			return Key{}, false
		}
		name = name[2:]
	}
	var k Key
	if r, size := utf8.DecodeRuneInString(name); size == len(name) && r != utf8.RuneError && mod != 0 {
		k = R(r)
	} else if sk, ok := specialNames[strings.ToLower(name)]; ok {
		k = sk
	} else if n, ok := fkeyNumber(name); ok {
		k = K(fkeys[n-1])
	} else {
		return Key{}, false
	}
	return normalizeKey(k, mod), true
}

func fkeyNumber(name string) (int, bool) {
	if len(name) < 2 || (name[0] != 'f' && name[0] != 'F') {
		return 0, false
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 || n > len(fkeys) {
		return 0, false
	}
	return n, true
}

// normalizeKey applies modifiers in Vim's way: Shift on a character is its
// upper case, Ctrl on a letter is the lower-case letter with ModCtrl, and
// the control characters that are special keys become those keys.
func normalizeKey(k Key, mod Mod) Key {
	if k.Code != KeyRune {
		k.Mod |= mod
		return k
	}
	if k.Mod == ModCtrl { // <C-@> style entries of specialNames
		mod |= ModCtrl
		k.Mod = 0
	}
	if mod&ModShift != 0 && unicode.IsLetter(k.Rune) {
		k.Rune = unicode.ToUpper(k.Rune)
		mod &^= ModShift
	}
	if mod&ModCtrl != 0 {
		switch unicode.ToLower(k.Rune) {
		case '[':
			return Key{Code: KeyEsc, Mod: mod &^ ModCtrl}
		case 'm':
			return Key{Code: KeyEnter, Mod: mod &^ ModCtrl}
		case 'i':
			return Key{Code: KeyTab, Mod: mod &^ ModCtrl}
		}
		k.Rune = unicode.ToLower(k.Rune)
	}
	k.Mod = mod
	return k
}

// FormatKey returns k in Vim key notation; ParseKeys(FormatKey(k)) == [k].
func FormatKey(k Key) string {
	var prefix string
	if k.Mod&ModCtrl != 0 {
		prefix += "C-"
	}
	if k.Mod&ModAlt != 0 {
		prefix += "M-"
	}
	if k.Mod&ModShift != 0 {
		prefix += "S-"
	}
	var name string
	switch {
	case k.Code == KeyRune && prefix == "":
		switch k.Rune {
		case '<':
			return "<lt>"
		case ' ', '|', '\\':
			// Literal is fine for these; keep them readable.
			return string(k.Rune)
		}
		return string(k.Rune)
	case k.Code == KeyRune:
		name = string(k.Rune)
		if k.Rune == '<' {
			name = "lt"
		}
	default:
		name = codeNames[k.Code]
	}
	return "<" + prefix + name + ">"
}

var codeNames = map[KeyCode]string{
	KeyEsc: "Esc", KeyEnter: "CR", KeyBackspace: "BS", KeyTab: "Tab", KeyDelete: "Del",
	KeyUp: "Up", KeyDown: "Down", KeyLeft: "Left", KeyRight: "Right", KeyHome: "Home",
	KeyEnd: "End", KeyPgUp: "PageUp", KeyPgDn: "PageDown", KeyInsert: "Insert",
	KeyF1: "F1", KeyF2: "F2", KeyF3: "F3", KeyF4: "F4", KeyF5: "F5", KeyF6: "F6",
	KeyF7: "F7", KeyF8: "F8", KeyF9: "F9", KeyF10: "F10", KeyF11: "F11", KeyF12: "F12",
}

// FormatKeys returns keys in Vim key notation.
func FormatKeys(keys []Key) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(FormatKey(k))
	}
	return b.String()
}
