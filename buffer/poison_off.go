//go:build !kjxpoison

package buffer

// borrowStamp records, under the kjxpoison build tag, which transient a
// borrowed rope came from and at which version (poison_on.go). In normal
// builds it is empty and every check compiles to nothing.
type borrowStamp struct{}

// stampNow returns the stamp of a view borrowed from tx now.
func (tx *Transient) stampNow() borrowStamp { return borrowStamp{} }

// live panics, under kjxpoison, when r is a borrowed view whose transient
// has changed since; here it does nothing.
func (r Rope) live() {}

// check is live for what holds a stamp without a rope (an Iter).
func (borrowStamp) check() {}

// unstamped returns r without its borrow stamp.
func (r Rope) unstamped() Rope { return r }

// Poisoned reports whether the kjxpoison build tag is on, so tests can
// say which checks ran.
const Poisoned = false
