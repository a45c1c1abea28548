package keys

import "strings"

// name is one spelling Vim accepts inside <…>, with the key it stands for.
type name struct {
	spelling string // lower case
	key      Key
}

// names lists every name accepted inside <…>. The first spelling of a
// key is its canonical one, the one String writes (in the case of
// canonical below).
var names = []name{
	{"esc", Special(Esc)}, {"cr", Special(Enter)}, {"return", Special(Enter)}, {"enter", Special(Enter)},
	{"bs", Special(Backspace)}, {"backspace", Special(Backspace)}, {"tab", Special(Tab)},
	{"del", Special(Delete)}, {"delete", Special(Delete)}, {"insert", Special(Insert)},
	{"home", Special(Home)}, {"end", Special(End)}, {"pageup", Special(PgUp)}, {"pagedown", Special(PgDn)},
	{"up", Special(Up)}, {"down", Special(Down)}, {"left", Special(Left)}, {"right", Special(Right)},
	{"f1", Special(F1)}, {"f2", Special(F2)}, {"f3", Special(F3)}, {"f4", Special(F4)},
	{"f5", Special(F5)}, {"f6", Special(F6)}, {"f7", Special(F7)}, {"f8", Special(F8)},
	{"f9", Special(F9)}, {"f10", Special(F10)}, {"f11", Special(F11)}, {"f12", Special(F12)},
	{"nop", Special(Nop)},
	{"nl", Ctrl('j')}, {"nul", Ctrl('@')},
	{"lt", Char('<')}, {"bar", Char('|')}, {"bslash", Char('\\')}, {"space", Char(' ')},
}

// canonical is how String writes each name.
var canonical = map[string]string{
	"esc": "Esc", "cr": "CR", "bs": "BS", "tab": "Tab", "del": "Del", "insert": "Insert",
	"home": "Home", "end": "End", "pageup": "PageUp", "pagedown": "PageDown",
	"up": "Up", "down": "Down", "left": "Left", "right": "Right",
	"f1": "F1", "f2": "F2", "f3": "F3", "f4": "F4", "f5": "F5", "f6": "F6",
	"f7": "F7", "f8": "F8", "f9": "F9", "f10": "F10", "f11": "F11", "f12": "F12",
	"nop": "Nop", "nl": "NL", "nul": "Nul", "lt": "lt", "bar": "Bar", "bslash": "Bslash", "space": "Space",
}

// byName maps each lower-case spelling to its key.
var byName = func() map[string]Key {
	m := make(map[string]Key, len(names))
	for _, n := range names {
		m[n.spelling] = n.key
	}
	return m
}()

// codeNames is the canonical name of each special key code.
var codeNames = func() map[Code]string {
	m := make(map[Code]string)
	for _, n := range names {
		if _, seen := m[n.key.Code]; n.key.Code != Rune && !seen {
			m[n.key.Code] = canonical[n.spelling]
		}
	}
	return m
}()

// lookupName returns the key named by a name written inside <…> (after
// any modifiers), case-insensitively.
func lookupName(s string) (Key, bool) {
	k, ok := byName[strings.ToLower(s)]
	return k, ok
}

// Names returns every name accepted inside <…>, each lower-case spelling
// mapped to its canonical spelling ("return" → "CR"), for suggesting the
// right name for a misspelt one. The map is new on every call.
func Names() map[string]string {
	m := make(map[string]string, len(names))
	for _, n := range names {
		canon := canonical[n.spelling]
		if canon == "" {
			// An alias: the canonical spelling of the same key.
			for _, c := range names {
				if c.key == n.key && canonical[c.spelling] != "" {
					canon = canonical[c.spelling]
					break
				}
			}
		}
		m[n.spelling] = canon
	}
	return m
}
