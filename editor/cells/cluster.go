package cells

import (
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// Cut returns the first grapheme cluster of s (non-empty), uniseg's width
// of it and the uniseg state to pass with the rest of s (-1 starts
// afresh). It is the one cutting rule of kjx, for the screen and the
// motions alike: uniseg's grapheme clusters, except that an invalid UTF-8
// byte is a cluster of its own and a cluster never includes one. An
// ASCII byte followed by ASCII is a cluster of its own (CR LF excepted)
// without asking uniseg: no other rule joins two ASCII characters.
func Cut(s string, state int) (cluster string, width, next int) {
	b := s[0]
	if b < utf8.RuneSelf && (len(s) == 1 || s[1] < utf8.RuneSelf) {
		if b < ' ' || b == 0x7f {
			if b == '\r' && len(s) > 1 && s[1] == '\n' {
				return s[:2], 0, -1 // CR LF is one cluster (GB3)
			}
			return s[:1], 0, -1
		}
		return s[:1], 1, -1
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size <= 1 {
		return s[:1], 0, -1
	}
	cluster, _, width, next = uniseg.FirstGraphemeClusterInString(s, state)
	// uniseg may swallow invalid bytes that follow a valid rune into the
	// cluster (after a Prepend character); cut the cluster at the first
	// invalid byte instead.
	if len(cluster) == size {
		return cluster, width, next // one rune, valid
	}
	if cut := firstInvalid(cluster); cut > 0 {
		cluster = cluster[:cut]
		width = uniseg.StringWidth(cluster)
		next = -1
	}
	return cluster, width, next
}

// firstInvalid returns the index of the first invalid UTF-8 byte in s, or
// -1 when s is valid.
func firstInvalid(s string) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}
