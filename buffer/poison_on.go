//go:build kjxpoison

package buffer

import (
	"fmt"
	"os"
	"runtime/debug"
)

// borrowStamp records which transient a borrowed rope came from and the
// transient's version then. A rope derived from a borrowed one (an edit of
// it) keeps the stamp: it shares what the transient may rewrite.
type borrowStamp struct {
	tx  *Transient
	ver uint64
}

// stampNow returns the stamp of a view borrowed from tx now.
func (tx *Transient) stampNow() borrowStamp { return borrowStamp{tx: tx, ver: tx.ver} }

// live panics when r is a borrowed view whose transient has changed since
// it was borrowed: its bytes may have been rewritten in place.
func (r Rope) live() { r.stamp.check() }

// check is live for what holds a stamp without a rope (an Iter).
func (s borrowStamp) check() {
	if s.tx != nil && s.tx.ver != s.ver {
		if os.Getenv("KJXPOISON_REPORT") != "" {
			// Audits: list every stale read of a run instead of stopping
			// at the first.
			fmt.Fprintf(os.Stderr, "KJXPOISON stale borrowed rope\n%s\n", debug.Stack())
			return
		}
		panic(fmt.Sprintf("buffer: stale borrowed rope: borrowed at version %d of its transient, "+
			"which is now at version %d; a rope kept across a change must come from Freeze", s.ver, s.tx.ver))
	}
}

// unstamped returns r without its borrow stamp.
func (r Rope) unstamped() Rope {
	r.stamp = borrowStamp{}
	return r
}

// Poisoned reports whether the kjxpoison build tag is on, so tests can
// say which checks ran.
const Poisoned = true
