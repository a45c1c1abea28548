package editor

// :argedit and :argdelete, the argument-list commands that add and edit
// in one step or take entries out (Vim's ex_argedit, ex_argdelete).

import (
	"errors"
	"math"
	"path/filepath"
	"slices"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// exArgedit is :[count]argedit {file}..: the files are added after the
// current entry (after entry count), even when already in the list, and
// the first of them is edited, as Vim 9.0's ex_argedit (a refused edit,
// E37, leaves them added).
func exArgedit(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.argRangeCheck(rg); err != nil {
		return err
	}
	files, err := e.argFiles(c.Arg)
	if err != nil {
		return err
	}
	i := countOrRange(c, rg, e.args.idx+1)
	at := min(i, len(e.args.files))
	if len(e.args.files) > 0 && e.args.idx >= at {
		e.args.idx += len(files) // Vim's alist_add_list keeps the current entry
	}
	e.args.files = append(e.args.files[:at:at], append(files, e.args.files[at:]...)...)
	cur := e.buf()
	takeCur := cur.reusable() && e.findBuffer(files[0]) == nil && e.unloadedNamed(files[0]) == nil
	if takeCur {
		e.reserveArgBuffers(files[1:]) // the empty buffer takes the first file (Vim's BLN_CURBUF)
	} else {
		e.reserveArgBuffers(files)
	}
	if e.args.idx == 0 && cur.reusable() {
		i = 0 // the empty first buffer takes the first file
	}
	if i >= len(e.args.files) {
		return nil // Vim edits only an entry that exists at i
	}
	if !takeCur || e.args.files[i] == files[0] {
		return e.gotoArg(i, c.Bang, hasHide(c))
	}
	// Vim named the empty buffer files[0] and edits another entry: the
	// number goes to files[0], not loaded, and the empty buffer goes.
	e.unloaded = append(e.unloaded, &unloadedBuffer{id: cur.id, name: files[0], listed: true, deleted: true})
	err = e.gotoArg(i, c.Bang, hasHide(c))
	if e.buf() != cur {
		e.bufs = slices.DeleteFunc(e.bufs, func(b *Buffer) bool { return b == cur })
	}
	return err
}

// exArgdelete is :argdelete {pattern}.. (entries whose name matches a
// file pattern: E480 when one matches none) and :[range]argdelete
// (entries by number, % every one; no range: the current entry). The
// current index follows as in Vim's ex_argdelete.
func exArgdelete(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.argRangeCheck(rg); err != nil {
		return err
	}
	if rg.count == 0 && c.Arg != "" {
		return e.argDeletePatterns(splitFileArgs(c.Arg))
	}
	if c.Arg != "" {
		return errors.New("E474: Invalid argument")
	}
	n := len(e.args.files)
	lo, hi := rg.l1, min(rg.l2, n)
	if rg.count == 0 {
		if e.args.idx >= n {
			return errors.New("E610: No argument to delete")
		}
		lo, hi = e.args.idx+1, e.args.idx+1
	}
	if hi-lo+1 <= 0 {
		if lo != 1 || hi != 0 {
			return errors.New("E16: Invalid range") // not for :%argdel of an empty list
		}
		return nil
	}
	e.args.files = append(e.args.files[:lo-1:lo-1], e.args.files[hi:]...)
	switch idx := e.args.idx; {
	case idx >= hi:
		e.args.idx -= hi - lo + 1
	case idx > lo:
		e.args.idx = lo
	}
	e.clampArgIndex()
	return nil
}

// argDeletePatterns is :argdelete {pattern}..
func (e *Editor) argDeletePatterns(pats []string) error {
	for _, pat := range pats {
		found := false
		for i := len(e.args.files) - 1; i >= 0; i-- {
			if ok, _ := filepath.Match(pat, e.args.files[i]); ok {
				e.args.files = append(e.args.files[:i:i], e.args.files[i+1:]...)
				if e.args.idx > i {
					e.args.idx--
				}
				found = true
			}
		}
		if !found {
			return errors.New("E480: No match: " + pat)
		}
	}
	return nil // Vim's do_arglist leaves the index past the end here
}

// clampArgIndex keeps the current index on an entry (0 in an empty list).
func (e *Editor) clampArgIndex() {
	if n := len(e.args.files); n == 0 {
		e.args.idx = 0
	} else if e.args.idx >= n {
		e.args.idx = n - 1
	}
}

// argRangeCheck is Vim's check of a range of argument numbers: past the
// last entry (or 1 in an empty list) is E16; % is always valid.
func (e *Editor) argRangeCheck(rg exRange) error {
	if rg.count > 0 && rg.l2 != math.MaxInt32 && rg.l2 > max(len(e.args.files), 1) {
		return errors.New("E16: Invalid range")
	}
	return nil
}
