package vimre

import (
	"bytes"
	"unicode/utf8"
)

// next returns the leftmost match of the translation in text whose real
// start (ignoring \zs) is at or after pos. text must start at a line start;
// a match at pos sees text[:pos] as context, so '^' does not match in the
// middle of a line and \< looks at the character before.
func (re *Regexp) next(text []byte, pos int) raw {
	for pos <= len(text) {
		if pos == 0 || text[pos-1] == '\n' {
			return shift(re.re.FindSubmatchIndex(text[pos:]), pos, 0)
		}
		// Mid-line: the context regexp consumes the character before pos
		// and then searches. A single-line pattern cannot match past the
		// end of this line, so only that much is searched that way.
		end := len(text)
		if !re.multiLine {
			if i := bytes.IndexByte(text[pos:], '\n'); i >= 0 {
				end = pos + i
			}
			// The plain translation, run on the rest of the line, is a
			// cheap filter (it can use the pattern's literal prefix): it
			// matches wherever the context one does, and more only
			// because ^ matches at pos, so nothing matches before where
			// it finds its first match.
			loc := re.re.FindIndex(text[pos:end])
			if loc == nil {
				if end == len(text) {
					return nil
				}
				pos = end + 1
				continue
			}
			pos += loc[0]
		}
		if m := shift(re.ctx.FindSubmatchIndex(text[pos-1:end]), pos-1, 2); m != nil {
			return m
		}
		if end == len(text) {
			return nil
		}
		pos = end + 1
	}
	return nil
}

// shift drops the first drop indexes of a submatch result and adds off to
// the others.
func shift(m []int, off, drop int) raw {
	if m == nil {
		return nil
	}
	out := m[drop:]
	for i, v := range out {
		if v >= 0 {
			out[i] = v + off
		}
	}
	return out
}

// first returns the first acceptable match in text among candidates whose
// real start is at or after pos: its \zs start must be at least min and
// its \< \> must hold. A candidate that fails \< or \> is retried one
// character after its start (as Vim's engine would try that position); one
// that starts before min is skipped Vim's way (see skipMatch).
func (re *Regexp) first(text []byte, pos, min int) raw {
	return re.firstEOL(text, pos, min, -1)
}

// firstEOL is first with Vim's rule for the cursor line of a forward
// search: a match that starts at the end of a line, at or before eolMax,
// counts as starting on the line's last character.
func (re *Regexp) firstEOL(text []byte, pos, min, eolMax int) raw {
	for pos <= len(text) {
		m := re.next(text, pos)
		if m == nil {
			return nil
		}
		if !re.boundsOK(text, m) {
			pos = m[0] + charLen(text, m[0])
			continue
		}
		s, e := re.span(m)
		adj := s
		if s <= eolMax && s > 0 && (s == len(text) || text[s] == '\n') {
			adj--
		}
		if adj >= min {
			return m
		}
		pos = skipMatch(text, s, e)
	}
	return nil
}

// skipMatch returns where Vim's search goes on after the match [s, e) that
// it passed over (with the default 'cpoptions' flag c): at the match's end,
// one character further for an empty match, and at the next line when that
// reaches the end of the line (or the match ends in a later line).
func skipMatch(text []byte, s, e int) int {
	le := len(text)
	if i := bytes.IndexByte(text[s:], '\n'); i >= 0 {
		le = s + i
	}
	p := e
	if e <= s {
		p = s + charLen(text, s)
	}
	if p >= le {
		return le + 1
	}
	return p
}

// charLen is the length of the character at text[p] (1 at the end).
func charLen(text []byte, p int) int {
	if p >= len(text) {
		return 1
	}
	_, n := utf8.DecodeRune(text[p:])
	return n
}

// vim converts a match to Vim's numbering: the span with \zs/\ze applied,
// then the \( \) groups.
func (re *Regexp) vim(m raw) []int {
	out := make([]int, 2+2*len(re.groups))
	out[0], out[1] = re.span(m)
	for k, g := range re.groups {
		out[2+2*k], out[3+2*k] = m[2*g], m[2*g+1]
	}
	return out
}

// FindInLine returns the first match in line whose start (after \zs) is
// at or after byte from, as Vim's search finds it: matching starts at the
// beginning of the line and a match that starts before from is skipped,
// the search going on at its end (so "aa" in "aaaa" from 1 is found at 2).
// line is one line without its newline. Matches cannot extend past it.
func (re *Regexp) FindInLine(line []byte, from int) (start, end int, ok bool) {
	m := re.FindSubmatchInLine(line, from)
	if m == nil {
		return 0, 0, false
	}
	return m[0], m[1], true
}

// FindSubmatchInLine is FindInLine returning submatch indexes: the match
// at 0 and 1, then start and end of each \( \) group (-1 when it did not
// take part), as ExpandReplacement wants them.
func (re *Regexp) FindSubmatchInLine(line []byte, from int) []int {
	if from < 0 {
		from = 0
	}
	if from > len(line) {
		return nil
	}
	m := re.first(line, 0, from)
	if m == nil {
		return nil
	}
	return re.vim(m)
}

// FindAllInLine returns the matches :s///g replaces in line, with Vim's
// rules: each search starts where the previous match ended; an empty match
// right where the previous match ended does not count (the search moves on
// one character); and no search starts at the end of the line, so "x*" in
// "abc" matches at 0, 1 and 2 and "$" in "ab" at 2.
func (re *Regexp) FindAllInLine(line []byte) [][2]int {
	var out [][2]int
	for _, m := range re.FindAllSubmatchInLine(line) {
		out = append(out, [2]int{m[0], m[1]})
	}
	return out
}

// FindAllSubmatchInLine is FindAllInLine with submatch indexes as in
// FindSubmatchInLine.
func (re *Regexp) FindAllSubmatchInLine(line []byte) [][]int {
	var out [][]int
	matchcol, prev := 0, -1
	for m := re.first(line, 0, 0); m != nil; m = re.first(line, matchcol, 0) {
		s, e := re.span(m)
		if matchcol == prev && e == matchcol {
			// An empty match where the last one ended: skip a character.
			if matchcol >= len(line) {
				break
			}
			matchcol += charLen(line, matchcol)
		} else {
			out = append(out, re.vim(m))
			matchcol, prev = max(e, s), max(e, s)
		}
		if matchcol >= len(line) {
			break
		}
	}
	return out
}

// FindSubmatchAt returns the leftmost match in text whose start (before
// \zs) is at or after pos, as Vim's :s looks for the next match from a
// column: text must begin at a line start and may hold many lines; the
// text before pos is context for ^, \< and \>, and a multi-line pattern
// may match across line breaks. The result is in FindSubmatchInLine's
// numbering (nil when there is no match). Callers bound the search to a
// line by checking where the match starts.
func (re *Regexp) FindSubmatchAt(text []byte, pos int) []int {
	if pos < 0 {
		pos = 0
	}
	if pos > len(text) {
		return nil
	}
	m := re.first(text, pos, 0)
	if m == nil {
		return nil
	}
	return re.vim(m)
}
