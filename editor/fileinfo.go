package editor

// :file and CTRL-G: the buffer's name, Vim's flags and where the cursor is.

import (
	"errors"
	"fmt"

	"github.com/kjx-editor/kjx/editor/exparse"
)

func exFile(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg != "" {
		b := e.buf()
		if !b.notEdited {
			b.notEditedNew = b.noFile
		}
		e.unwatchBuffer(b)
		b.name, b.noFile, b.notEdited = c.Arg, !fileExists(c.Arg), true
		b.stat, b.disk = nil, diskState{} // no file read: nothing to compare
	}
	e.fileInfo()
	return nil
}

// errFileExists is :w over an existing file that is not the buffer's own,
// or of a buffer renamed by :file onto an existing file.
var errFileExists = errors.New("E13: File exists (add ! to override)")

// fileInfo is CTRL-G: `"f" [Modified] 3 lines --66%--`.
func (e *Editor) fileInfo() {
	b := e.buf()
	n := lineCount(b.text())
	mod := fileInfoFlags(b)
	pct := (e.win.cur.Line + 1) * 100 / n
	lines := fmt.Sprintf("%d lines", n)
	if n == 1 {
		lines = "1 line"
	}
	if b.text().Len() == 0 {
		e.msg("%q%s--No lines in buffer--", bufDisplayName(b), mod)
		return
	}
	e.msg("%q%s%s --%d%%--%s", bufDisplayName(b), mod, lines, pct, e.argNumber())
}

// fileInfoFlags is the part of CTRL-G's message between the name and the
// line count, as Vim's fileinfo() builds it: " [Modified]" or " ", then
// "[Not edited]", "[New]" and "[readonly]" run together, then one more
// space when any of them (or [Modified]) was there.
func fileInfoFlags(b *Buffer) string {
	newFile := b.noFile
	if b.notEdited {
		newFile = b.notEditedNew
	}
	flags := ""
	if b.notEdited {
		flags += "[Not edited]"
	}
	if newFile && b.name != "" {
		flags += "[New]"
	}
	if b.readonly {
		flags += "[readonly]"
	}
	if b.Modified() {
		return " [Modified]" + flags + " "
	}
	if flags != "" {
		return " " + flags + " "
	}
	return " "
}
