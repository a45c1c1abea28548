package editor

// mGotoByte is [count]go: the cursor goes to byte count of the buffer
// (1-based, newlines counted, default 1), as :goto does. Past the end it
// lands on the last character; a byte inside a character or on a line's
// newline is moved to that character or the line's last character, as
// Vim's goto_byte and check_cursor do. It is an exclusive jump motion.
func mGotoByte(m *mctx) (Pos, bool) {
	r := m.e.text()
	off := min(max(m.count0-1, 0), r.Len())
	p := offToPos(r, off)
	p.Col = clampCol(r, p.Line, p.Col, false)
	return p, true
}
