package syntax

import "github.com/kjx-editor/kjx/buffer"

// Result is a highlighter's state at one moment: immutable, shared with
// the UI goroutine.
type Result struct {
	// Text is the text the lines were lexed for.
	Text buffer.Rope
	// Lines holds line i of Text, up to the size limit.
	Lines []Line
	// Valid lines are lexed for Text; later lines hold the tokens of an
	// earlier text where their bytes are the same.
	Valid int
	// Limited says the lines past len(Lines) are not coloured (MaxBytes).
	Limited bool
	// Err says why the text is not coloured (the lexer failed).
	Err error
}

// Spans returns the tokens to draw line of cur, a text that may be newer
// than the result's: the line's own tokens when the result holds a line
// with the same bytes at the same index or shifted by the change in the
// number of lines; for a line that differs from the result's line of the
// same index, that line's tokens moved over the changed bytes (what was
// typed takes the colour around it) until the new result comes. nil when
// the result has nothing for the line. Its cost is a comparison of the
// line's first MaxCol bytes.
func (r *Result) Spans(cur buffer.Rope, line int) []Span {
	if r == nil {
		return nil
	}
	if s, ok := r.same(cur, line, line); ok {
		return s
	}
	if d := cur.Newlines() - r.Text.Newlines(); d != 0 {
		if s, ok := r.same(cur, line, line-d); ok {
			return s
		}
	}
	return r.moved(cur, line)
}

// same returns the tokens of result line rl if it holds the bytes of cur's
// line.
func (r *Result) same(cur buffer.Rope, line, rl int) ([]Span, bool) {
	if rl < 0 || rl >= len(r.Lines) || rl > r.Text.Newlines() || r.Lines[rl].Spans == nil {
		return nil, false
	}
	a, e := cur.LineStart(line), cur.LineEnd(line)
	ra, re := r.Text.LineStart(rl), r.Text.LineEnd(rl)
	if e-a != re-ra || !sameBytes(cur, a, r.Text, ra, min(e-a, MaxCol)) {
		return nil, false
	}
	return r.Lines[rl].Spans, true
}

// moved returns the tokens of the result's line of the same index, moved
// over the bytes that differ between it and cur's line.
func (r *Result) moved(cur buffer.Rope, line int) []Span {
	if line >= len(r.Lines) || line > r.Text.Newlines() || r.Lines[line].Spans == nil {
		return nil
	}
	a, e := cur.LineStart(line), cur.LineEnd(line)
	ra, re := r.Text.LineStart(line), r.Text.LineEnd(line)
	if e-a > MaxCol || re-ra > MaxCol {
		return nil
	}
	x, y := r.Text.SliceString(ra, re), cur.SliceString(a, e)
	p := 0
	for p < len(x) && p < len(y) && x[p] == y[p] {
		p++
	}
	s := 0
	for s < len(x)-p && s < len(y)-p && x[len(x)-1-s] == y[len(y)-1-s] {
		s++
	}
	delta := int32(len(y) - len(x))
	old := r.Lines[line].Spans
	out := make([]Span, 0, len(old))
	for _, sp := range old {
		switch {
		case int(sp.Start) <= p:
			out = append(out, sp)
		case int(sp.Start) >= len(x)-s:
			sp.Start += delta
			out = append(out, sp)
		}
	}
	return out
}
