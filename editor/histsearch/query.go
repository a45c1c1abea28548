package histsearch

import (
	"bytes"
	"context"

	"github.com/kjx-editor/kjx/editor/vimre"
	"github.com/kjx-editor/kjx/undo"
)

// Query is a compiled search of the history. It holds scratch space, so
// one Query belongs to one goroutine at a time.
type Query struct {
	re   *vimre.Regexp
	buf  []byte
	line []byte // Grab's line being looked at
}

// Compile compiles a Vim pattern for searching the history.
func Compile(pattern string, opt vimre.Options) (*Query, error) {
	re, err := vimre.Compile(pattern, opt)
	if err != nil {
		return nil, err
	}
	return &Query{re: re}, nil
}

// Matches reports whether state n matches: a change of it added or
// removed matching text, or its label or source matches.
func (q *Query) Matches(n undo.Node) bool {
	for _, c := range n.Changes {
		if q.Text(c.Old) || q.Text(c.New) {
			return true
		}
	}
	return n.Label != "" && q.Text(n.Label) || q.Text(n.Source.String())
}

// Text reports whether s holds a non-empty match of the pattern.
func (q *Query) Text(s string) bool {
	if s == "" {
		return false
	}
	q.buf = append(q.buf[:0], s...)
	return q.matchBytes(q.buf)
}

// matchBytes is Text on bytes.
func (q *Query) matchBytes(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	m := q.re.FindSubmatchAt(b, 0)
	if m == nil {
		return false
	}
	if m[1] > m[0] {
		return true
	}
	// The first match is empty ("x*"): look for a non-empty one, line
	// by line.
	for rest := b; ; {
		line := rest
		i := bytes.IndexByte(rest, '\n')
		if i >= 0 {
			line = rest[:i]
		}
		for _, mm := range q.re.FindAllInLine(line) {
			if mm[1] > mm[0] {
				return true
			}
		}
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
	}
}

// ctxEvery is how many states a scan visits between looks at its context.
const ctxEvery = 256

// Scan visits the states seqs[start], seqs[start+dir], … (dir is 1 or
// -1), wrapping around to reach every index once, and calls found with
// the index of each state that matches. The root (seq 0) has no change
// and never matches. It returns ctx's error when cancelled.
func (q *Query) Scan(ctx context.Context, s undo.Snapshot, seqs []int, start, dir int, found func(i int)) error {
	n := len(seqs)
	if n == 0 {
		return nil
	}
	if dir >= 0 {
		dir = 1
	} else {
		dir = -1
	}
	i := ((start % n) + n) % n
	for k := 0; k < n; k++ {
		if k%ctxEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if seq := seqs[i]; seq != 0 {
			if nd, ok := s.Node(seq); ok && q.Matches(nd) {
				found(i)
			}
		}
		if i += dir; i == n {
			i = 0
		} else if i < 0 {
			i = n - 1
		}
	}
	return nil
}
