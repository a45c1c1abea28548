package motion

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// FindInLine is Vim's f, F, t and T on the line holding off: kind is 'f'
// (forward, onto the character), 't' (forward, just before it), 'F'
// (backward, onto it) or 'T' (backward, just after it); ch is the
// character to find, one grapheme cluster. A cluster matches when its bytes
// start with ch, as Vim compares (so "e" finds "é" written as e + U+0301).
//
// repeat selects the semantics of ; and , (the editor passes the
// remembered kind, reversed for ,): with a count of 1, t and T then skip a
// match adjacent to the cursor so that the repeat moves.
//
// ok is false, and off is returned, when there are fewer than count matches
// on the line. f and t are inclusive motions, F and T exclusive.
func FindInLine(r buffer.Rope, off, count int, kind byte, ch string, repeat bool) (int, bool) {
	if ch == "" {
		return off, false
	}
	t := newText(r)
	off = t.start(off)
	forward := kind == 'f' || kind == 't'
	till := kind == 't' || kind == 'T'
	if kind != 'f' && kind != 't' && kind != 'F' && kind != 'T' {
		return off, false
	}
	p := off
	lineStart := t.lineStartOf(p)
	stop := !(repeat && till && count <= 1)
	for count = max(count, 1); count > 0; count-- {
		for {
			if forward {
				if t.isEOL(p) {
					return off, false
				}
				p = t.clusterAt(p).end
				if t.isEOL(p) {
					return off, false
				}
			} else {
				if p <= lineStart {
					return off, false
				}
				p = t.prev(p)
			}
			if stop && t.hasPrefix(p, ch) {
				break
			}
			stop = true
		}
	}
	if till {
		if forward {
			p = t.prev(p)
		} else {
			p = t.clusterAt(p).end
		}
	}
	return p, true
}

// hasPrefix reports whether the text at p starts with s (within the line).
func (t *text) hasPrefix(p int, s string) bool {
	if p+len(s) > t.n {
		return false
	}
	got, _ := t.span(p, len(s))
	return len(got) == len(s) && strings.HasPrefix(got, s)
}
