package editor

import "unicode/utf8"

// keyLog is the record of the keys an Insert session typed: what .
// repeats, CTRL-A types again and the ". register reads. The keys typing
// is made of take one byte each, so that a pasted file's record is its
// size and not eight times that (a Key is eight bytes):
//
//   - a printable ASCII character is its byte;
//   - <BS>, <Tab>, <CR>, <Esc> and the CTRL- letters are the control byte
//     a terminal sends for them (RawKey decodes it);
//   - any other character without modifiers is its UTF-8 encoding;
//   - any other key is keyLogLong and the key's six bytes.
type keyLog []byte

// keyLogLong starts a key kept in full; it is never part of UTF-8.
const keyLogLong = 0xff

// add appends k.
func (l keyLog) add(k Key) keyLog {
	if k.Code == KeyRune && k.Mod == 0 {
		switch r := k.Rune; {
		case r >= 0x20 && r < 0x7f:
			return append(l, byte(r))
		case r >= utf8.RuneSelf && utf8.ValidRune(r):
			return utf8.AppendRune(l, r)
		}
	}
	if c, ok := controlByte(k); ok {
		return append(l, c)
	}
	r := uint32(k.Rune)
	return append(l, keyLogLong, byte(r), byte(r>>8), byte(r>>16), byte(r>>24), byte(k.Code), byte(k.Mod))
}

// controlByte is the control byte RawKey turns into k, if any.
func controlByte(k Key) (byte, bool) {
	var c byte
	switch {
	case k == K(KeyBackspace):
		c = 0x08
	case k == K(KeyTab):
		c = '\t'
	case k == K(KeyEnter):
		c = '\r'
	case k == K(KeyEsc):
		c = 0x1b
	case k.Code == KeyRune && k.Mod == ModCtrl && k.Rune >= 'a' && k.Rune <= 'z':
		c = byte(k.Rune-'a') + 1
	default:
		return 0, false
	}
	return c, RawKey(rune(c)) == k
}

// keys decodes the record.
func (l keyLog) keys() []Key {
	out := make([]Key, 0, len(l))
	for i := 0; i < len(l); {
		switch b := l[i]; {
		case b < utf8.RuneSelf:
			out = append(out, RawKey(rune(b)))
			i++
		case b == keyLogLong && i+7 <= len(l):
			r := rune(uint32(l[i+1]) | uint32(l[i+2])<<8 | uint32(l[i+3])<<16 | uint32(l[i+4])<<24)
			out = append(out, Key{Rune: r, Code: KeyCode(l[i+5]), Mod: Mod(l[i+6])})
			i += 7
		default:
			r, size := utf8.DecodeRune(l[i:])
			out = append(out, R(r))
			i += size
		}
	}
	return out
}
