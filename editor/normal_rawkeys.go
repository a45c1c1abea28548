package editor

// rawKeys turns the text of a :normal argument into keys the way Vim reads
// it: control characters are the keys they are typed as (CR is <CR>, ESC
// <Esc>, BS <BS>, TAB <Tab>, the others CTRL-keys). DEL stays a character:
// Vim 9.0 inserts a literal 0x7f from "normal! i\x7f".
func rawKeys(arg string) []Key {
	keys := make([]Key, 0, len(arg))
	for _, r := range arg {
		if r == 0x7f {
			keys = append(keys, R(r))
			continue
		}
		keys = append(keys, rawKey(r))
	}
	return keys
}
