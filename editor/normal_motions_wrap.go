package editor

// <BS> and <Space>: h and l that wrap across lines ('whichwrap' b and s).

// mBackWrap is <BS>: h that wraps to the previous line ('whichwrap' b).
func mBackWrap(m *mctx) (Pos, bool) {
	r := m.e.text()
	p := m.cur
	moved := false
	for i := 0; i < m.count1; i++ {
		switch {
		case p.Col > 0:
			p.Col = prevCol(lineText(r, p.Line), p.Col)
		case p.Line > 0:
			p.Line--
			// Vim's nv_left: coladvance(MAXCOL), which stops on the NUL in
			// Visual mode, and d and c step past the last character so
			// that the line break goes too (CA_NO_ADJ_OP_END: no
			// "exclusive at column 0" rule).
			l := lineText(r, p.Line)
			p.Col = len(l)
			switch {
			case m.op == "d" || m.op == "c":
				m.noAdjust = m.noAdjust || l != ""
			case !m.e.mode.visual():
				p.Col = lastCharCol(l)
			}
		default:
			return p, moved || m.op != ""
		}
		moved = true
	}
	return p, moved
}

// mSpaceWrap is <Space>: l that wraps to the next line ('whichwrap' s).
func mSpaceWrap(m *mctx) (Pos, bool) {
	r := m.e.text()
	p := m.cur
	n := lineCount(r)
	moved := false
	for i := 0; i < m.count1; i++ {
		l := lineText(r, p.Line)
		nc := nextCol(l, p.Col)
		// With an operator or in Visual mode the line end is a step too.
		past := m.op != "" || m.e.mode.visual()
		switch {
		case nc < len(l) || (past && p.Col < len(l)):
			p.Col = nc
		case p.Line < n-1:
			p.Line++
			p.Col = 0
		default:
			return p, moved
		}
		moved = true
	}
	return p, moved
}
