package vimre

import "github.com/kjx-editor/kjx/buffer"

// blockSize is how much text Search hands the regexp engine at a time.
const blockSize = 1 << 20

// Search finds the next match of re in r from byte offset from (the
// cursor), the way Vim's / and ? do, and returns the match's offsets in r.
//
// Forward, the match must start after the cursor (at or after the next
// character; on an empty line, in a later line). Backward, it is the last
// match that starts before the cursor: in the cursor line the last one
// before it, in earlier lines the last one of the line. With wrap the
// search continues from the other end of the buffer up to and including
// the cursor line, and wrapped reports it ("search hit BOTTOM, continuing
// at TOP" is the caller's message).
//
// The rope is never flattened: Search reads blocks of about 1 MiB of whole
// lines. A match that contains newlines (MultiLine patterns) and is longer
// than a block may be missed.
func Search(r buffer.Rope, re *Regexp, from int, backward, wrap bool) (start, end int, wrapped, ok bool) {
	return searcher{r: r, re: re, block: blockSize}.search(from, backward, wrap)
}

// searcher is one Search; block is the block size (small in tests).
type searcher struct {
	r     buffer.Rope
	re    *Regexp
	block int
}

func (sr searcher) search(from int, backward, wrap bool) (start, end int, wrapped, ok bool) {
	r := sr.r
	n := r.Len()
	from = max(0, min(from, n))
	if backward {
		if s, e, ok := sr.backward(0, lineStartAt(r, from), from); ok {
			return s, e, false, true
		}
		if !wrap {
			return 0, 0, false, false
		}
		s, e, ok := sr.backward(lineStartAt(r, from), n, n+1)
		return s, e, ok, ok
	}
	minStart := from + 1
	if from < n && r.ByteAt(from) != '\n' {
		minStart = from + runeLenAt(r, from)
	}
	if s, e, ok := sr.forward(lineStartAt(r, from), minStart, n, lineEndAt(r, from)); ok {
		return s, e, false, true
	}
	if !wrap {
		return 0, 0, false, false
	}
	s, e, ok := sr.forward(0, 0, lineEndAt(r, from), -1)
	return s, e, ok, ok
}

// forward returns the first acceptable match whose start is in
// [minStart, maxStart], reading blocks of whole lines from the line start
// a. A match at the end of a line that ends at or before eolMax (the
// cursor line) counts as starting on the line's last character, as in Vim.
// For a multi-line pattern the text handed to the engine runs one block
// further than the lines where candidates may start, so that a match can
// end in the next block (and more is read while a match reaches the end).
func (sr searcher) forward(a, minStart, maxStart, eolMax int) (int, int, bool) {
	r, re, size := sr.r, sr.re, sr.block
	n := r.Len()
	var text []byte
	for a <= n && a <= maxStart {
		b := blockEnd(r, a, size) // candidates start in [a, b]
		w := b
		if re.multiLine && b < n {
			w = blockEnd(r, b+1, size)
		}
		text = re.lastEOL(r.AppendSlice(text[:0], a, w), w == n)
		m := re.firstEOL(text, 0, minStart-a, eolMax-a)
		for m != nil && re.multiLine && m[1] == len(text) && w < n {
			w = blockEnd(r, w+1, 2*(w-a))
			text = re.lastEOL(r.AppendSlice(text[:0], a, w), w == n)
			m = re.firstEOL(text, 0, minStart-a, eolMax-a)
		}
		if m != nil && m[0]+a <= b {
			s, e := re.span(m)
			if s+a > maxStart {
				return 0, 0, false
			}
			return s + a, min(e+a, n), true
		}
		if b >= n {
			break
		}
		a = b + 1
	}
	return 0, 0, false
}

// backward returns the last acceptable match whose start is in
// [lo, limit), reading blocks of whole lines backwards; the first block
// ends with the line that holds offset hi.
func (sr searcher) backward(lo, hi, limit int) (int, int, bool) {
	r, re, size := sr.r, sr.re, sr.block
	n := r.Len()
	var text []byte
	top := lineEndAt(r, min(hi, n)) // candidates start before top
	for top >= lo {
		a := lineStartAt(r, max(lo, top-size))
		if a < lo {
			a = lo
		}
		b := top
		if re.multiLine {
			b = blockEnd(r, top, size) // let matches run past the block
		}
		text = re.lastEOL(r.AppendSlice(text[:0], a, b), b == n)
		s, e, ok := re.lastIn(text, a, min(limit, top+1))
		for ok && re.multiLine && e == a+len(text) && b < n {
			// The match may run on past the text read: read more.
			b = blockEnd(r, b+1, 2*(b-a))
			text = re.lastEOL(r.AppendSlice(text[:0], a, b), b == n)
			s, e, ok = re.lastIn(text, a, min(limit, top+1))
		}
		if ok {
			return s, min(e, n), true
		}
		if a <= lo {
			break
		}
		top = a - 1
	}
	return 0, 0, false
}

// lastIn returns the last acceptable match in text (which starts at rope
// offset a) whose start is before limit, trying candidates the way Vim's
// backward search does: each next one where the previous one ended (see
// skipMatch).
func (re *Regexp) lastIn(text []byte, a, limit int) (int, int, bool) {
	var best []int
	for pos := 0; pos <= len(text); {
		m := re.first(text, pos, 0)
		if m == nil {
			break
		}
		s, _ := re.span(m)
		if s+a >= limit {
			break
		}
		best = append(best[:0], m...)
		_, e := re.span(m)
		pos = skipMatch(text, s, e)
	}
	if best == nil {
		return 0, 0, false
	}
	s, e := re.span(best)
	return s + a, e + a, true
}

// lastEOL adds the line break of the last line to text when it reaches
// the end of the buffer (atEnd) and the pattern can match one: Vim's \n
// also matches at the end of the last line. Matches are clipped to the
// buffer afterwards.
func (re *Regexp) lastEOL(text []byte, atEnd bool) []byte {
	if atEnd && re.multiLine {
		return append(text, '\n')
	}
	return text
}

// blockEnd returns the end of the line that holds offset a+size-1 (the end
// of a block of whole lines of about size bytes starting at a).
func blockEnd(r buffer.Rope, a, size int) int {
	n := r.Len()
	if a+size >= n {
		return n
	}
	return lineEndAt(r, a+size)
}

// lineStartAt returns the start of the line holding offset off.
func lineStartAt(r buffer.Rope, off int) int {
	return r.LastIndexByte(off, '\n') + 1
}

// lineEndAt returns the offset of the newline ending the line that holds
// off, or Len() for the last line.
func lineEndAt(r buffer.Rope, off int) int {
	if i := r.IndexByte(off, '\n'); i >= 0 {
		return i
	}
	return r.Len()
}

// runeLenAt is the length of the UTF-8 character at off (1 if invalid).
func runeLenAt(r buffer.Rope, off int) int {
	var buf [4]byte
	b := r.AppendSlice(buf[:0], off, min(off+4, r.Len()))
	return charLen(b, 0)
}
