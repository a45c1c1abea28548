package ui

import "strings"

// EscapeString returns s as the screen would show it, in plain text: every
// byte that is not part of a printable grapheme cluster is escaped by the
// screen's own rules (control characters as ^X, a tab as ^I, invalid
// UTF-8 as <xx>, bidi and other format characters as <202e>). It is for
// text printed to a terminal outside the UI, such as standard error, where
// a file name or an argument must not reach the terminal raw.
func EscapeString(s string) string {
	var c strCells
	c.reset(s)
	var b strings.Builder
	b.Grow(len(s))
	for {
		cell, _, _, _, ok := c.next()
		if !ok {
			return b.String()
		}
		b.WriteString(cell)
	}
}
