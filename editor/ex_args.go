package editor

// Vim's argument list: the files named on the command line (SetArgs),
// :args, :next, :Next/:previous, :first/:rewind, :last, :argument,
// :argadd, and E173 on :quit while some were never edited.

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/editor/exparse"
)

// argList is the global argument list (kjx has one window, so no local
// lists).
type argList struct {
	files []string
	idx   int // the current entry (Vim's w_arg_idx)
	// hadLast is set once the last entry was edited (Vim's arg_had_last):
	// :quit no longer says E173.
	hadLast bool
	// quitMore lets the next command after an E173 be a :quit that works
	// (Vim's quitmore).
	quitMore int
}

var (
	errOneFile    = errors.New("E163: There is only one file to edit")
	errBeforeArgs = errors.New("E164: Cannot go before first file")
	errBeyondArgs = errors.New("E165: Cannot go beyond last file")
)

// SetArgs makes files the argument list and edits the first, as Vim does
// with the files on its command line. A file that does not exist gives an
// empty buffer with its name; an error is returned only for one that
// cannot be opened (a directory, a device), and its message is shown.
func (e *Editor) SetArgs(files []string) error {
	e.args = argList{files: append([]string(nil), files...)}
	if len(files) == 0 {
		return nil
	}
	e.args.hadLast = len(files) == 1
	err := e.Open(files[0])
	e.reserveArgBuffers(files)
	return err
}

// Args returns the argument list and the index of its current entry.
func (e *Editor) Args() ([]string, int) {
	return append([]string(nil), e.args.files...), e.args.idx
}

// gotoArg edits entry i of the argument list (Vim's do_argfile).
func (e *Editor) gotoArg(i int, force, hide bool) error {
	n := len(e.args.files)
	if i < 0 || i >= n {
		switch {
		case n <= 1:
			return errOneFile
		case i < 0:
			return errBeforeArgs
		default:
			return errBeyondArgs
		}
	}
	if err := e.leaveBuffer(e.buf(), e.args.files[i], force, hide); err != nil {
		return err
	}
	e.args.idx = i
	if i == n-1 {
		e.args.hadLast = true
	}
	kept := e.findBuffer(e.args.files[i])
	e.setPCMark() // Vim's do_argfile: CTRL-O comes back
	if err := e.Open(e.args.files[i]); err != nil {
		return errAbort // Open showed the message
	}
	e.markEntered()
	if kept != nil {
		e.reenterMessage(kept)
	}
	return nil
}

// reenterMessage is Vim's message on entering a buffer kjx kept loaded:
// a buffer Vim keeps too (modified, or 'hidden' set) gets CTRL-G's
// `"f" 3 lines --33%-- (2 of 3)`; one Vim would have unloaded and reads
// again gets the message of reading it, `"f" 3L, 20B`.
func (e *Editor) reenterMessage(b *Buffer) {
	if b.keptLoaded {
		e.fileInfo()
		return
	}
	lines := lineCount(b.text())
	if b.empty {
		lines = 0
	}
	size := b.text().Len()
	if lines > 0 && b.eol {
		size++
	}
	flags := ""
	if !b.eol && lines > 0 {
		flags += "[noeol] "
	}
	if b.ff == "dos" {
		flags += "[dos] "
		size += lines - 1 + boolInt(b.eol)
	}
	e.msg("%q %s%dL, %dB", b.name, flags, lines, size)
}

// argNumber is fileInfo's ` (2 of 3)` while the argument list has more
// than one entry.
func (e *Editor) argNumber() string {
	if len(e.args.files) <= 1 {
		return ""
	}
	return fmt.Sprintf(" (%d of %d)", e.args.idx+1, len(e.args.files))
}

// leaveBuffer decides whether b, the current buffer, may be left for the
// file next (Vim's check_changed): an unmodified buffer always may, a
// modified one with 'hidden' or :hide too, unless next is its own file
// (editing it again would drop the changes); otherwise it needs ! (E37).
// With !, Vim discards the changes: kjx reloads the file instead, as :e!
// does, so the discarded text stays reachable by undo. A buffer without
// a file keeps its text, hidden.
func (e *Editor) leaveBuffer(b *Buffer, next string, force, hide bool) error {
	same := next != "" && sameFile(next, b.name)
	e.hiding = false
	if !b.Modified() || !same && (e.opt.Hidden || hide) {
		e.hiding = hide && !same
		return nil
	}
	if !force {
		return errNoWrite
	}
	if b.name == "" || b.noFile || !fileExists(b.name) {
		return nil
	}
	return e.reloadBuffer(b)
}

// hasHide reports whether the command has the :hide modifier.
func hasHide(c *exparse.Cmd) bool {
	for _, m := range c.Mods {
		if m == "hide" {
			return true
		}
	}
	return false
}

// exArgs is :args (list, the current entry in brackets) and :args
// {files} (a new list, whose first file is edited).
func exArgs(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg != "" {
		return e.newArgList(c)
	}
	if len(e.args.files) == 0 {
		return nil
	}
	rows := argColumns(e.args.files, e.args.idx, e.win.width)
	if len(rows) == 1 {
		e.msg("%s", rows[0])
		return nil
	}
	e.say(rows...)
	return nil
}

// newArgList is :args {files} and :next {files}.
func (e *Editor) newArgList(c *exparse.Cmd) error {
	files, err := e.argFiles(c.Arg)
	if err != nil {
		return err
	}
	if e.opt.Hidden || hasHide(c) {
		// Vim's ex_next checks for changes first only without 'hidden':
		// with it the list is set, and a refused edit of its first file
		// (the current buffer's own) leaves the new list and the old index.
		e.args = argList{files: files, idx: e.args.idx, hadLast: len(files) == 1}
		e.reserveArgBuffers(files)
	}
	if err := e.leaveBuffer(e.buf(), files[0], c.Bang, hasHide(c)); err != nil {
		return err
	}
	e.args = argList{files: files, hadLast: len(files) == 1}
	e.setPCMark() // Vim's do_argfile
	err = e.Open(files[0])
	e.reserveArgBuffers(files)
	if err != nil {
		return errAbort
	}
	e.markEntered()
	return nil
}

// argFiles splits a file-list argument at unescaped blanks and expands %
// and # in each name.
func (e *Editor) argFiles(arg string) ([]string, error) {
	var out []string
	for _, w := range splitFileArgs(arg) {
		name, err := e.expandFileName(w)
		if err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return nil, errors.New("E471: Argument required")
	}
	return out, nil
}

// splitFileArgs splits at blanks not escaped with a backslash, keeping
// the backslashes (expandFileName removes them).
func splitFileArgs(s string) []string {
	var out []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(c)
			cur.WriteByte(s[i+1])
			i++
		case c == ' ' || c == '\t':
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// argColumns lays out the list as Vim's list_in_columns does: every
// column as wide as the widest entry (the current one with its
// brackets) plus one, as many columns as fit in width, filled down
// first.
func argColumns(files []string, cur, width int) []string {
	items := make([]string, len(files))
	colw := 0
	for i, f := range files {
		items[i] = cells.Sanitize(f)
		if i == cur {
			items[i] = "[" + items[i] + "]"
		}
		colw = max(colw, cells.StringWidth(items[i])+1)
	}
	ncol := max(1, (width+1)/colw)
	nrow := (len(items) + ncol - 1) / ncol
	rows := make([]string, nrow)
	for r := range rows {
		var b strings.Builder
		for col := 0; col < ncol; col++ {
			i := col*nrow + r
			if i >= len(items) {
				break
			}
			if col > 0 {
				b.WriteString(strings.Repeat(" ", col*colw-cells.StringWidth(b.String())))
			}
			b.WriteString(items[i])
		}
		rows[r] = b.String()
	}
	return rows
}

// exNext is :next (the next entry) and :next {files} (a new list). As
// Vim's ex_next, it refuses to leave a modified buffer (E37) before it
// looks for the next entry (E165 comes after).
func exNext(e *Editor, c *exparse.Cmd, rg exRange) error {
	if e.buf().Modified() && !c.Bang && !e.opt.Hidden && !hasHide(c) {
		return errNoWrite
	}
	if c.Arg != "" {
		return e.newArgList(c)
	}
	return e.gotoArg(e.args.idx+countOrRange(c, rg, 1), c.Bang, hasHide(c))
}

// exPrevious is :Next and :previous.
func exPrevious(e *Editor, c *exparse.Cmd, rg exRange) error {
	return e.gotoArg(e.args.idx-countOrRange(c, rg, 1), c.Bang, hasHide(c))
}

// exFirstLast is :first, :rewind and :last.
func exFirstLast(e *Editor, c *exparse.Cmd, rg exRange) error {
	i := 0
	if c.Name == "last" {
		i = len(e.args.files) - 1
	}
	return e.gotoArg(i, c.Bang, hasHide(c))
}

// exArgument is :argument [N] (the current entry again, or entry N).
func exArgument(e *Editor, c *exparse.Cmd, rg exRange) error {
	if err := e.argRangeCheck(rg); err != nil {
		return err
	}
	n := countOrRange(c, rg, e.args.idx+1)
	return e.gotoArg(n-1, c.Bang, hasHide(c))
}

// exArgadd is :argadd {files}: added after the current entry; without
// files the current buffer's name.
func exArgadd(e *Editor, c *exparse.Cmd, rg exRange) error {
	var files []string
	if c.Arg == "" {
		if e.buf().name == "" {
			return nil
		}
		files = []string{e.buf().name}
	} else {
		var err error
		if files, err = e.argFiles(c.Arg); err != nil {
			return err
		}
	}
	at := min(e.args.idx+1, len(e.args.files))
	e.args.files = append(e.args.files[:at:at], append(files, e.args.files[at:]...)...)
	if len(e.args.files) == len(files) {
		e.args.idx = 0
	}
	e.reserveArgBuffers(files)
	return nil
}

// moreFilesCheck is Vim's check_more: the first :quit while entries of
// the argument list were never edited says how many are left.
func (e *Editor) moreFilesCheck(force bool) error {
	n := len(e.args.files) - e.args.idx - 1
	if force || e.args.hadLast || n <= 0 || e.args.quitMore > 0 {
		return nil
	}
	e.args.quitMore = 2 // this command and the next
	return fmt.Errorf("E173: %d more file%s to edit", n, plural(n))
}

// exHide is :hide: kjx has one window, and Vim cannot close the last one.
func exHide(e *Editor, c *exparse.Cmd, rg exRange) error {
	return errors.New("E444: Cannot close last window")
}
