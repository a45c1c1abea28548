package linediff

import (
	"context"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// Op says what a line of a hunk does.
type Op uint8

// The line operations.
const (
	Equal  Op = iota // context: in both texts
	Delete           // only in the old text
	Insert           // only in the new text
)

// Line is one line of a hunk, without its newline.
type Line struct {
	Op   Op
	Text string
}

// Hunk is a unified-diff hunk. Starts are 1-based line numbers as in
// "@@ -OldStart,OldLines +NewStart,NewLines @@"; a count of 0 means the
// hunk inserts after (or deletes before) line Start.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []Line
}

// Header returns the hunk's "@@ -a,b +c,d @@" line.
func (h Hunk) Header() string {
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", h.OldStart, h.OldLines, h.NewStart, h.NewLines)
}

// Result is the line diff of two texts.
type Result struct {
	Hunks            []Hunk
	Added, Deleted   int  // lines
	Approximate      bool // the texts differ too much for a minimal diff in budget
	OldText, NewText buffer.Rope
}

// Options tune a diff.
type Options struct {
	// Context is the number of unchanged lines around changes (3 when
	// zero; use a negative value for none).
	Context int
	// MaxCost bounds the search: beyond this many differing lines in
	// one region the region is reported as replaced wholesale (the diff
	// stays correct, just not minimal). 0 means 4096.
	MaxCost int
}

// Ropes diffs two texts line by line. Lines are the rope's lines (see
// buffer: joined by "\n"). It returns ctx's error when cancelled.
func Ropes(ctx context.Context, a, b buffer.Rope, opt Options) (*Result, error) {
	la, lb := splitLines(a.String()), splitLines(b.String())
	r, err := Lines(ctx, la, lb, opt)
	if r != nil {
		r.OldText, r.NewText = a, b
	}
	return r, err
}

// splitLines splits text into its lines; the empty text is one empty
// line, as in the editor's text model.
func splitLines(s string) []string {
	n := strings.Count(s, "\n") + 1
	out := make([]string, 0, n)
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		s = s[i+1:]
	}
}

// Lines diffs two slices of lines.
func Lines(ctx context.Context, a, b []string, opt Options) (*Result, error) {
	if opt.Context == 0 {
		opt.Context = 3
	}
	if opt.Context < 0 {
		opt.Context = 0
	}
	if opt.MaxCost <= 0 {
		opt.MaxCost = 4096
	}
	// Trim the common prefix and suffix before interning: most diffs
	// between two states of one file touch a small part of it.
	pre, suf := CommonEnds(a, b)
	ids := make(map[string]uint64, len(a)-pre-suf)
	intern := func(lines []string) []uint64 {
		out := make([]uint64, len(lines))
		for i, l := range lines {
			id, ok := ids[l]
			if !ok {
				id = uint64(len(ids))
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	d := &differ{ctx: ctx, a: intern(a[pre : len(a)-suf]), b: intern(b[pre : len(b)-suf]), maxD: opt.MaxCost}
	d.emit(opEqual, pre)
	d.compare(0, len(d.a), 0, len(d.b))
	d.emit(opEqual, suf)
	if d.err != nil {
		return nil, d.err
	}
	r := hunks(d.out, a, b, opt.Context)
	r.Approximate = d.approx
	return r, nil
}

// hunks groups an edit script into unified hunks with ctx lines of
// context; hunks closer than 2*ctx lines merge.
func hunks(script []edit, a, b []string, ctx int) *Result {
	r := &Result{}
	var h *Hunk
	i, j := 0, 0 // positions in a and b
	flush := func() {
		if h != nil {
			r.Hunks = append(r.Hunks, *h)
			h = nil
		}
	}
	for k, e := range script {
		if e.op == opEqual {
			if h != nil {
				// Trailing context, or all of it when the next change is near.
				n := min(e.n, ctx)
				last := k == len(script)-1
				if !last && e.n <= 2*ctx {
					n = e.n
				}
				for t := 0; t < n; t++ {
					h.Lines = append(h.Lines, Line{Equal, a[i+t]})
				}
				h.OldLines += n
				h.NewLines += n
				if n < e.n || last {
					flush()
				}
			}
			i += e.n
			j += e.n
			continue
		}
		if h == nil {
			c := min(ctx, i, j)
			h = &Hunk{OldStart: i - c + 1, NewStart: j - c + 1}
			for t := c; t > 0; t-- {
				h.Lines = append(h.Lines, Line{Equal, a[i-t]})
			}
			h.OldLines, h.NewLines = c, c
		}
		if e.op == opDelete {
			for t := 0; t < e.n; t++ {
				h.Lines = append(h.Lines, Line{Delete, a[i+t]})
			}
			h.OldLines += e.n
			r.Deleted += e.n
			i += e.n
		} else {
			for t := 0; t < e.n; t++ {
				h.Lines = append(h.Lines, Line{Insert, b[j+t]})
			}
			h.NewLines += e.n
			r.Added += e.n
			j += e.n
		}
	}
	flush()
	for k := range r.Hunks {
		// Unified diff numbering: an empty side starts at the line before.
		if r.Hunks[k].OldLines == 0 {
			r.Hunks[k].OldStart--
		}
		if r.Hunks[k].NewLines == 0 {
			r.Hunks[k].NewStart--
		}
	}
	return r
}

// Apply applies the hunks of r to the lines of the old text and returns
// the new text's lines: the inverse check of a diff, used by tests and by
// anyone who wants to verify a Result.
func Apply(old []string, r *Result) ([]string, error) {
	var out []string
	i := 0 // next line of old to copy
	for _, h := range r.Hunks {
		start := h.OldStart - 1
		if h.OldLines == 0 {
			start = h.OldStart
		}
		if start < i || start > len(old) {
			return nil, fmt.Errorf("linediff: hunk %s out of order or range", h.Header())
		}
		out = append(out, old[i:start]...)
		i = start
		for _, l := range h.Lines {
			switch l.Op {
			case Equal, Delete:
				if i >= len(old) || old[i] != l.Text {
					return nil, fmt.Errorf("linediff: hunk %s does not match the old text at line %d", h.Header(), i+1)
				}
				if l.Op == Equal {
					out = append(out, l.Text)
				}
				i++
			case Insert:
				out = append(out, l.Text)
			}
		}
	}
	return append(out, old[i:]...), nil
}

// CommonEnds returns how many lines a and b share at their start (pre)
// and, after those, at their end (suf).
func CommonEnds(a, b []string) (pre, suf int) {
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	return pre, suf
}
