package ui

import (
	"github.com/alecthomas/chroma/v2"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// synState walks the syntax tokens of the line being drawn as its cells
// advance (offsets never decrease within a line).
type synState struct {
	spans     []syntax.Span // nil: no colours for the line
	i         int
	lineStart int
	typ       chroma.TokenType // the type whose style is cached
	st        Style
	cached    bool
}

// startLine looks up the tokens of line for this frame.
func (s *synState) startLine(t *textWin, line int) {
	s.spans, s.i, s.cached = nil, 0, false
	if t.v.Syntax == nil || t.th.Tokens == nil {
		return
	}
	s.spans = t.v.Syntax.Spans(t.text, line)
	s.lineStart = t.text.LineStart(line)
}

// style returns the style of the text cell at rope offset off.
func (s *synState) style(th *Theme, off int) Style {
	rel := int32(off - s.lineStart)
	for s.i+1 < len(s.spans) && s.spans[s.i+1].Start <= rel {
		s.i++
	}
	if len(s.spans) == 0 || s.spans[s.i].Start > rel {
		return th.Normal
	}
	t := s.spans[s.i].Type
	if !s.cached || t != s.typ {
		s.typ, s.st, s.cached = t, th.Tokens.Style(t, th.Normal), true
	}
	return s.st
}
