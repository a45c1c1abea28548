package editor

// The commands of changes on disk: :checktime, :diffdisk, the reload of
// :e! and the message of a :w that the file's change on disk stopped.

import (
	"context"
	"fmt"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// exChecktime is :checktime [N]: check the files of all buffers (or of
// buffer N) for changes on disk now, reporting again differences already
// reported.
func exChecktime(e *Editor, c *exparse.Cmd, rg exRange) error {
	n := 0
	switch {
	case c.HasCount:
		n = c.Count
	case rg.count > 0:
		n = rg.l2 + 1 // :N checktime: the range is a buffer number
	}
	if n == 0 {
		e.checkFiles(true)
		return nil
	}
	b := e.bufferByID(n)
	if b == nil {
		return fmt.Errorf("E86: Buffer %d does not exist", n)
	}
	var rep diskReport
	e.checkBuffer(b, diskCheck{mode: checkForce}, &rep)
	e.showDiskReport(&rep)
	return nil
}

// reloadBuffer is :e!: read the file again and make its contents the
// buffer's text through one undoable reload node (source reload) holding
// the line diff; u brings the buffer's text back. The cursor stays on its
// line number, as in Vim.
func (e *Editor) reloadBuffer(b *Buffer) error {
	l, err := loadFile(b.name)
	if err != nil {
		return fmt.Errorf("E484: Can't open file %s", b.name)
	}
	changes, err := linediff.Changes(context.Background(), b.Text(), l.Text)
	if err != nil {
		return fmt.Errorf("E484: Can't open file %s: %w", b.name, err)
	}
	if err := e.replaceFromDisk(b, l, changes, undo.SourceReload, false); err != nil {
		e.internalError("reload", err)
		return errAbort
	}
	e.msg("%s", fileInfoMessage(b.name, l))
	return nil
}

// diskWriteCheck refuses a write of b over its own file (own) without !
// while a change on disk is unresolved (DiskChanged), also when the
// file's Stat cannot tell (a rewrite of the same size within one tick of
// the file system's clock, caught by comparing contents).
func (e *Editor) diskWriteCheck(b *Buffer, own, force bool) error {
	if !own || force || b.disk.state != DiskChanged {
		return nil
	}
	if b.stat != nil && !b.stat.Exists { // a new file that appeared on disk
		return fmt.Errorf("%q E13: File exists (add ! to override; :diffdisk shows the difference)", b.name)
	}
	return writeConflictError(b.name)
}

// writeConflictError is the message of a :w refused because the file
// changed on disk since the buffer read or wrote it.
func writeConflictError(path string) error {
	return fmt.Errorf("WARNING: %q has been changed on disk since reading it: not written (add ! to override; :diffdisk shows the difference)", path)
}

// exDiffdisk is :diffdisk: the unified diff from the file on disk to the
// buffer (what :w would change), as list output.
func exDiffdisk(e *Editor, c *exparse.Cmd, rg exRange) error {
	b := e.buf()
	if b.name == "" {
		return errNoFileName
	}
	var disk []string
	var l fileio.Loaded
	from := b.name + " (on disk)"
	switch got, err := loadFile(b.name); {
	case err == nil:
		l = got
		if l.Text.Len() > 0 || l.EOL {
			disk = splitLines(l.Text.String())
		}
	case isNotExist(err):
		from = "/dev/null (" + b.name + " is not on disk)"
	default:
		return fmt.Errorf("E484: Can't open file %s", b.name)
	}
	var buf []string
	if !b.empty {
		buf = splitLines(b.Text().String())
	}
	res, err := linediff.Lines(context.Background(), disk, buf, linediff.Options{})
	if err != nil {
		return fmt.Errorf("diffdisk: %w", err)
	}
	if len(res.Hunks) == 0 {
		e.msg("%s", e.sameLinesMessage(b, l))
		return nil
	}
	e.sayDiff("--- "+from, "+++ "+b.name+" (buffer)")
	e.sayDiff(unifiedLines(res)...)
	if res.Approximate {
		e.say("(the texts differ too much for a minimal diff: whole regions are shown replaced)")
	}
	return nil
}

// sameLinesMessage is :diffdisk's message when the lines are equal: the
// bytes may still differ in line endings or the final newline.
func (e *Editor) sameLinesMessage(b *Buffer, l fileio.Loaded) string {
	eol := b.eol && !b.empty || e.opt.FixEndOfLine && b.Text().Len() > 0
	if l.Format.String() == b.ff && l.EOL == eol {
		return fmt.Sprintf("%q: the buffer and the file on disk have the same lines", b.name)
	}
	return fmt.Sprintf("%q: same lines; on disk %s, buffer %s", b.name, endings(l.Format.String(), l.EOL), endings(b.ff, eol))
}

// endings describes a line-ending format and final newline.
func endings(ff string, eol bool) string {
	if eol {
		return ff + " line endings"
	}
	return ff + " line endings, no final newline"
}
