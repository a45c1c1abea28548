package buffer

import "unsafe"

// Transient is a text edited in place: the mutable current text of its
// owner (the undo tree's current text, or one :s over many matches).
// Nodes and leaves the transient creates are its own, and later changes
// update them in place instead of copying a path per change: typing inside
// a leaf the transient owns is a memmove in that leaf. Nothing the
// transient did not create is ever written, so the rope it started from,
// and every rope Freeze returned, stays valid.
//
// Two ways to read it:
//
//   - Borrow returns a view, O(1): a Rope that is valid until the next
//     change of the transient (Apply, Set). Readers that only read within
//     one step (a command computing offsets, a cursor clamp) borrow.
//   - Freeze returns a persistent Rope, O(1): it changes the transient's
//     owner token, so nothing reachable from the returned rope is mutated
//     again; the next change copies the leaf and path it touches once, and
//     then edits those in place again. Holders (a published view, a
//     snapshot, the undo-file writer, a diff) freeze.
//
// Under the kjxpoison build tag a borrowed rope remembers the version of
// the transient it came from, and reading it after a later change panics
// (poison_on.go). A Transient must be used by one goroutine at a time.
type Transient struct {
	r     Rope
	owner *token // marks the nodes this transient may mutate
	// used says whether any node or leaf carries owner: a freeze
	// without it has nothing to retire.
	used bool
	// rootLeaf is the root leaf, when the text is a single leaf the
	// transient allocated with room for maxLeaf bytes; leaves below a
	// node are marked in the node (node.ownLeaves).
	rootLeaf unsafe.Pointer
	ver      uint64   // the number of changes: a borrowed rope of an older version is stale
	lines    lineMemo // the last line its borrowed views looked up (linememo.go)
	// thawed counts the changes since the last freeze. The first change
	// after a freeze copies its leaf at its exact size, as a persistent
	// edit does: when every change is followed by a freeze (a view
	// published per key) room for in-place edits would only cost. From
	// the second on, copied leaves get room and become the transient's.
	thawed int
	tokens []token // a slab of fresh owner tokens, so a freeze rarely allocates
}

// Transient starts a transient text whose current text is r. r itself is
// never changed.
func (r Rope) Transient() *Transient {
	r.live()
	r = r.unstamped()
	r.tx = nil
	tx := &Transient{r: r}
	tx.owner = tx.newToken()
	return tx
}

// Apply applies c to the text, or returns an error wrapping ErrMismatch and
// leaves the text unchanged when the text at c.Off is not c.Old.
func (tx *Transient) Apply(c Change) error {
	if err := tx.r.match(c); err != nil {
		return err
	}
	tx.ver++
	tx.r = tx.r.replace(tx, c.Off, c.Off+len(c.Old), c.New)
	tx.thawed++
	return nil
}

// Len is the length in bytes of the current text.
func (tx *Transient) Len() int { return tx.r.Len() }

// Version counts the changes of the text (Apply, Set): equal versions of
// one transient mean that nothing changed it in between.
func (tx *Transient) Version() uint64 { return tx.ver }

// Borrow returns the current text as a view that is valid only until the
// next change of tx (Apply or Set): the transient may then rewrite the
// bytes it shares. O(1), no allocation. Keep nothing borrowed across a
// change: Freeze instead.
func (tx *Transient) Borrow() Rope {
	r := tx.r
	r.stamp = tx.stampNow()
	r.tx = tx
	return r
}

// Freeze returns the current text as an ordinary immutable rope. O(1):
// what the transient owns is retired, so later changes copy what the
// returned rope shares instead of changing it.
func (tx *Transient) Freeze() Rope {
	if tx.used {
		tx.owner = tx.newToken()
		tx.used = false
	}
	tx.rootLeaf = nil
	tx.thawed = 0
	return tx.r
}

// newToken returns an owner token no node carries yet.
func (tx *Transient) newToken() *token {
	if len(tx.tokens) == 0 {
		tx.tokens = make([]token, 64)
	}
	t := &tx.tokens[0]
	tx.tokens = tx.tokens[1:]
	return t
}

// Set replaces the current text by r (after a movement in the undo tree,
// a reload). r may be a rope derived from a borrowed view of tx: what tx
// owns in it stays tx's to change.
func (tx *Transient) Set(r Rope) {
	r.live()
	tx.ver++
	if r.root.p != tx.rootLeaf {
		tx.rootLeaf = nil
	}
	tx.r = r.unstamped()
	tx.r.tx = nil
}

// token returns the owner mark for new nodes: nil outside a transient.
func (tx *Transient) token() *token {
	if tx == nil {
		return nil
	}
	tx.used = true
	return tx.owner
}

// owns reports whether tx may mutate n in place.
func (tx *Transient) owns(n *node) bool { return tx != nil && n.owner == tx.owner }

// ownsKid reports whether tx may mutate leaf i of n, a node of height 1.
func (tx *Transient) ownsKid(n *node, i int) bool {
	return tx.owns(n) && n.ownLeaves&(1<<i) != 0
}

// editLeaf returns leaf c with [a, b) replaced by s, whose new size is
// between 1 and maxLeaf, and whether tx owns the result: the same leaf
// edited in place when owned (tx owns it), else a new one. Inside a
// transient that has changed since its last freeze the new leaf has room
// for maxLeaf bytes and becomes the transient's: the caller marks it.
func (tx *Transient) editLeaf(c child, a, b int, s string, owned bool) (unsafe.Pointer, bool) {
	size := c.size() - (b - a) + len(s)
	if owned {
		t := unsafe.Slice((*byte)(c.p), maxLeaf)
		copy(t[a+len(s):size], t[b:c.size()])
		copy(t[a:], s)
		return c.p, true
	}
	room := size
	own := tx != nil && tx.thawed > 0
	if own {
		room = maxLeaf
		tx.used = true
	}
	var t textBuilder
	t.grow(room)
	old := c.text()
	t.write(old[:a])
	t.writeString(s)
	t.write(old[b:])
	return unsafe.Pointer(unsafe.SliceData(t.bytes(room))), own
}
