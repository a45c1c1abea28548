package editor

// 'readonly' (kjx -R) and a buffer read from standard input (kjx -).

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/fileio"
)

var errReadOnly = errors.New("E45: 'readonly' option is set (add ! to override)")

// checkReadOnly refuses a write of a read-only buffer over its own file
// without ! (Vim's E45).
func (b *Buffer) checkReadOnly(own, force bool) error {
	if b.readonly && own && !force {
		return errReadOnly
	}
	return nil
}

// ReadOnly reports Vim's 'readonly' for the buffer.
func (b *Buffer) ReadOnly() bool { return b.readonly }

// openMessage is the message after opening a file: fileInfoMessage with
// Vim's `[readonly]` after the name.
func (b *Buffer) openMessage(path string, l fileio.Loaded) string {
	m := fileInfoMessage(path, l)
	if !b.readonly {
		return m
	}
	q := fmt.Sprintf("%q", path) // as fileInfoMessage quotes it
	return q + " [readonly]" + strings.TrimPrefix(m, q)
}

// OpenStdin puts text read from standard input into the current buffer,
// unnamed and modified, as `vim -` does: `"-stdin-" 3L, 40B`. It is meant
// for start-up, before any file is opened.
func (e *Editor) OpenStdin(l fileio.Loaded) {
	b := e.bufferFor("", l.Text, true)
	b.name = ""
	b.setLoaded(l)
	b.stat = nil
	b.noFile = true
	b.tree.SetModified(true)
	b.readonly = e.cfg.ReadOnly
	e.cursorToStart()
	l.Stream = false // Vim says nothing of the pipe
	e.msg("%s", fileInfoMessage("-stdin-", l))
}
