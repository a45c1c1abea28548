package cells

import "strings"

// Sanitize returns s as it must be shown to a person: every grapheme
// cluster that is not printable replaced by its escape (control
// characters and tabs as ^X, invalid UTF-8 and C1 controls as <xx>,
// format and other invisible characters as <202e>), everything else
// unchanged. It is for any string that reaches a terminal outside the
// screen's own drawing: error messages on stderr before the UI starts,
// file names and messages written by other tools. A string without
// anything to escape is returned as it is.
func Sanitize(s string) string {
	if printableASCIIOnly(s) {
		return s
	}
	var b strings.Builder
	var z Sanitizer
	for state := -1; s != ""; {
		var c string
		var w int
		c, w, state = Cut(s, state)
		s = s[len(c):]
		for _, p := range z.Pieces(c, w) {
			b.WriteString(p.S)
		}
	}
	return b.String()
}

// printableASCIIOnly reports whether s holds printable ASCII only.
func printableASCIIOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
