package histsearch

import (
	"strings"

	"github.com/kjx-editor/kjx/undo"
)

// Deletion is a state whose change took text out: what :undograb without
// a pattern lists, so that the user can pick a pattern.
type Deletion struct {
	Seq   int
	Time  int64
	Bytes int    // bytes removed
	Lines int    // lines removed (newlines in the removed text, plus one)
	First string // the first non-blank removed line
}

// Deletions returns the newest states, at most max of them, whose change
// removed some non-blank text, newest first.
func Deletions(s undo.Snapshot, max int) []Deletion {
	var out []Deletion
	for n := s.SeqLast(); n > 0 && len(out) < max; n-- {
		nd, ok := s.Node(n)
		if !ok {
			continue
		}
		d := Deletion{Seq: n, Time: nd.Time}
		for _, c := range nd.Changes {
			if strings.TrimSpace(c.Old) == "" {
				continue
			}
			d.Bytes += len(c.Old)
			d.Lines += strings.Count(c.Old, "\n") + 1
			if d.First == "" {
				d.First = firstNonBlankLine(c.Old)
			}
		}
		if d.Bytes > 0 {
			out = append(out, d)
		}
	}
	return out
}

// firstNonBlankLine returns the first line of s that is not blank.
func firstNonBlankLine(s string) string {
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return ""
}
