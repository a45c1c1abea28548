package editor

// The editor's side of file I/O: package fileio reads and writes bytes;
// this file turns its results into buffers and Vim's messages.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
)

// loadFile reads path. A missing file is an error wrapping fs.ErrNotExist.
func loadFile(path string) (fileio.Loaded, error) { return fileio.Load(path) }

// setLoaded gives a buffer the flags of a file read from disk. An empty
// file has no lines (Vim's ML_EMPTY) and, as in Vim, 'eol' set.
func (b *Buffer) setLoaded(l fileio.Loaded) {
	b.eol = l.EOL || l.Text.Len() == 0
	b.ff = l.Format.String()
	b.bomb = l.BOM
	b.shapeSaved()
	st := l.Stat
	b.stat = &st
	b.empty = l.Text.Len() == 0 && !l.EOL
	b.loadedEmpty = b.empty
	b.tree.SetEmpty(b.empty)
	b.disk.loaded(l)
	b.notEdited = false
}

// openError is the message for a file that cannot be opened: Vim's
// `"d" is a directory` and `"/dev/zero" is not a file`, else E484.
func openError(path string, err error) string {
	if errors.Is(err, fileio.ErrIsDirectory) || errors.Is(err, fileio.ErrNotAFile) {
		return err.Error()
	}
	return "E484: Can't open file " + path
}

// fileInfoMessage is Vim's `"f" 3L, 20B` after reading a file, with
// `[fifo]` for a stream and a note when only its start was read.
func fileInfoMessage(path string, l fileio.Loaded) string {
	flags := ""
	if l.Stream {
		flags += "[fifo] "
	}
	if l.Truncated {
		flags += fmt.Sprintf("[only the first %d MiB read] ", fileio.MaxStreamSize>>20)
	}
	if !l.EOL && l.Text.Len() > 0 {
		flags += "[noeol] "
	}
	if l.Format == fileio.DOS {
		flags += "[dos] "
	}
	lines := lineCount(l.Text)
	if l.Text.Len() == 0 && !l.EOL {
		lines = 0
	}
	return fmt.Sprintf("%q %s%dL, %dB", path, flags, lines, l.Size)
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	st, err := fileio.StatPath(path)
	return err != nil || st.Exists
}

// statable reports whether path can be stat'ed: Vim's vim_fexists, which
// E13 for a buffer renamed by :file asks (a path through a regular file,
// "reg/x.txt", is not there; fileExists errs the other way).
func statable(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// formatOf parses a 'fileformat' value.
func formatOf(ff string) fileio.Format {
	if ff == "dos" {
		return fileio.DOS
	}
	return fileio.Unix
}

// saveText writes text (lines joined by "\n") to path and returns the new
// Stat and Vim's message parts.
func (e *Editor) saveText(path string, text buffer.Rope, eol bool, ff string, bom bool, expect *fileio.Stat, force bool) (fileio.Stat, error) {
	st, err := fileio.Save(path, text, fileio.SaveOptions{
		EOL: eol, FixEOL: e.opt.FixEndOfLine, Format: formatOf(ff), BOM: bom, Expect: expect, Force: force,
	})
	if err != nil {
		if errors.Is(err, fileio.ErrChangedOnDisk) {
			return st, writeConflictError(path)
		}
		return st, err
	}
	return st, nil
}

// cleanTemps removes what writes killed before they ended left in the
// directory of path (fileio.CleanTemps) and names every interrupted
// in-place write whose old copy it kept: that copy may be the only
// complete version of the file. Open calls it, and every write. The
// names are absolute: they must be found from wherever the user is.
func (e *Editor) cleanTemps(path string) {
	for _, in := range fileio.CleanTemps(absPath(path)) {
		m := fmt.Sprintf("W: a write of %q was interrupted: it may be incomplete; its previous contents are in %q", in.File, in.Old)
		if in.New != "" {
			m += fmt.Sprintf(" (the text being written is in %q)", in.New)
		}
		e.msg("%s", m)
	}
}

// isNotExist reports whether err says a file is missing.
func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
