package histsearch

import (
	"context"
	"errors"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"

	"github.com/kjx-editor/kjx/undo"
)

// Grabbed is what Grab found: the state that last held the text, when it
// was made, and the lines it held that the current text no longer has
// (the removed lines of the hunk that holds the match).
type Grabbed struct {
	Seq   int
	Time  int64 // Unix seconds; 0 for the root, which has no time
	Lines []string
	// By is the change that took the text out of state Seq (its child),
	// made at ByTime; 0 when the text was found in a state of its own
	// change, on a branch the current state is not on.
	By     int
	ByTime int64
}

// ErrNotFound says no state held text matching the pattern that the
// current text lacks.
var ErrNotFound = errors.New("no state holds matching text that is gone now")

// ErrLimit says GrabNewest searched as many states as it was allowed to
// without finding the text: older states were not searched.
var ErrLimit = errors.New("no match in the newest states; older ones were not searched")

// Grab finds the most recent state whose text held a match of the query
// in lines the current text no longer has, and returns those lines (the
// hunk of the line diff from that state to the current text that removes
// the match).
//
// It walks the states from the newest seq down, carrying the text from
// one to the next (undo.Snapshot.TextFrom). At each state N it looks only
// where N's own change put text in N, and where that change took text out
// of N's parent: the lines around those places, in the text of N and of
// the parent. A match there whose line the current text does not have
// makes the state a candidate, which a line diff against the current text
// confirms. The changes of a state are found in its text by their
// offsets; for states of more than maxPlaces changes (a :%s over a long
// file) the whole text is searched instead.
func (q *Query) Grab(ctx context.Context, s undo.Snapshot) (Grabbed, error) {
	return q.GrabNewest(ctx, s, 0)
}

// GrabNewest is Grab over the newest limit states at most (0: all of
// them): past them it stops with ErrLimit, so the time it takes is
// bounded whatever the history's size.
func (q *Query) GrabNewest(ctx context.Context, s undo.Snapshot, limit int) (Grabbed, error) {
	visited := 0
	cur := s.Current()
	now := s.Text()
	have := lineSet(now)
	seq, text := cur, now
	for n := s.SeqLast(); n > 0; n-- {
		if n%ctxEvery == 0 {
			if err := ctx.Err(); err != nil {
				return Grabbed{}, err
			}
		}
		nd, ok := s.Node(n)
		if !ok {
			continue
		}
		if visited++; limit > 0 && visited > limit {
			return Grabbed{}, ErrLimit
		}
		t, err := s.TextFrom(text, seq, n)
		if err != nil {
			return Grabbed{}, err
		}
		seq, text = n, t
		if n != cur {
			if g, ok := q.candidate(ctx, text, placesAfter(nd.Changes), have, now); ok {
				g.Seq, g.Time = n, nd.Time
				return g, nil
			}
		}
		if nd.Parent == cur {
			continue
		}
		parent, err := s.TextFrom(text, n, nd.Parent)
		if err != nil {
			return Grabbed{}, err
		}
		seq, text = nd.Parent, parent // often the next state visited
		if g, ok := q.candidate(ctx, parent, placesBefore(nd.Changes), have, now); ok {
			g.Seq, g.By, g.ByTime = nd.Parent, n, nd.Time
			if p, ok := s.Node(nd.Parent); ok {
				g.Time = p.Time
			}
			return g, nil
		}
	}
	return Grabbed{}, ErrNotFound
}

// maxPlaces bounds the changes of one state that are located one by one.
const maxPlaces = 64

// span is a byte range [a, b) of a text.
type span struct{ a, b int }

// placesAfter returns where changes (applied in order) put their new
// text in the resulting text; nil asks for the whole text.
func placesAfter(cs []buffer.Change) []span {
	if len(cs) > maxPlaces {
		return nil
	}
	out := make([]span, 0, len(cs))
	for i, c := range cs {
		a, b := c.Off, c.Off+len(c.New)
		for _, later := range cs[i+1:] {
			a, b = shift(a, later), shift(b, later)
		}
		out = append(out, span{a, b})
	}
	return out
}

// placesBefore returns where changes took their old text out of the
// text they were applied to; nil asks for the whole text.
func placesBefore(cs []buffer.Change) []span {
	if len(cs) > maxPlaces {
		return nil
	}
	out := make([]span, 0, len(cs))
	for i := len(cs) - 1; i >= 0; i-- {
		c := cs[i]
		a, b := c.Off, c.Off+len(c.Old)
		// Undo the earlier changes, newest first: their inverses move
		// the place as they were applied in reverse.
		for j := i - 1; j >= 0; j-- {
			inv := buffer.Change{Off: cs[j].Off, Old: cs[j].New, New: cs[j].Old}
			a, b = shift(a, inv), shift(b, inv)
		}
		out = append(out, span{a, b})
	}
	return out
}

// shift moves offset o of a text to where it is after change c.
func shift(o int, c buffer.Change) int {
	switch {
	case o <= c.Off:
		return o
	case o >= c.Off+len(c.Old):
		return o + len(c.New) - len(c.Old)
	}
	return c.Off + len(c.New) // inside the replaced text: its end
}

// candidate looks for a match in the lines of text around places (all of
// text when places is nil) in a line the current text (now, whose lines
// are have) lacks, and returns the removed lines of the diff hunk that
// holds it.
func (q *Query) candidate(ctx context.Context, text buffer.Rope, places []span, have map[string]struct{}, now buffer.Rope) (Grabbed, bool) {
	if places == nil {
		places = []span{{0, text.Len()}}
	}
	for _, p := range places {
		a := text.LineOf(min(max(p.a, 0), text.Len()))
		b := text.LineOf(min(max(p.b, 0), text.Len()))
		// A line of context each side: a pattern may span a change's edge.
		a, b = max(a-1, 0), min(b+1, text.Newlines())
		for l := a; l <= b; l++ {
			q.line = text.AppendSlice(q.line[:0], text.LineStart(l), text.LineEnd(l))
			if _, ok := have[string(q.line)]; ok || !q.matchBytes(q.line) {
				continue
			}
			if lines, ok := removedHunk(ctx, text, now, l); ok {
				return Grabbed{Lines: lines}, true
			}
			return Grabbed{Lines: []string{string(q.line)}}, true
		}
	}
	return Grabbed{}, false
}

// removedHunk returns the removed lines of the hunk of the line diff
// from text to now that removes line l of text.
func removedHunk(ctx context.Context, text, now buffer.Rope, l int) ([]string, bool) {
	res, err := linediff.Ropes(ctx, text, now, linediff.Options{Context: -1})
	if err != nil {
		return nil, false
	}
	for _, h := range res.Hunks {
		old := h.OldStart - 1 // 0-based
		if h.OldLines == 0 || l < old || l >= old+h.OldLines {
			continue
		}
		var out []string
		for _, ln := range h.Lines {
			if ln.Op == linediff.Delete {
				out = append(out, ln.Text)
			}
		}
		return out, len(out) > 0
	}
	return nil, false
}

// lineSet is the set of the lines of text.
func lineSet(text buffer.Rope) map[string]struct{} {
	set := make(map[string]struct{}, text.Newlines()+1)
	for _, l := range strings.Split(text.String(), "\n") {
		set[l] = struct{}{}
	}
	return set
}
