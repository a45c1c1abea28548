package buffer

import "fmt"

// Change replaces the bytes Old found at offset Off with New. A change is its
// own inverse with Old and New swapped; insertion has Old empty, deletion
// has New empty.
type Change struct {
	Off int
	Old string
	New string
}

// Inverse returns the change that undoes c.
func (c Change) Inverse() Change { return Change{Off: c.Off, Old: c.New, New: c.Old} }

// ApplyAll applies changes in order, each to the result of the previous
// one, and returns the resulting rope. It is atomic: when a change does not
// fit, it returns r unchanged and an error naming the index of that change
// (wrapping ErrMismatch). The changes are applied in a Transient, so many
// small changes cost little more than their bytes. Like Apply, the result
// of a borrowed rope is borrowed too (see Transient.Borrow).
func (r Rope) ApplyAll(cs []Change) (Rope, error) {
	switch len(cs) {
	case 0:
		return r, nil
	case 1:
		out, err := r.Apply(cs[0])
		if err != nil {
			return r, fmt.Errorf("buffer: change 0 of 1: %w", err)
		}
		return out, nil
	}
	tx := r.Transient()
	for i, c := range cs {
		if err := tx.Apply(c); err != nil {
			return r, fmt.Errorf("buffer: change %d of %d: %w", i, len(cs), err)
		}
	}
	out := tx.Freeze()
	out.stamp = r.stamp
	return out, nil
}
