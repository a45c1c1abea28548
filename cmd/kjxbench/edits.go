package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// textModel is the text of a buffer as both editors see it: Vim's lines
// joined with "\n", without the end-of-line of the last line. A file on
// disk is fileBytes of it. The model decides which keys reach a byte
// offset, and is the expected result of a workload.
type textModel struct {
	b        []byte
	nonASCII bool // some byte is >= 0x80: code points differ from bytes
}

// newModel returns a model holding s.
func newModel(s string) *textModel {
	m := &textModel{b: []byte(s)}
	m.nonASCII = !isASCII(s)
	return m
}

// isASCII reports whether s has only 7-bit bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// fileBytes is what both editors write for a buffer whose text is s: the
// lines with a final newline ('fixendofline'), nothing for an empty
// buffer.
func fileBytes(s string) string {
	if s == "" {
		return ""
	}
	return s + "\n"
}

// bytesOf converts a range of del code points at code point pos to a
// byte offset and byte length, failing when it does not fit the text.
func (m *textModel) bytesOf(pos, del int) (int, int, error) {
	if !m.nonASCII {
		if pos > len(m.b) || del > len(m.b)-pos {
			return 0, 0, fmt.Errorf("range [%d,+%d) outside a text of %d bytes", pos, del, len(m.b))
		}
		return pos, del, nil
	}
	off, ok := runeOffset(m.b, 0, pos)
	if !ok {
		return 0, 0, fmt.Errorf("position %d outside the text", pos)
	}
	end, ok := runeOffset(m.b, off, del)
	if !ok {
		return 0, 0, fmt.Errorf("deletion of %d at %d outside the text", del, pos)
	}
	return off, end - off, nil
}

// runeOffset walks n code points from byte offset from.
func runeOffset(b []byte, from, n int) (int, bool) {
	i := from
	for ; n > 0; n-- {
		if i >= len(b) {
			return 0, false
		}
		_, size := utf8.DecodeRune(b[i:])
		i += size
	}
	return i, true
}

// replace deletes del bytes at off and inserts ins there.
func (m *textModel) replace(off, del int, ins string) {
	grow := len(ins) - del
	switch {
	case grow > 0:
		m.b = append(m.b, make([]byte, grow)...)
		copy(m.b[off+len(ins):], m.b[off+del:len(m.b)-grow])
	case grow < 0:
		copy(m.b[off+len(ins):], m.b[off+del:])
		m.b = m.b[:len(m.b)+grow]
	}
	copy(m.b[off:], ins)
	if !m.nonASCII && !isASCII(ins) {
		m.nonASCII = true
	}
}

// String is the model's text.
func (m *textModel) String() string { return string(m.b) }

// errPlaceholder reports inserted text that contains the newline
// placeholder, which would then be split by the :s that follows.
var errPlaceholder = errors.New("inserted text contains the newline placeholder")

// insertLines returns the Ex lines, identical for Vim and kjx, that insert
// text at byte offset off of m (the model is not changed). Neither editor
// needs raw control keys in :normal: a newline is typed as placeholder ph
// and the line is then split with :s/ph/\r/g (kjx's :normal does not yet
// turn a raw CR byte into <CR> as Vim's does). The cursor is put on a
// character, never on an end of line, so Vim's and kjx's cursor clamping
// cannot differ:
//
//   - after a character of the same line: ":goto off" puts the cursor on
//     it, "a" appends;
//   - at the start of a line that exists: ":goto off+1" puts the cursor
//     on column 0 (of an empty line, too), "i" inserts;
//   - at the end of a text that is empty or ends with "\n" (a new last
//     line): "G0i".
func insertLines(m *textModel, off int, text, ph string) ([]string, error) {
	if text == "" {
		return nil, nil
	}
	if strings.Contains(text, ph) {
		return nil, errPlaceholder
	}
	if i := strings.IndexFunc(text, isControl); i >= 0 {
		return nil, fmt.Errorf("inserted text has control character %q, which :normal would run as a key", text[i])
	}
	typed := strings.ReplaceAll(text, "\n", ph)
	var first string
	switch {
	case off > 0 && m.b[off-1] != '\n':
		first = "goto " + strconv.Itoa(off) + "|normal! a" + typed
	case off < len(m.b):
		first = "goto " + strconv.Itoa(off+1) + "|normal! i" + typed
	default:
		first = "normal! G0i" + typed
	}
	lines := []string{first}
	if typed != text {
		lines = append(lines, "s/"+ph+`/\r/g`)
	}
	return lines, nil
}

// isControl reports whether r is a control character other than the
// newline (typed as a placeholder) and the tab (which both editors insert
// as itself).
func isControl(r rune) bool {
	return (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f
}

// deleteLine returns the Ex line that deletes n bytes at off of m (the
// model is not changed). The cursor starts on byte off (":goto off+1",
// which is on the same line even when that byte is an end of line), then
// runs of characters are deleted with "{k}x" and ends of lines with "gJ",
// which joins without touching white space. After "{k}x" Vim and kjx keep
// the cursor at off, or on the same line when the run reached the end of
// it; after "gJ" the cursor is at the join point, which is off: so every
// step starts at off without moving again.
func deleteLine(m *textModel, off, n int) string {
	if n <= 0 {
		return ""
	}
	var keys strings.Builder
	for i := off; i < off+n; {
		if m.b[i] == '\n' {
			keys.WriteString("gJ")
			i++
			continue
		}
		k := 0
		for i+k < off+n && m.b[i+k] != '\n' {
			k++
		}
		if chars := utf8.RuneCount(m.b[i : i+k]); chars > 1 {
			keys.WriteString(strconv.Itoa(chars))
		}
		keys.WriteByte('x')
		i += k
	}
	return "goto " + strconv.Itoa(off+1) + "|normal! " + keys.String()
}
