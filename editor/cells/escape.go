package cells

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// This file holds the sanitising rules: how one grapheme cluster of text
// becomes cells that are safe to send to a terminal. No byte reaches the
// terminal unless it is part of a printable cluster; see doc.go for the
// rules and their reasons.

// Piece is part of the display form of a cluster: either text to draw as
// one cell (or two for wide clusters), or escape text (ASCII, one cell
// per byte) drawn in the SpecialKey style.
type Piece struct {
	S   string // the text of the piece
	W   int    // its width in cells: 1 or 2 for text, len(S) for an escape
	Esc bool   // an escape (^X, <xx>, <hhhh>)
}

// printableASCII slices give one-byte cell strings without allocating.
const printableASCII = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// ASCII returns the one-cell string for the printable ASCII byte b
// (' ' ≤ b < 0x7f) without allocating.
func ASCII(b byte) string { return printableASCII[b-' ' : b-' '+1] }

const hexDigits = "0123456789abcdef"

// Sanitizer turns clusters into pieces. It reuses its buffer, so the
// pieces it returns are valid until the next call. The zero value is ready
// to use; a Sanitizer is not safe for concurrent use.
type Sanitizer struct {
	out []Piece
	// counting makes the walk only add up widths in width: Width uses it
	// to measure an unsafe cluster without building its escapes.
	counting bool
	width    int
}

// emit adds a piece to the output (or its width, when counting).
func (z *Sanitizer) emit(p Piece) {
	if z.counting {
		z.width += p.W
		return
	}
	z.out = append(z.out, p)
}

// controlEscapes holds "^@^A...^_" (the ^X forms of the C0 controls).
const controlEscapes = "^@^A^B^C^D^E^F^G^H^I^J^K^L^M^N^O^P^Q^R^S^T^U^V^W^X^Y^Z^[^\\^]^^^_"

// controlEscape returns the ^X form of an ASCII control byte (DEL is ^?).
func controlEscape(b byte) string {
	if b == 0x7f {
		return "^?"
	}
	return controlEscapes[2*int(b) : 2*int(b)+2]
}

// byteEscapes holds "<00><01>...<ff>", built once.
var byteEscapes = sync.OnceValue(func() string {
	b := make([]byte, 0, 4*256)
	for i := 0; i < 256; i++ {
		b = append(b, '<', hexDigits[i>>4], hexDigits[i&15], '>')
	}
	return string(b)
})

// byteEscape returns "<xx>" for the byte b.
func byteEscape(b byte) string {
	t := byteEscapes()
	return t[4*int(b) : 4*int(b)+4]
}

// Pieces returns the display form of cluster, which is one grapheme
// cluster (or one invalid byte) as Cut returns it, other than a tab (its
// width depends on its column: see WidthAt) or a newline. w is the width
// Cut returned with it (uniseg's).
func (z *Sanitizer) Pieces(cluster string, w int) []Piece {
	z.out = z.out[:0]
	if len(cluster) == 1 && cluster[0] < utf8.RuneSelf {
		b := cluster[0]
		if b < ' ' || b == 0x7f {
			z.emit(Piece{S: controlEscape(b), W: 2, Esc: true})
		} else {
			z.emit(Piece{S: cluster, W: 1})
		}
		return z.out
	}
	if w > 0 && clusterSafe(cluster, w == 2) {
		z.emit(Piece{S: cluster, W: min(w, 2)})
		return z.out
	}
	z.split(cluster)
	return z.out
}

// split handles a cluster that holds something unsafe: printable runs are
// kept together, everything else is escaped rune by rune.
func (z *Sanitizer) split(cluster string) {
	start := -1 // start of the current printable run
	for i := 0; i < len(cluster); {
		r, size := utf8.DecodeRuneInString(cluster[i:])
		if runeSafeIn(cluster, i, r, size, false) {
			if start < 0 {
				start = i
			}
			i += size
			continue
		}
		if start >= 0 {
			z.flushRun(cluster[start:i])
			start = -1
		}
		z.escapeRune(cluster[i:i+size], r, size)
		i += size
	}
	if start >= 0 {
		z.flushRun(cluster[start:])
	}
}

// flushRun emits a run of safe runes: as text when it starts with a base
// character and has a width, otherwise escaped (a lone combining mark
// would attach to whatever the terminal drew before it).
func (z *Sanitizer) flushRun(run string) {
	r, _ := utf8.DecodeRuneInString(run)
	if !unicode.Is(unicode.M, r) {
		if w := uniseg.StringWidth(run); w > 0 {
			// A run may still hold several clusters after an escape
			// split it (uniseg regroups "a\u200cb" as two); emit each.
			state := -1
			for run != "" {
				var c string
				c, run, w, state = uniseg.FirstGraphemeClusterInString(run, state)
				cr, _ := utf8.DecodeRuneInString(c)
				if w == 0 || unicode.Is(unicode.M, cr) {
					z.escapeAll(c)
					continue
				}
				z.emit(Piece{S: c, W: min(w, 2)})
			}
			return
		}
	}
	z.escapeAll(run)
}

// escapeAll escapes every rune of s.
func (z *Sanitizer) escapeAll(s string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		z.escapeRune(s[i:i+size], r, size)
		i += size
	}
}

// escapeRune appends the escape of one rune (or invalid byte) as a piece:
// ^X for C0 controls and DEL, <xx> for invalid bytes and C1 controls (as
// Vim shows both), <hhhh> for any other unsafe code point.
func (z *Sanitizer) escapeRune(raw string, r rune, size int) {
	if z.counting {
		z.width += escapeWidth(r, size)
		return
	}
	var e string
	switch {
	case r == utf8.RuneError && size == 1:
		e = byteEscape(raw[0])
	case r < ' ' || r == 0x7f:
		e = controlEscape(byte(r))
	case r >= 0x80 && r < 0xa0:
		e = byteEscape(byte(r))
	default:
		var buf [12]byte
		b := appendHexRune(append(buf[:0], '<'), r)
		e = string(append(b, '>'))
	}
	z.out = append(z.out, Piece{S: e, W: len(e), Esc: true})
}

// escapeWidth is len of what escapeRune writes for r, without writing it.
func escapeWidth(r rune, size int) int {
	switch {
	case r == utf8.RuneError && size == 1:
		return 4 // <xx>
	case r < ' ' || r == 0x7f:
		return 2 // ^X
	case r >= 0x80 && r < 0xa0:
		return 4 // <xx>
	}
	digits := 4
	for v := r >> 16; v > 0; v >>= 4 {
		digits++
	}
	return digits + 2 // <hhhh>
}

// appendHexRune appends r in lower-case hex, at least four digits.
func appendHexRune(dst []byte, r rune) []byte {
	digits := 4
	for v := r >> 16; v > 0; v >>= 4 {
		digits++
	}
	for i := digits - 1; i >= 0; i-- {
		dst = append(dst, hexDigits[(r>>(4*i))&15])
	}
	return dst
}

// clusterSafe reports whether every rune of a multi-byte cluster may be
// sent as is and the cluster does not start with a combining mark. wide
// says the cluster is two cells wide (emoji presentation), which joiners
// require.
func clusterSafe(cluster string, wide bool) bool {
	for i := 0; i < len(cluster); {
		b := cluster[i]
		if b >= ' ' && b < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(cluster[i:])
		if !runeSafeIn(cluster, i, r, size, wide) {
			return false
		}
		if i == 0 && isMark(r) {
			return false
		}
		i += size
	}
	return true
}

// isMark reports whether r is a combining mark (Unicode M), answering
// at once for the ranges that hold none.
func isMark(r rune) bool {
	if r < 0x300 || r >= 0x4e00 && r <= 0x9fff || r >= 0xac00 && r <= 0xd7a3 {
		return false
	}
	return unicode.Is(unicode.M, r)
}

// runeSafeIn reports whether rune r at byte i of cluster may reach the
// terminal. ZWJ is allowed only between two pictographs in a wide
// cluster (emoji ZWJ sequences) and tag characters only inside a flag
// tag sequence.
func runeSafeIn(cluster string, i int, r rune, size int, wide bool) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return false
	case r < 0xa0:
		return r >= ' ' && r < 0x7f
	case r == 0x200d:
		return wide && pictographBefore(cluster[:i]) && pictographAfter(cluster[i+size:])
	case r >= 0xe0020 && r <= 0xe007f:
		first, _ := utf8.DecodeRuneInString(cluster)
		last, _ := utf8.DecodeLastRuneInString(cluster)
		return first == 0x1f3f4 && last == 0xe007f
	}
	return !unsafeRune(r)
}

// pictographBefore reports whether s ends with a pictograph, ignoring
// emoji modifiers and variation selectors.
func pictographBefore(s string) bool {
	for s != "" {
		r, size := utf8.DecodeLastRuneInString(s)
		if emojiModifier(r) {
			s = s[:len(s)-size]
			continue
		}
		return pictograph(r)
	}
	return false
}

// pictographAfter reports whether s starts with a pictograph.
func pictographAfter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return pictograph(r)
}

func emojiModifier(r rune) bool {
	return r == 0xfe0f || r == 0xfe0e || (r >= 0x1f3fb && r <= 0x1f3ff)
}

// pictograph approximates Extended_Pictographic: the emoji blocks and the
// symbol blocks emoji ZWJ sequences use. An approximation only ever
// escapes more, never less.
func pictograph(r rune) bool {
	switch {
	case r >= 0x1f000 && r <= 0x1faff:
		return true
	case r >= 0x2190 && r <= 0x2bff:
		return true
	case r == 0xa9 || r == 0xae || r == 0x203c || r == 0x2049 || r == 0x2122 || r == 0x2139:
		return true
	}
	return false
}

// unsafeRune reports whether a rune at or above U+00A0 must be escaped:
// format characters (Cf: bidi controls, zero-width spaces and joiners, the
// BOM, the soft hyphen...), other default-ignorable invisible characters
// (Hangul fillers...), line and paragraph separators, noncharacters and
// code points not assigned in the Unicode version Go knows.
func unsafeRune(r rune) bool {
	if r < 0x300 {
		return r == 0xad // the soft hyphen is the only Cf below U+0300
	}
	if r >= 0x4e00 && r <= 0x9fff || r >= 0xac00 && r <= 0xd7a3 {
		return false // CJK ideographs and Hangul syllables: all assigned
	}
	if r > unicode.MaxRune {
		return true
	}
	bits := unsafeTable()
	return bits[r>>6]&(1<<(uint(r)&63)) != 0
}

// unsafeTable is a bitmap over all code points of the runes unsafeRune
// rejects, built once on first use and never modified.
var unsafeTable = sync.OnceValue(func() []uint64 {
	bits := make([]uint64, (unicode.MaxRune+1)/64)
	set := func(r rune) { bits[r>>6] |= 1 << (uint(r) & 63) }
	forEach := func(t *unicode.RangeTable, f func(rune)) {
		for _, rg := range t.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				f(r)
			}
		}
		for _, rg := range t.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				f(r)
			}
		}
	}
	// Start from "everything unassigned is unsafe": mark all, then clear
	// the assigned categories.
	for i := range bits {
		bits[i] = ^uint64(0)
	}
	clear := func(r rune) { bits[r>>6] &^= 1 << (uint(r) & 63) }
	for _, t := range []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Co} {
		forEach(t, clear)
	}
	for _, t := range []*unicode.RangeTable{unicode.Cf, unicode.Zl, unicode.Zp, unicode.Other_Default_Ignorable_Code_Point, unicode.Noncharacter_Code_Point} {
		forEach(t, set)
	}
	return bits
})
