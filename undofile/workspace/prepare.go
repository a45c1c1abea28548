package workspace

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/store"
)

// Content is the text of one file of a Record, for Prepare.
type Content struct {
	// Path is the Entry's path in Record.Files.
	Path string
	// Write writes the file's bytes exactly as they are on disk (for
	// instance fileio.Encode of an immutable rope). Prepare calls it on
	// its own goroutine, so it must read only immutable data.
	Write func(w io.Writer) error
	// Store puts the bytes into the content store: a text that no undo
	// file holds (a file about to be deleted, one kjx will close).
	Store bool
}

// Prepare is the part of taking a checkpoint that may run on a worker
// goroutine: it hashes each content, fills in Disk of its entry in
// r.Files, and stores the bytes when asked. Then Commit records r. An
// error (one line per file) leaves the other files prepared; an entry
// whose text could not be stored still gets its hash, as the file's own
// undo history may hold the text.
func Prepare(st *store.Store, r *Record, contents []Content) error {
	at := make(map[string]int, len(r.Files))
	for i := range r.Files {
		at[r.Files[i].Path] = i
	}
	var errs []error
	var buf bytes.Buffer
	for _, c := range contents {
		i, ok := at[c.Path]
		if !ok || !r.Files[i].Exists || c.Write == nil {
			errs = append(errs, fmt.Errorf("checkpoint: %q: no existing file of the record to hash", c.Path))
			continue
		}
		buf.Reset()
		if err := c.Write(&buf); err != nil {
			errs = append(errs, fmt.Errorf("checkpoint: %q: %w", c.Path, err))
			continue
		}
		r.Files[i].Disk = undofile.HashBytes(buf.Bytes())
		if c.Store && st != nil {
			if _, err := st.Put(buf.Bytes()); err != nil {
				errs = append(errs, fmt.Errorf("checkpoint: %q: %w", c.Path, err))
			}
		}
	}
	return errors.Join(errs...)
}
