package main

import (
	"io"
	"strings"

	"github.com/kjx-editor/kjx/editor/cells"
)

// terminalSafe is the one way cmd/kjx escapes text for the terminal: the
// screen's own sanitiser (editor/cells), so that a file name or an
// argument holding escape sequences (`kjx $'\e]0;PWNED\a'`) is shown as
// ^[]0;PWNED^G, never obeyed.
func terminalSafe(s string) string { return cells.Sanitize(s) }

// safeWriter escapes everything written through it, line by line,
// keeping the line breaks: cmd/kjx's standard error goes through one, so
// nothing it or the headless run prints there reaches the terminal raw.
type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(p), "\n") {
		body, nl := strings.CutSuffix(line, "\n")
		b.WriteString(terminalSafe(body))
		if nl {
			b.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(s.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}
