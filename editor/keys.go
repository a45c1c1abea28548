package editor

import (
	"fmt"

	"github.com/kjx-editor/kjx/editor/keys"
)

// The editor's short names for package keys, the one home of key values
// and Vim key notation. They are aliases: an editor.Key is a keys.Key.

// Key is one key press (keys.Key, in its normal form).
type Key = keys.Key

// KeyCode names a key that is not a plain character.
type KeyCode = keys.Code

// Mod is a set of modifier keys held with a key.
type Mod = keys.Mod

// The key codes. KeyRune means the key is the character in Key.Rune.
const (
	KeyRune      = keys.Rune
	KeyEsc       = keys.Esc
	KeyEnter     = keys.Enter
	KeyBackspace = keys.Backspace
	KeyTab       = keys.Tab
	KeyDelete    = keys.Delete
	KeyUp        = keys.Up
	KeyDown      = keys.Down
	KeyLeft      = keys.Left
	KeyRight     = keys.Right
	KeyHome      = keys.Home
	KeyEnd       = keys.End
	KeyPgUp      = keys.PgUp
	KeyPgDn      = keys.PgDn
	KeyInsert    = keys.Insert
	KeyF1        = keys.F1
	KeyF2        = keys.F2
	KeyF3        = keys.F3
	KeyF4        = keys.F4
	KeyF5        = keys.F5
	KeyF6        = keys.F6
	KeyF7        = keys.F7
	KeyF8        = keys.F8
	KeyF9        = keys.F9
	KeyF10       = keys.F10
	KeyF11       = keys.F11
	KeyF12       = keys.F12
)

// The modifiers.
const (
	ModCtrl  = keys.ModCtrl
	ModAlt   = keys.ModAlt
	ModShift = keys.ModShift
)

// R returns the plain character key r.
func R(r rune) Key { return keys.Char(r) }

// Ctrl returns Ctrl plus the letter r.
func Ctrl(r rune) Key { return keys.Ctrl(r) }

// K returns the special key c without modifiers.
func K(c KeyCode) Key { return keys.Special(c) }

// ParseKeys turns Vim key notation ("ihello<Esc>", "<C-r>", "<lt>") into
// the keys the editor runs: keys.Parse, with <Nop> dropped (it stands for
// no key). The only error is invalid UTF-8.
func ParseKeys(notation string) ([]Key, error) {
	ks, err := keys.Parse(notation)
	if err != nil {
		return nil, fmt.Errorf("editor: key notation %q: %w", notation, err)
	}
	out := ks[:0]
	for _, k := range ks {
		if k.Code != keys.Nop {
			out = append(out, k)
		}
	}
	return out, nil
}

// MustParseKeys is ParseKeys for notation known to be valid (tests, tables).
func MustParseKeys(notation string) []Key {
	k, err := ParseKeys(notation)
	if err != nil {
		panic(err)
	}
	return k
}

// FormatKey returns k in Vim key notation as register text (a space as
// itself; Key.Text); ParseKeys(FormatKey(k)) == [k].
func FormatKey(k Key) string { return k.Text() }

// FormatKeys returns keys in Vim key notation as register text (a space
// as itself; keys.FormatText): how a recorded macro is stored.
func FormatKeys(ks []Key) string { return keys.FormatText(ks) }
