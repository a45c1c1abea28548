package editor

// :bdelete (and :bwipeout, :bunload): which buffers go, what becomes of
// their changes, and which buffer is current afterwards, as Vim's
// do_bufdel and do_buffer.

import (
	"errors"
	"fmt"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
)

// exBufferDelete is :bdelete (and :bwipeout, :bunload, which kjx treats
// alike): the buffer leaves the list. With ! a modified buffer's changes
// are discarded as Vim does, by reading the file again, so they stay
// reachable by undo; a buffer without a file keeps its text, unlisted.
func exBufferDelete(e *Editor, c *exparse.Cmd, rg exRange) error {
	refs, err := e.deleteTargets(c, rg)
	if err != nil {
		return err
	}
	// The current buffer goes last, as in Vim's do_bufdel: deleting it
	// first would load the next one only to delete it too. One that cannot
	// go (E89) is reported, and the others still go.
	cur := -1
	var first error
	for i, r := range refs {
		if r.b != nil && r.b == e.buf() {
			cur = i
			continue
		}
		if err := e.deleteBuffer(r, c.Bang); err != nil && first == nil {
			first = err
		}
	}
	if cur >= 0 {
		if err := e.deleteBuffer(refs[cur], c.Bang); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// deleteBuffer takes r out of the buffer list (exBufferDelete).
func (e *Editor) deleteBuffer(r bufRef, force bool) error {
	if r.arg != nil {
		r.arg.listed, r.arg.deleted = false, true
		return nil
	}
	b := r.b
	if b.Modified() && !force {
		return fmt.Errorf("E89: No write since last change for buffer %d (add ! to override)", b.id)
	}
	if b.Modified() && b.name != "" && !b.noFile && fileExists(b.name) {
		if err := e.reloadBuffer(b); err != nil {
			return err
		}
	}
	b.listed = false
	e.persist.Closed(b)
	e.unwatchBuffer(b)
	var err error
	if b == e.buf() {
		err = e.leaveDeleted(b)
	}
	b.keptLoaded = false // Vim unloads it (after leaving it, which would keep it with 'hidden')
	return err
}

// deleteTargets are the entries :bdelete names: numbers (":3bd", ":bd 3",
// ":1,3bd": those that are listed, E516 when none is), a name, or the
// current buffer.
func (e *Editor) deleteTargets(c *exparse.Cmd, rg exRange) ([]bufRef, error) {
	lo, hi := rg.l1, rg.l2
	if c.HasCount {
		lo, hi = c.Count, c.Count
	}
	switch {
	case c.HasCount || rg.count > 0:
		var refs []bufRef
		for id := lo; id <= hi && id-lo < 10000; id++ {
			if r, ok := e.refByID(id); ok && (r.listed() || e.vimLoaded(r)) {
				refs = append(refs, r)
			}
		}
		if len(refs) == 0 {
			return nil, errors.New("E516: No buffers were deleted")
		}
		return refs, nil
	case c.Arg != "":
		if b := e.findBuffer(c.Arg); b != nil {
			return []bufRef{{b: b}}, nil
		}
		if a := e.unloadedNamed(c.Arg); a != nil {
			return []bufRef{{arg: a}}, nil
		}
		return nil, fmt.Errorf("E94: No matching buffer for %s", c.Arg)
	}
	return []bufRef{{b: e.buf()}}, nil
}

// leaveDeleted goes from the deleted current buffer b to another in Vim's
// order (do_buffer): the newest jumplist entry in a listed buffer Vim
// keeps loaded, else a loaded listed buffer after b, then before it, else
// the first listed buffer not loaded met on the way, else a new empty
// buffer.
func (e *Editor) leaveDeleted(b *Buffer) error {
	var unloaded *bufRef
	loaded := func(r bufRef) bool {
		if r.b == nil || r.b == b || !r.b.listed {
			return false
		}
		if !r.b.keptLoaded && unloaded == nil {
			unloaded = &r
		}
		return r.b.keptLoaded
	}
	j := e.jumps()
	for i := len(j.entries) - 1; i >= 0; i-- {
		if r := (bufRef{b: j.entries[i].buf}); loaded(r) {
			return e.enterRef(r, true, false)
		}
	}
	list := e.bufferList(false)
	var before []bufRef
	for _, r := range list {
		if r.id() < b.id {
			before = append([]bufRef{r}, before...)
		}
	}
	for _, r := range append(after(list, b.id), before...) {
		if loaded(r) {
			return e.enterRef(r, true, false)
		}
		if r.arg != nil && unloaded == nil {
			unloaded = &r
		}
	}
	if unloaded != nil {
		return e.enterRef(*unloaded, true, false)
	}
	if b.reusable() {
		b.listed = true // Vim's empty_curbuf edits "no file" in the empty buffer itself
		return nil
	}
	e.switchTo(e.newBuffer("", buffer.FromString("")))
	return nil
}

// vimLoaded reports whether Vim would have r loaded: the current buffer,
// or one left while kept (Buffer.keptLoaded). :bdelete of a buffer that is
// neither listed nor loaded fails (Vim's do_buffer).
func (e *Editor) vimLoaded(r bufRef) bool {
	return r.b != nil && (r.b == e.buf() || r.b.keptLoaded)
}

// after is the entries of list numbered above id, in order.
func after(list []bufRef, id int) []bufRef {
	for i, r := range list {
		if r.id() > id {
			return list[i:]
		}
	}
	return nil
}
