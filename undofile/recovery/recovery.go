// Package recovery keeps the state of buffers that have no undo file yet
// (never written, or without a name) in recovery files, so that a crash
// or a kill -9 loses none of it (issue #12). A recovery file is an undo
// file (package undofile's format, encoder and fuzzed decoder) anchored to
// the buffer's original text (the root, stored as the file's text copy),
// kept in the sub-directory "recover" of the undo directory, where the
// undo files' writer, naming, index and retention apply unchanged.
//
// A named buffer's recovery file is named after its text file's path, as
// its undo file would be; an unnamed buffer's names the pseudo-path
// UnnamedPath(id), and `kjx -r` lists the id. docs/persistence.md
// describes the guarantees.
package recovery

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// DirName is the recovery directory's name inside the undo directory.
const DirName = "recover"

// unnamedPrefix starts the pseudo-path of an unnamed buffer's recovery.
const unnamedPrefix = "/(unnamed)/"

// Dir is the recovery directory of undo directory undoDir.
func Dir(undoDir string) string { return filepath.Join(undoDir, DirName) }

// UnnamedPath is the pseudo-path that names the recovery of the unnamed
// buffer id in the file's header.
func UnnamedPath(id string) string { return unnamedPrefix + id }

// IDOf returns the id of an unnamed buffer's pseudo-path.
func IDOf(path string) (string, bool) {
	id, ok := strings.CutPrefix(path, unnamedPrefix)
	return id, ok && validID(id)
}

// NewID is the id of an unnamed buffer: the time and process it was made
// in, and n, unique within the process.
func NewID(now time.Time, pid, n int) string {
	return fmt.Sprintf("%s-%d-%d", now.UTC().Format("20060102-150405"), pid, n)
}

// validID reports whether id could have come from NewID: digits and '-'
// only, so that an id names nothing outside the recovery directory.
func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if r != '-' && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// Entry is one recovery file, as `kjx -r` lists it.
type Entry struct {
	Name string // the recovery file
	// Path is the text file the state belongs to; "" for an unnamed
	// buffer, which ID names.
	Path     string
	ID       string
	Modified time.Time // when the recovery file was last written
	// Size and FirstLine describe the newest text of the history.
	Size      int64
	FirstLine string
	// States is the number of states beyond the original text.
	States int
}

// Recovered is a recovery file's content.
type Recovered struct {
	Entry
	// Root is the buffer's original text (empty for a new file); the
	// history's changes start from it.
	Root  buffer.Rope
	Image undo.Image
	// Last is the state the buffer was in when the file was written.
	Last int
}

// Load reads and checks recovery file name: its history must rebuild on
// its stored original text, and the newest state must be reachable.
func Load(name string, lim undofile.Limits) (Recovered, error) {
	l, err := undofile.ReadFile(name, undofile.FileState{}, lim)
	if err != nil {
		return Recovered{}, err
	}
	return fromFile(name, l.File)
}

// decodeData is Load of bytes already read.
func decodeData(data []byte, name string) (Recovered, error) {
	f, err := undofile.Decode(data, undofile.DecodeOptions{Name: name})
	if err != nil {
		return Recovered{}, err
	}
	return fromFile(name, f)
}

// fromFile checks a decoded recovery file and describes it.
func fromFile(name string, f *undofile.File) (Recovered, error) {
	root := buffer.FromString("")
	if f.Text != nil {
		root = *f.Text
	}
	if f.SavedSeq != 0 || undofile.HashRope(root) != f.Disk {
		return Recovered{}, fmt.Errorf("recovery file %s: not anchored to its original text", name)
	}
	tree, err := undo.Restore(root, 0, f.Image, undo.Options{})
	if err != nil {
		return Recovered{}, fmt.Errorf("recovery file %s: %w", name, err)
	}
	last := f.Image.TextState()
	if r := tree.Goto(last); r.Err != nil {
		return Recovered{}, fmt.Errorf("recovery file %s: state %d: %w", name, last, r.Err)
	}
	text := tree.Text()
	r := Recovered{Root: root, Image: f.Image, Last: last}
	r.Name, r.Size, r.States = name, int64(text.Len()), len(f.Image.Nodes)
	r.FirstLine, _, _ = strings.Cut(text.SliceString(0, min(text.Len(), 200)), "\n")
	if id, ok := IDOf(f.Path); ok {
		r.ID = id
	} else {
		r.Path = f.Path
	}
	if fi, err := os.Lstat(name); err == nil {
		r.Modified = fi.ModTime()
	}
	return r, nil
}

// List returns the recovery files of undo directory undoDir that can be
// loaded, newest first, and one error per file that cannot. A missing
// directory holds none.
func List(undoDir string, lim undofile.Limits) ([]Entry, []error) {
	dir := Dir(undoDir)
	ix, err := undofile.LoadIndex(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, []error{err}
	}
	var out []Entry
	var errs []error
	for _, h := range ix.Histories() {
		if h.IsSetAside() {
			continue
		}
		r, err := Load(h.Name, lim)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, r.Entry)
	}
	slices.SortFunc(out, func(a, b Entry) int { return b.Modified.Compare(a.Modified) })
	return out, errs
}

// Find returns the recovery file for arg: an id `kjx -r` printed, or the
// name of a text file.
func Find(undoDir, arg string) (string, error) {
	dir := Dir(undoDir)
	path := UnnamedPath(arg)
	if !validID(arg) {
		p, err := undofile.Canonical(arg)
		if err != nil {
			return "", err
		}
		path = p
	}
	name, err := undofile.Locate(dir, path)
	if err != nil {
		return "", err
	}
	if _, err := os.Lstat(name); err != nil {
		return "", fmt.Errorf("no recovery data for %s (kjx -r lists it)", arg)
	}
	return name, nil
}

// Remove deletes the recovery file of path (a text file's canonical path
// or an UnnamedPath), if there is one.
func Remove(undoDir, path string) error {
	dir := Dir(undoDir)
	name, err := undofile.Locate(dir, path)
	if err != nil {
		return err
	}
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("recovery: %w", err)
	}
	return nil
}

// Describe is an entry as `kjx -r` prints it: the file (or the id of an
// unnamed buffer), the size of the newest text, the age of the file and
// the text's first line, quoted. The caller escapes it for the terminal.
func Describe(e Entry, now time.Time) string {
	what := e.Path
	if what == "" {
		what = "(unnamed) " + e.ID
	}
	age := now.Sub(e.Modified).Round(time.Second)
	states := "states"
	if e.States == 1 {
		states = "state"
	}
	return fmt.Sprintf("%s  %d bytes  %s ago  %d %s  %q", what, e.Size, age, e.States, states, e.FirstLine)
}
