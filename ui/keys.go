package ui

import (
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// specialKeys maps tcell's named keys to the editor's key codes.
var specialKeys = map[tcell.Key]editor.KeyCode{
	tcell.KeyEsc: editor.KeyEsc, tcell.KeyEnter: editor.KeyEnter, tcell.KeyBackspace: editor.KeyBackspace,
	tcell.KeyBackspace2: editor.KeyBackspace, tcell.KeyTab: editor.KeyTab, tcell.KeyDelete: editor.KeyDelete,
	tcell.KeyUp: editor.KeyUp, tcell.KeyDown: editor.KeyDown, tcell.KeyLeft: editor.KeyLeft,
	tcell.KeyRight: editor.KeyRight, tcell.KeyHome: editor.KeyHome, tcell.KeyEnd: editor.KeyEnd,
	tcell.KeyPgUp: editor.KeyPgUp, tcell.KeyPgDn: editor.KeyPgDn, tcell.KeyInsert: editor.KeyInsert,
	tcell.KeyF1: editor.KeyF1, tcell.KeyF2: editor.KeyF2, tcell.KeyF3: editor.KeyF3, tcell.KeyF4: editor.KeyF4,
	tcell.KeyF5: editor.KeyF5, tcell.KeyF6: editor.KeyF6, tcell.KeyF7: editor.KeyF7, tcell.KeyF8: editor.KeyF8,
	tcell.KeyF9: editor.KeyF9, tcell.KeyF10: editor.KeyF10, tcell.KeyF11: editor.KeyF11, tcell.KeyF12: editor.KeyF12,
}

// ctrlPunct maps tcell's control keys that are not letters to the
// character Vim names them by (<C-@>, <C-\>, <C-]>, <C-^>, <C-_>).
var ctrlPunct = map[tcell.Key]rune{
	tcell.KeyCtrlSpace: '@', tcell.KeyCtrlBackslash: '\\', tcell.KeyCtrlRightSq: ']',
	tcell.KeyCtrlCarat: '^', tcell.KeyCtrlUnderscore: '_',
}

// translateKey turns a tcell key event into the editor's key, in the
// editor's normal form (see editor.Key): Shift folded into letters, a
// Ctrl letter as its lower case with ModCtrl, <C-[> as <Esc>, <C-i> as
// <Tab>, <C-m> as <CR>, <S-Tab> as Tab with ModShift. Keys the editor has
// no name for report false.
func translateKey(ev *tcell.EventKey) (editor.Key, bool) {
	mod := editorMod(ev.Modifiers())
	k := ev.Key()
	switch {
	case k == tcell.KeyRune:
		return normalRune(ev.Rune(), mod), true
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		r := rune('a' + (k - tcell.KeyCtrlA))
		return normalRune(r, mod|editor.ModCtrl), true
	case k >= tcell.KeyNUL && k <= tcell.KeyUS && k != tcell.KeyBS && k != tcell.KeyTAB && k != tcell.KeyCR && k != tcell.KeyESC:
		// An ASCII control character reported by its code.
		return normalRune(rune('@'+k), mod|editor.ModCtrl), true
	case k == tcell.KeyBacktab:
		return editor.Key{Code: editor.KeyTab, Mod: mod | editor.ModShift}, true
	}
	if r, ok := ctrlPunct[k]; ok {
		return editor.Key{Code: editor.KeyRune, Rune: r, Mod: mod | editor.ModCtrl}, true
	}
	if k == tcell.KeyCtrlLeftSq {
		return editor.Key{Code: editor.KeyEsc, Mod: mod &^ editor.ModCtrl}, true
	}
	if c, ok := specialKeys[k]; ok {
		return editor.Key{Code: c, Mod: mod}, true
	}
	return editor.Key{}, false
}

func editorMod(m tcell.ModMask) editor.Mod {
	var out editor.Mod
	if m&tcell.ModCtrl != 0 {
		out |= editor.ModCtrl
	}
	if m&(tcell.ModAlt|tcell.ModMeta) != 0 {
		out |= editor.ModAlt
	}
	if m&tcell.ModShift != 0 {
		out |= editor.ModShift
	}
	return out
}

// normalRune applies the editor's normal form to a character key.
func normalRune(r rune, mod editor.Mod) editor.Key {
	if mod&editor.ModShift != 0 && unicode.IsLetter(r) {
		r = unicode.ToUpper(r)
		mod &^= editor.ModShift
	}
	if mod&editor.ModCtrl != 0 {
		switch unicode.ToLower(r) {
		case '[':
			return editor.Key{Code: editor.KeyEsc, Mod: mod &^ editor.ModCtrl}
		case 'm':
			return editor.Key{Code: editor.KeyEnter, Mod: mod &^ editor.ModCtrl}
		case 'i':
			return editor.Key{Code: editor.KeyTab, Mod: mod &^ editor.ModCtrl}
		}
		r = unicode.ToLower(r)
	} else if mod == editor.ModShift {
		mod = 0 // shifted punctuation arrives as its own character
	}
	return editor.Key{Code: editor.KeyRune, Rune: r, Mod: mod}
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

// panelKey maps an editor key to the panel's key set.
func panelKey(k editor.Key) (undopanel.Key, bool) {
	switch k.Code {
	case editor.KeyRune:
		if k.Mod&^editor.ModCtrl != 0 {
			return undopanel.Key{}, false
		}
		return undopanel.Key{Code: undopanel.KeyRune, Rune: k.Rune, Ctrl: k.Mod&editor.ModCtrl != 0}, true
	case editor.KeyUp:
		return undopanel.Key{Code: undopanel.KeyUp}, true
	case editor.KeyDown:
		return undopanel.Key{Code: undopanel.KeyDown}, true
	case editor.KeyLeft:
		return undopanel.Key{Code: undopanel.KeyLeft}, true
	case editor.KeyRight:
		return undopanel.Key{Code: undopanel.KeyRight}, true
	case editor.KeyEnter:
		return undopanel.Key{Code: undopanel.KeyEnter}, true
	case editor.KeyEsc:
		return undopanel.Key{Code: undopanel.KeyEsc}, true
	case editor.KeyTab:
		return undopanel.Key{Code: undopanel.KeyTab}, true
	case editor.KeyHome:
		return undopanel.Key{Code: undopanel.KeyHome}, true
	case editor.KeyEnd:
		return undopanel.Key{Code: undopanel.KeyEnd}, true
	case editor.KeyPgUp:
		return undopanel.Key{Code: undopanel.KeyPgUp}, true
	case editor.KeyPgDn:
		return undopanel.Key{Code: undopanel.KeyPgDn}, true
	case editor.KeyBackspace:
		return undopanel.Key{Code: undopanel.KeyBackspace}, true
	}
	return undopanel.Key{}, false
}
