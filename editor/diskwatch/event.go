package diskwatch

import "fmt"

// Kind says what happened to a tracked file over a batch, comparing the
// file at the end of the batch with the file at the end of the previous
// one (or when it was added).
type Kind uint8

// The kinds of event.
const (
	// Changed: the file existed before and exists now, and something
	// that can change its content happened: a write, a truncation, an
	// atomic save (rename over it), a delete and recreate.
	Changed Kind = iota + 1
	// Removed: the file existed before and does not now (deleted or
	// renamed away).
	Removed
	// Created: the file did not exist before and does now.
	Created
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Changed:
		return "Changed"
	case Removed:
		return "Removed"
	case Created:
		return "Created"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// kindOf is the kind of a file that existed (before) and exists (now);
// 0 when it neither existed nor exists (created and removed again).
func kindOf(before, now bool) Kind {
	switch {
	case before && now:
		return Changed
	case before:
		return Removed
	case now:
		return Created
	}
	return 0
}

// existedBefore and existsAfter invert kindOf.
func (k Kind) existedBefore() bool { return k != Created }
func (k Kind) existsAfter() bool   { return k != Removed }

// combine is the kind of two consecutive kinds for one file (k then
// next), 0 when they cancel out.
func (k Kind) combine(next Kind) Kind {
	return kindOf(k.existedBefore(), next.existsAfter())
}

// Event reports that a tracked file changed on disk.
type Event struct {
	// Path is the path as it was given to Watcher.Add.
	Path string
	Kind Kind
}

// String formats the event for messages and tests.
func (e Event) String() string { return e.Kind.String() + " " + e.Path }
