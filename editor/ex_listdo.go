package editor

// :argdo and :bufdo (Vim's ex_listdo): a command line run in every entry
// of the argument list or every listed buffer, in order, stopping at the
// first failure.

import "github.com/kjx-editor/kjx/editor/exparse"

// listdoCheck is Vim's check before the first file: a modified current
// buffer that could not be left stops :argdo and :bufdo before they run
// anything.
func (e *Editor) listdoCheck(c *exparse.Cmd) error {
	if e.buf().Modified() && !e.opt.Hidden && !hasHide(c) && !c.Bang {
		return errNoWrite
	}
	return nil
}

// exArgdo is :argdo[!] {cmd}.
func exArgdo(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.listdoCheck(c); err != nil {
		return err
	}
	if len(e.args.files) == 0 {
		return errOneFile // Vim's do_argfile on an empty list
	}
	for i := range e.args.files {
		if i >= len(e.args.files) {
			break // the command shortened the list
		}
		if i != e.args.idx || !sameFile(e.args.files[i], e.buf().name) {
			if err := e.gotoArg(i, c.Bang, hasHide(c)); err != nil {
				return err
			}
		}
		if !e.execExLine(c.Arg, false) || e.quit {
			return errAbort
		}
	}
	return nil
}

// exBufdo is :bufdo[!] {cmd}. Only its first move, from where it
// started, is a jump; the moves and commands after it add nothing to the
// jumplist (Vim's :jumps after `:bufdo s/1/Y/`).
func exBufdo(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.listdoCheck(c); err != nil {
		return err
	}
	keep := func() {}
	defer func() { keep() }()
	for _, r := range e.bufferList(false) {
		if !r.listed() {
			continue // the command deleted it
		}
		if r.b != e.buf() {
			if err := e.leaveBuffer(e.buf(), r.name(), c.Bang, hasHide(c)); err != nil {
				return err
			}
			if err := e.enterRef(r, true, hasHide(c)); err != nil {
				return err
			}
		}
		keep()
		keep = e.keepJumps()
		if !e.execExLine(c.Arg, false) || e.quit {
			return errAbort
		}
	}
	return nil
}
