package buffer

import "unsafe"

// Batch applies many changes to a rope in transient mode: nodes and leaves
// the batch creates are its own, and later changes update them in place
// instead of copying a path per change. Thus :%s over 100 000 matches
// copies each touched leaf and node about once. The rope the batch started
// from is never changed and stays valid.
//
// A Batch must be used by one goroutine at a time. Rope publishes the text
// as an ordinary immutable rope; the batch stays usable afterwards, and its
// later changes copy what that rope shares instead of changing it.
type Batch struct {
	r     Rope
	owner *token // marks the nodes this batch may mutate
	// leaves holds the leaves this batch allocated, each with room for
	// maxLeaf bytes, which it may edit in place.
	leaves map[unsafe.Pointer]struct{}
}

// Batch starts a batch of edits on r. r itself is not changed.
func (r Rope) Batch() *Batch { return &Batch{r: r, owner: new(token)} }

// Apply applies c to the batch's text, or returns an error wrapping
// ErrMismatch and leaves the text unchanged when the text at c.Off is not
// c.Old.
func (tx *Batch) Apply(c Change) error {
	if err := tx.r.match(c); err != nil {
		return err
	}
	tx.r = tx.r.replace(tx, c.Off, c.Off+len(c.Old), c.New)
	return nil
}

// Len is the length in bytes of the batch's current text.
func (tx *Batch) Len() int { return tx.r.Len() }

// Rope returns the batch's current text as an immutable rope. O(1).
func (tx *Batch) Rope() Rope {
	// Retire what the batch owns: nothing reachable from the returned rope
	// may change again, so later changes in this batch copy it.
	tx.owner = new(token)
	tx.leaves = nil
	return tx.r
}

// token returns the owner mark for new nodes: nil outside a batch.
func (tx *Batch) token() *token {
	if tx == nil {
		return nil
	}
	return tx.owner
}

// owns reports whether tx may mutate n in place.
func (tx *Batch) owns(n *node) bool { return tx != nil && n.owner == tx.owner }

// editLeaf returns leaf c with [a, b) replaced by s, whose new size is
// between 1 and maxLeaf: the same leaf edited in place when tx owns it,
// else a new one (owned by tx inside a batch).
func (tx *Batch) editLeaf(c child, a, b int, s string) unsafe.Pointer {
	size := c.size() - (b - a) + len(s)
	if tx != nil {
		if _, ok := tx.leaves[c.p]; ok {
			t := unsafe.Slice((*byte)(c.p), maxLeaf)
			copy(t[a+len(s):size], t[b:c.size()])
			copy(t[a:], s)
			return c.p
		}
	}
	room := size
	if tx != nil {
		room = maxLeaf
	}
	var t textBuilder
	t.grow(room)
	old := c.text()
	t.write(old[:a])
	t.writeString(s)
	t.write(old[b:])
	p := unsafe.Pointer(unsafe.SliceData(t.bytes(room)))
	if tx != nil {
		if tx.leaves == nil {
			tx.leaves = make(map[unsafe.Pointer]struct{})
		}
		tx.leaves[p] = struct{}{}
	}
	return p
}
