package buffer

// Batch applies many changes to a rope in transient mode: nodes the batch
// creates are owned by it and later changes update them in place instead
// of copying a path per change. Thus :%s over 100 000 matches copies each
// touched leaf and inner node about once. The rope the batch started from
// is never changed and stays valid.
//
// A Batch must be used by one goroutine at a time. Rope publishes the text
// as an ordinary immutable rope; the batch stays usable afterwards, and its
// later changes copy what that rope shares instead of changing it.
type Batch struct {
	r     Rope
	owner *token
}

// Batch starts a batch of edits on r. r itself is not changed.
func (r Rope) Batch() *Batch { return &Batch{r: r, owner: new(token)} }

// Apply applies c to the batch's text, or returns an error wrapping
// ErrMismatch and leaves the text unchanged when the text at c.Off is not
// c.Old.
func (b *Batch) Apply(c Change) error {
	if err := b.r.match(c); err != nil {
		return err
	}
	b.r = b.r.replace(b.owner, c.Off, c.Off+len(c.Old), c.New)
	return nil
}

// Len is the length in bytes of the batch's current text.
func (b *Batch) Len() int { return b.r.Len() }

// Rope returns the batch's current text as an immutable rope. O(1).
func (b *Batch) Rope() Rope {
	// Retire the token: nodes reachable from the returned rope must never
	// change again, so later changes in this batch copy them.
	b.owner = new(token)
	return b.r
}
