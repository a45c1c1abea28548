package buffer

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

// ApplyAll applies changes in order and returns the resulting rope.
func (r Rope) ApplyAll(cs []Change) (Rope, error) {
	for _, c := range cs {
		var err error
		if r, err = r.Apply(c); err != nil {
			return r, err
		}
	}
	return r, nil
}
