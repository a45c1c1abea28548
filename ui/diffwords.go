package ui

import (
	"io"
	"strings"

	"github.com/kjx-editor/kjx/editor/cells"
)

// Colouring diffs: the changed words of a changed line (for the panel's
// preview and for terminals), and unified diff text for a terminal with
// ANSI SGR sequences (the command-line `kjx diff`).

// changedWords returns the part of old and of new that differs when a
// line old was changed into new: [oa, ob) of old and [na, nb) of new,
// after the longest common prefix and suffix, widened to whole words. A
// cheap stand-in for a word diff: one changed region per line.
func changedWords(old, new string) (oa, ob, na, nb int) {
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	s := 0
	for s < len(old)-p && s < len(new)-p && old[len(old)-1-s] == new[len(new)-1-s] {
		s++
	}
	for p > 0 && isWordByte(old[p-1]) && (p < len(old) && isWordByte(old[p]) || p < len(new) && isWordByte(new[p])) {
		p--
	}
	for s > 0 && isWordByte(old[len(old)-s]) && (len(old)-s-1 >= p && isWordByte(old[len(old)-s-1]) || len(new)-s-1 >= p && isWordByte(new[len(new)-s-1])) {
		s--
	}
	return p, len(old) - s, p, len(new) - s
}

// isWordByte reports whether b belongs to a word (letters, digits, '_',
// and any byte of a multi-byte character).
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b >= 0x80
}

// diffLineStyle is the style of a line of a unified diff.
func diffLineStyle(th *Theme, line string) Style {
	switch {
	case strings.HasPrefix(line, "--- ") || strings.HasPrefix(line, "+++ "):
		return Style{Fg: th.Normal.Fg, Bg: th.Normal.Bg, Attr: AttrBold}
	case strings.HasPrefix(line, "@@"):
		return th.DiffHunk
	case strings.HasPrefix(line, "+"):
		return th.DiffAdd
	case strings.HasPrefix(line, "-"):
		return th.DiffDelete
	}
	return th.Normal
}

// SGR sequences of ColorDiff.
const (
	sgrReset   = "\x1b[m"
	sgrBold    = "\x1b[1m"
	sgrHunk    = "\x1b[36m"
	sgrAdd     = "\x1b[32m"
	sgrDelete  = "\x1b[31m"
	sgrAddWord = "\x1b[1;7;32m"
	sgrDelWord = "\x1b[1;7;31m"
)

// UseColor reports whether diff output should be coloured: only on a
// terminal (isTTY), and not when NO_COLOR is set to anything or TERM is
// "dumb".
func UseColor(getenv func(string) string, isTTY bool) bool {
	return isTTY && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// WriteDiff writes the unified diff text to w as kjx diff prints it: to a
// pipe or a file (tty false) unchanged, so it stays a patch; to a terminal
// coloured by ColorDiff when color, else with every line made safe for
// the terminal (^[, <xx>, <202e>) and no colour.
func WriteDiff(w io.Writer, text string, tty, color bool) error {
	switch {
	case !tty:
		_, err := io.WriteString(w, text)
		return err
	case color:
		return ColorDiff(w, text, true)
	}
	_, err := io.WriteString(w, safeTerminalText(text))
	return err
}

// ColorDiff writes the unified diff text to w. With color, file headers
// are bold, hunk headers cyan, removed lines red, added lines green, and
// the changed words of a removed line followed by as many added lines
// reversed; every line is made safe for a terminal as the screen draws
// file text (^[, <xx>, <202e>; tabs stay tabs). Without color the text is
// written unchanged, for pipes and files.
func ColorDiff(w io.Writer, text string, color bool) error {
	if !color {
		_, err := io.WriteString(w, text)
		return err
	}
	var b strings.Builder
	lines := strings.SplitAfter(text, "\n")
	pairs := pairChangedLines(lines)
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ "):
			writeSGR(&b, sgrBold, l)
		case strings.HasPrefix(l, "@@"):
			writeSGR(&b, sgrHunk, l)
		case pairs[i] >= 0:
			sgr, word := sgrDelete, sgrDelWord
			if l[0] == '+' {
				sgr, word = sgrAdd, sgrAddWord
			}
			writeChanged(&b, l, lines[pairs[i]], sgr, word)
		case strings.HasPrefix(l, "-"):
			writeSGR(&b, sgrDelete, l)
		case strings.HasPrefix(l, "+"):
			writeSGR(&b, sgrAdd, l)
		default:
			b.WriteString(safeTerminalText(l))
		}
		i++
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pairChangedLines pairs the lines of a unified diff: when a run of
// removed lines is followed by as many added lines, each removed line is
// paired with the added line at the same place in its run. It returns,
// for each line, its partner's index or -1.
func pairChangedLines(lines []string) []int {
	pairs := make([]int, len(lines))
	for i := range pairs {
		pairs[i] = -1
	}
	for i := 0; i < len(lines); {
		dels := run(lines, i, '-')
		if dels == 0 {
			i++
			continue
		}
		adds := run(lines, i+dels, '+')
		if adds == dels {
			for k := 0; k < dels; k++ {
				pairs[i+k], pairs[i+dels+k] = i+dels+k, i+k
			}
		}
		i += dels + adds
	}
	return pairs
}

// run counts the lines from i that start with op (and are not file
// headers).
func run(lines []string, i int, op byte) int {
	n := 0
	for i+n < len(lines) && strings.HasPrefix(lines[i+n], string(op)) && !strings.HasPrefix(lines[i+n], string([]byte{op, op, op, ' '})) {
		n++
	}
	return n
}

// messagePairs pairs the changed lines of the diff messages in msgs (see
// pairChangedLines); nil when no message is a diff line.
func messagePairs(msgs []Message) []int {
	lines := make([]string, len(msgs))
	any := false
	for i, m := range msgs {
		if m.Diff {
			lines[i], any = m.Text, true
		}
	}
	if !any {
		return nil
	}
	return pairChangedLines(lines)
}

// drawChangedLine draws a removed or added line of a diff message, the
// words that differ from pair marked; it returns the column after it.
func (r *Renderer) drawChangedLine(s Surface, line, pair string, x0, x1, y int) int {
	th := &r.Theme
	st, word := th.DiffDelete, th.DiffDeleteWord
	a, b, _, _ := changedWords(line[1:], pair[1:])
	if line[0] == '+' {
		st, word = th.DiffAdd, th.DiffAddWord
		_, _, a, b = changedWords(pair[1:], line[1:])
	}
	if stringWidth(line) > x1-x0 {
		return r.drawMessage(s, Message{Text: line, Diff: true}, x0, x1, y)
	}
	x := drawString(s, x0, y, x1, line[:1+a], st, th.SpecialKey)
	x = drawString(s, x, y, x1, line[1+a:1+b], word, th.SpecialKey)
	return drawString(s, x, y, x1, line[1+b:], st, th.SpecialKey)
}

// writeSGR writes line (with its '\n', if any) in colour sgr.
func writeSGR(b *strings.Builder, sgr, line string) {
	body, nl := strings.CutSuffix(line, "\n")
	b.WriteString(sgr + safeTerminalText(body) + sgrReset)
	if nl {
		b.WriteByte('\n')
	}
}

// writeChanged writes a changed line in colour sgr, the words that differ
// from pair (the line it was changed from or into; "" for none) in word.
func writeChanged(b *strings.Builder, line, pair, sgr, word string) {
	body, nl := strings.CutSuffix(line, "\n")
	if pair == "" {
		writeSGR(b, sgr, line)
		return
	}
	other := strings.TrimSuffix(pair, "\n")
	_, _, a, e := changedWords(other[1:], body[1:])
	a, e = a+1, e+1
	b.WriteString(sgr + safeTerminalText(body[:a]))
	if a < e {
		b.WriteString(word + safeTerminalText(body[a:e]) + sgrReset + sgr)
	}
	b.WriteString(safeTerminalText(body[e:]) + sgrReset)
	if nl {
		b.WriteByte('\n')
	}
}

// safeTerminalText escapes s as the screen shows file text (the one
// sanitiser, editor/cells), keeping tabs and line breaks.
func safeTerminalText(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexAny(s, "\t\n")
		if i < 0 {
			b.WriteString(cells.Sanitize(s))
			break
		}
		b.WriteString(cells.Sanitize(s[:i]))
		b.WriteByte(s[i])
		s = s[i+1:]
	}
	return b.String()
}
