package ui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor/keys"
)

// specialKeys maps tcell's named keys to key codes.
var specialKeys = map[tcell.Key]keys.Code{
	tcell.KeyEsc: keys.Esc, tcell.KeyEnter: keys.Enter, tcell.KeyBackspace: keys.Backspace,
	tcell.KeyBackspace2: keys.Backspace, tcell.KeyTab: keys.Tab, tcell.KeyDelete: keys.Delete,
	tcell.KeyUp: keys.Up, tcell.KeyDown: keys.Down, tcell.KeyLeft: keys.Left,
	tcell.KeyRight: keys.Right, tcell.KeyHome: keys.Home, tcell.KeyEnd: keys.End,
	tcell.KeyPgUp: keys.PgUp, tcell.KeyPgDn: keys.PgDn, tcell.KeyInsert: keys.Insert,
	tcell.KeyF1: keys.F1, tcell.KeyF2: keys.F2, tcell.KeyF3: keys.F3, tcell.KeyF4: keys.F4,
	tcell.KeyF5: keys.F5, tcell.KeyF6: keys.F6, tcell.KeyF7: keys.F7, tcell.KeyF8: keys.F8,
	tcell.KeyF9: keys.F9, tcell.KeyF10: keys.F10, tcell.KeyF11: keys.F11, tcell.KeyF12: keys.F12,
}

// ctrlPunct maps tcell's control keys that are not letters to the
// character Vim names them by (<C-@>, <C-\>, <C-]>, <C-^>, <C-_>).
var ctrlPunct = map[tcell.Key]rune{
	tcell.KeyCtrlSpace: '@', tcell.KeyCtrlBackslash: '\\', tcell.KeyCtrlRightSq: ']',
	tcell.KeyCtrlCarat: '^', tcell.KeyCtrlUnderscore: '_',
}

// translateKey turns a tcell key event into a key in the normal form of
// package keys: Shift folded into letters, a Ctrl letter as its lower
// case with ModCtrl, <C-[> as <Esc>, <C-i> as <Tab>, <C-m> as <CR>,
// <S-Tab> as Tab with ModShift. Keys without a name report false.
func translateKey(ev *tcell.EventKey) (keys.Key, bool) {
	mod := keyMods(ev.Modifiers())
	k := ev.Key()
	switch {
	case k == tcell.KeyRune:
		return runeKey(ev.Rune(), mod), true
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		r := rune('a' + (k - tcell.KeyCtrlA))
		return runeKey(r, mod|keys.ModCtrl), true
	case k >= tcell.KeyNUL && k <= tcell.KeyUS && k != tcell.KeyBS && k != tcell.KeyTAB && k != tcell.KeyCR && k != tcell.KeyESC:
		// An ASCII control character reported by its code.
		return runeKey(rune('@'+k), mod|keys.ModCtrl), true
	case k == tcell.KeyBacktab:
		return keys.Key{Code: keys.Tab, Mod: mod | keys.ModShift}, true
	}
	if r, ok := ctrlPunct[k]; ok {
		return keys.Key{Code: keys.Rune, Rune: r, Mod: mod | keys.ModCtrl}, true
	}
	if k == tcell.KeyCtrlLeftSq {
		return keys.Key{Code: keys.Esc, Mod: mod &^ keys.ModCtrl}, true
	}
	if c, ok := specialKeys[k]; ok {
		return keys.Key{Code: c, Mod: mod}, true
	}
	return keys.Key{}, false
}

// typedKeys is what a translated key stands for, as terminal Vim reads
// it: a character with Alt is how tcell reports ESC and that character
// arriving together (a fast <Esc>: in Insert mode, or Alt+x, which a
// terminal sends as ESC x), and Vim reads them as <Esc> then the
// character. Other keys stand for themselves (<M-Up> stays one key).
func typedKeys(k keys.Key) []keys.Key {
	if k.Mod&keys.ModAlt == 0 || k.Code != keys.Rune {
		return []keys.Key{k}
	}
	k.Mod &^= keys.ModAlt
	return []keys.Key{{Code: keys.Esc}, k}
}

func keyMods(m tcell.ModMask) keys.Mod {
	var out keys.Mod
	if m&tcell.ModCtrl != 0 {
		out |= keys.ModCtrl
	}
	if m&(tcell.ModAlt|tcell.ModMeta) != 0 {
		out |= keys.ModAlt
	}
	if m&tcell.ModShift != 0 {
		out |= keys.ModShift
	}
	return out
}

// runeKey is the key of character r typed with mod, in the normal form.
// Shift alone on a character that is not a letter is dropped: terminals
// report shifted punctuation ('!') as its own character with Shift.
func runeKey(r rune, mod keys.Mod) keys.Key {
	k := keys.WithMods(keys.Char(r), mod)
	if k.Code == keys.Rune && k.Mod == keys.ModShift {
		k.Mod = 0
	}
	return k
}

// pasteText returns the text a key event inside a bracketed paste
// stands for: the character itself, or the control character that the
// terminal turned into a key.
func pasteText(ev *tcell.EventKey) string {
	switch k := ev.Key(); {
	case k == tcell.KeyRune:
		return string(ev.Rune())
	case k == tcell.KeyEnter:
		return "\n"
	case k == tcell.KeyTab:
		return "\t"
	case k == tcell.KeyBackspace:
		return "\b"
	case k == tcell.KeyBackspace2:
		return "\x7f"
	case k == tcell.KeyEsc:
		return "\x1b"
	case k == tcell.KeyCtrlSpace:
		return "\x00"
	case k >= tcell.KeyNUL && k <= tcell.KeyUS:
		return string(rune(k))
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		return string(rune(k - tcell.KeyCtrlA + 1))
	case k >= tcell.KeyCtrlBackslash && k <= tcell.KeyCtrlUnderscore:
		return string(rune(k - tcell.KeyCtrlBackslash + 0x1c))
	}
	return ""
}
