package editor

import (
	"bytes"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// subScan walks the matches of one :s over lines first..last the way Vim's
// do_sub does, for the cases the per-line fast path cannot take: patterns
// that match a line break and :s///c.
//
// It reads an immutable copy of the buffer from the start of the first line
// (to the end of the range, or further for a pattern that can match a line
// break, see scanMargin), followed by the line break after it: after the
// last line that is a virtual one, as Vim's \n also matches there. All
// offsets are in that copy (the original text); the caller maps them to
// the buffer it changes. The rules, from do_sub:
//
//   - a match must start in a line of the range; the search for the next
//     one starts where the previous match ended (prev);
//   - an empty match right where the previous one ended does not count:
//     the search moves on one character, and at the end of a line goes to
//     the next line;
//   - without g the next line is searched after a match, and with g a
//     pattern without \n or \_x (Vim's re_multiline, vimre.HasNL) is not
//     tried again at the end of a line;
//   - after a match that ends in a later line the search goes on there,
//     with or without g (Vim's do_again), unless that line is past the
//     range, which ends the command;
//   - each line where matching starts anew is one of Vim's "lines" for the
//     "N substitutions on M lines" message (chain).
type subScan struct {
	re      *vimre.Regexp
	r       buffer.Rope // the buffer as it was (read lazily)
	text    []byte      // the original text from the first line on, plus '\n'
	virtual bool        // text ends with the line break after the last line
	base    int         // buffer offset of text[0]
	line    int         // buffer line (original numbering) the scan is in
	lineBeg int         // offset of that line's start
	last    int         // last line of the range
	col     int         // where the next search starts
	prev    int         // end of the previous match in this chain (-1: none)
	chain   int         // Vim's outer-loop line count
	global  bool
	done    bool
}

// subMatch is one match found by subScan.
type subMatch struct {
	m     []int // submatch offsets in subScan.text, Vim numbering
	line  int   // buffer line (original numbering) where it starts
	chain int
}

// scanMargin is how much text after the range a multi-line pattern sees
// at first; a match that runs to the end of what was read makes the scan
// read more (doubling), so a match is missed only if it needs more than
// this beyond the range without touching the end of what was read.
const scanMargin = 1 << 20

// newSubScan prepares a scan of lines first..last of r. A single-line
// pattern reads only the range; a multi-line one reads scanMargin more.
func newSubScan(re *vimre.Regexp, r buffer.Rope, first, last int, global bool) *subScan {
	return newSubScanMargin(re, r, first, last, global, scanMargin)
}

// newSubScanMargin is newSubScan reading margin bytes (at least the next
// line) after the range for a multi-line pattern.
func newSubScanMargin(re *vimre.Regexp, r buffer.Rope, first, last int, global bool, margin int) *subScan {
	s := &subScan{re: re, r: r, base: r.LineStart(first), line: first,
		last: last, prev: -1, global: global}
	end := r.LineEnd(last)
	if re.MultiLine() {
		end = r.LineEnd(r.LineOf(min(end+max(margin, 1), r.Len())))
	}
	s.read(end)
	return s
}

// read copies the buffer from base to end (a line end) into text, with
// the line break that follows: the real one, or after the last line the
// one Vim's \n matches there (virtual).
func (s *subScan) read(end int) {
	if need := end - s.base + 1; cap(s.text) < need {
		s.text = make([]byte, 0, need)
	}
	s.text = s.r.AppendSlice(s.text[:0], s.base, end)
	s.text = append(s.text, '\n')
	s.virtual = end == s.r.Len()
}

// grow reads about twice as much text after the range; false when the
// whole buffer was read already.
func (s *subScan) grow() bool {
	if s.virtual {
		return false
	}
	n := len(s.text) - 1 // bytes read before the line break
	s.read(s.r.LineEnd(s.r.LineOf(min(s.base+2*n+1, s.r.Len()))))
	return true
}

// clip maps the end of a match to the buffer: the virtual line break
// after the last line is not in it.
func (s *subScan) clip(off int) int {
	if s.virtual && off >= len(s.text) {
		return len(s.text) - 1
	}
	return off
}

// find is the next match from col, reading more text while a multi-line
// match runs to the end of what was read.
func (s *subScan) find() []int {
	m := s.re.FindSubmatchAt(s.text, s.col)
	for m != nil && m[1] >= len(s.text) && s.re.MultiLine() && s.grow() {
		m = s.re.FindSubmatchAt(s.text, s.col)
	}
	return m
}

// atEOL reports whether off is at the end of a line of the text.
func (s *subScan) atEOL(off int) bool { return off >= len(s.text) || s.text[off] == '\n' }

// next returns the next match to handle; false when the scan is over.
func (s *subScan) next() (subMatch, bool) {
	for !s.done {
		if s.line > s.last {
			break
		}
		m := s.find()
		if m == nil {
			break
		}
		st, en := m[0], m[1]
		if st >= len(s.text) {
			break // in the line after the '\n' added at the end
		}
		if st >= s.lineBeg {
			if nl := bytes.IndexByte(s.text[s.lineBeg:st], '\n'); nl >= 0 {
				s.moveTo(st)
				s.chain++
				s.prev = -1
			}
		}
		if s.line > s.last {
			break
		}
		if st == s.prev && en == st {
			// An empty match where the previous one ended.
			if s.atEOL(st) {
				s.nextLine()
				continue
			}
			_, n := utf8.DecodeRune(s.text[st:])
			s.col = st + n
			if s.atEOL(s.col) && !s.re.HasNL() {
				s.nextLine()
			}
			continue
		}
		return subMatch{m: m, line: s.line, chain: s.chain}, true
	}
	s.done = true
	return subMatch{}, false
}

// moveTo moves the scan to the line holding off (at or after lineBeg),
// keeping the chain.
func (s *subScan) moveTo(off int) {
	for {
		nl := bytes.IndexByte(s.text[s.lineBeg:off], '\n')
		if nl < 0 {
			return
		}
		s.lineBeg += nl + 1
		s.line++
	}
}

// nextLine goes on at the start of the line after the scan's line.
func (s *subScan) nextLine() {
	nl := bytes.IndexByte(s.text[s.lineBeg:], '\n')
	if nl < 0 {
		s.done = true
		return
	}
	s.lineBeg += nl + 1
	s.line++
	s.col = s.lineBeg
	s.prev = -1
	s.chain++
	if s.line > s.last || s.lineBeg >= len(s.text) {
		s.done = true
	}
}

// advance moves past m once it was handled: replaced, or skipped with
// the confirm answer n (skipped true).
func (s *subScan) advance(m subMatch, skipped bool) {
	st, en := m.m[0], m.m[1]
	multi := bytes.IndexByte(s.text[st:en], '\n') >= 0
	if multi && skipped {
		// Vim skips the rest of the line the match started in.
		s.nextLine()
		return
	}
	s.col, s.prev = en, en
	switch {
	case multi:
		s.moveTo(en)
		if s.line > s.last || en >= len(s.text) {
			s.done = true
		}
	case !s.global:
		s.nextLine()
	case s.atEOL(en) && !s.re.HasNL():
		s.nextLine()
	}
}

// offEdit replaces text[start:end] (offsets in subScan.text) by new.
type offEdit struct {
	start, end int
	new        string
}
