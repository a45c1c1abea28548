package editor

// rawKeys turns the text of a :normal argument into keys the way Vim reads
// it: control characters are the keys they are typed as (CR is <CR>, ESC
// <Esc>, BS <BS>, TAB <Tab>, the others CTRL-keys). DEL stays a character:
// Vim 9.0 inserts a literal 0x7f from "normal! i\x7f".
func rawKeys(arg string) []Key {
	keys := make([]Key, 0, len(arg)) // at most one key per byte
	for _, r := range arg {
		keys = append(keys, rawArgKey(r))
	}
	return keys
}

// rawArgKey is the key a character of a :normal argument is (see rawKeys).
func rawArgKey(r rune) Key {
	if r == 0x7f {
		return R(r)
	}
	return RawKey(r)
}

// RawKey turns a byte of raw input (a -s script, a :normal argument) into
// the key it is on a terminal: control bytes are the keys they are typed
// as.
func RawKey(r rune) Key {
	switch r {
	case 0x1b:
		return K(KeyEsc)
	case '\r', '\n':
		return K(KeyEnter)
	case '\t':
		return K(KeyTab)
	case 0x7f, 0x08:
		return K(KeyBackspace)
	}
	if r < 0x20 {
		return Ctrl('a' + r - 1)
	}
	return R(r)
}
