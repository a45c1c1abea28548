package undofile

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// indexName is the content index's file in an undo directory. Undo file
// names start with '%' (an absolute path with '/' replaced) and temporary
// files with tempPrefix, so it collides with neither.
const indexName = ".kjx-index"

// History is one undo file of an undo directory as the content index
// describes it.
type History struct {
	// FileInfo: Name is the undo file, Path its text file ("" when its
	// header cannot be read), ModTime its last use (write or load).
	FileInfo
	// Saved identifies the text file's bytes when the history was saved.
	Saved FileState
	// Current identifies the bytes the history's current (perhaps unsaved)
	// text would be written as, when the writer was told (Job.Current);
	// zero when unknown. It is a hint: check the history before using it.
	Current FileState
}

// IsSetAside reports whether the undo file is a set-aside copy (see
// SetAside): its name ends in "~".
func (h History) IsSetAside() bool { return strings.HasSuffix(h.Name, "~") }

// Index is the content index of an undo directory: for every undo file,
// the path and the hash of the text it was saved with (and of its current
// text when known), so that a history can be found by content — after an
// outside rename, a copy, a file back from another branch — without
// reading every undo file.
//
// The index is a cache, never trusted: LoadIndex checks every entry
// against the directory (name, inode, size, modification time) and reads
// the header of every undo file that is new or changed, so an index that
// is stale (another process, a crash between an undo write and the index
// update), missing or corrupt only costs those header reads. The writer
// updates it after every undo-file write; SetAside, Prune and Remove keep
// it in step.
type Index struct {
	dir     string
	entries []indexEntry
}

// LoadIndex returns the index of undo directory dir, checked against the
// directory file by file (name, inode, size, modification time: one lstat
// each), with the header of every new or changed undo file read again,
// and saved back (best effort) when it changed. A missing directory has
// an empty index. FindHistories uses a quicker check.
func LoadIndex(dir string) (*Index, error) { return loadIndex(dir, checkStat) }

// checkLevel says how closely loadIndex checks the index against the
// directory.
type checkLevel uint8

const (
	// checkInodes compares the names and inode numbers the directory
	// listing gives (getdents: no stat per file). Every kjx write renames
	// a new file into place, so a rewritten undo file has a new inode.
	checkInodes checkLevel = iota
	// checkStat also compares each file's size and modification time.
	checkStat
)

func loadIndex(dir string, level checkLevel) (*Index, error) {
	ents, err := listDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return &Index{dir: dir}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("undo directory %s: %w", dir, err)
	}
	old := readIndex(dir)
	known := make(map[string]int, len(old))
	for i := range old {
		known[old[i].name] = i
	}
	kept := make([]bool, len(old))
	var fresh []indexEntry
	for _, de := range ents {
		if !de.regular || !plainEntryName(de.name) {
			continue // a link, directory or FIFO is never ours
		}
		var prev *indexEntry
		if i, ok := known[de.name]; ok {
			prev = &old[i]
			if prev.ino == de.ino && (level == checkInodes || sameStat(dir, prev)) {
				kept[i] = true
				continue
			}
		}
		if e, ok := inspectEntry(dir, strings.Clone(de.name), prev, de.ino); ok {
			fresh = append(fresh, e)
		}
	}
	n := 0
	for i := range old {
		if kept[i] {
			old[n] = old[i]
			n++
		}
	}
	ix := &Index{dir: dir, entries: append(old[:n], fresh...)}
	if len(fresh) > 0 || n != len(old) {
		ix.save()
	}
	return ix, nil
}

// sameStat reports whether the file of entry e still has its recorded
// size and modification time.
func sameStat(dir string, e *indexEntry) bool {
	fi, err := os.Lstat(filepath.Join(dir, e.name))
	return err == nil && fi.Mode().IsRegular() && fi.Size() == e.size && fi.ModTime().UnixNano() == e.mtime
}

// readIndex returns the entries of dir's index file, or nil when it is
// missing, unsafe (a link, another user's, too large) or corrupt.
func readIndex(dir string) []indexEntry {
	f, fi, err := openSafe(filepath.Join(dir, indexName), maxIndexSize, true)
	if err != nil {
		return nil
	}
	data, err := readAll(f, fi.Size())
	f.Close()
	if err != nil {
		return nil
	}
	entries, err := decodeIndex(data)
	if err != nil {
		return nil
	}
	return entries
}

// inspectEntry reads what the index records about dir/name: its kind and
// identity and, for a history, the path and saved hash of its header. The
// current-text hash of prev is kept when the file is the same one (same
// inode and size, same saved text): only its time changed. ok is false
// when the file is not a regular file any more.
//
// listedIno, when not 0, is the inode number the directory listing gave:
// it is recorded instead of the stat's, as the listing is what later
// checks compare with (on some file systems, overlayfs among them, the
// two differ).
func inspectEntry(dir, name string, prev *indexEntry, listedIno uint64) (indexEntry, bool) {
	full := filepath.Join(dir, name)
	f, fi, err := openSafe(full, 1<<62, true)
	if err != nil {
		if KindOf(err) == KindOwner {
			if fi, err := os.Lstat(full); err == nil {
				return withIno(identity(name, kindForeign, fi), listedIno), true
			}
		}
		return indexEntry{}, false
	}
	defer f.Close()
	magic := make([]byte, len(Magic))
	if _, err := f.ReadAt(magic, 0); err != nil || string(magic) != Magic {
		return withIno(identity(name, kindForeign, fi), listedIno), true
	}
	h, err := readHeaderFrom(f, fi.Size())
	if err != nil {
		return withIno(identity(name, kindUnreadable, fi), listedIno), true
	}
	e := withIno(identity(name, kindHistory, fi), listedIno)
	e.path, e.saved = h.Path, h.Disk
	if prev != nil && prev.kind == kindHistory && prev.ino == e.ino && prev.size == e.size && prev.saved == e.saved && prev.path == e.path {
		e.current = prev.current
	}
	return e, true
}

// identity is an entry of the given kind for the file fi.
func identity(name string, kind entryKind, fi os.FileInfo) indexEntry {
	return indexEntry{name: name, kind: kind, ino: inodeOf(fi), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
}

// withIno returns e with inode number ino, when ino is known.
func withIno(e indexEntry, ino uint64) indexEntry {
	if ino != 0 {
		e.ino = ino
	}
	return e
}

// save writes the index file, best effort: it is a cache that the next
// LoadIndex checks and rebuilds, so it is not fsynced, and a failure (a
// full disk) only makes that next load slower.
func (ix *Index) save() {
	_ = writeIndex(ix.dir, ix.entries)
}

// writeIndex replaces dir's index file by one holding entries: a
// temporary file renamed over it, mode 0600.
func writeIndex(dir string, entries []indexEntry) error {
	tmp, f, err := createTemp(dir)
	if err != nil {
		return err
	}
	_, err = f.Write(encodeIndex(entries))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, indexName))
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// editIndex applies edit to the entries of dir's index file and writes it
// back (best effort). A missing or corrupt index is left for LoadIndex to
// rebuild, unless add is set: then edit starts from no entries (LoadIndex
// finds the others).
func editIndex(dir string, add bool, edit func([]indexEntry) []indexEntry) {
	entries := readIndex(dir)
	if entries == nil && !add {
		return
	}
	_ = writeIndex(dir, edit(entries))
}

// noteWritten records in its directory's index that undo file name now
// holds the history of text file path saved with the bytes disk, whose
// current text is current (zero: unknown).
func noteWritten(name, path string, disk, current FileState) {
	fi, err := os.Lstat(name)
	if err != nil {
		return
	}
	dir, base := filepath.Split(name)
	e := identity(base, kindHistory, fi)
	e.path, e.saved, e.current = path, disk, current
	editIndex(filepath.Clean(dir), true, func(es []indexEntry) []indexEntry {
		es = slices.DeleteFunc(es, func(x indexEntry) bool { return x.name == base })
		return append(es, e)
	})
}

// noteRenamed records in the index that undo file from is now to (both in
// the same directory).
func noteRenamed(from, to string) {
	dir, fromBase := filepath.Split(from)
	toBase := filepath.Base(to)
	editIndex(filepath.Clean(dir), false, func(es []indexEntry) []indexEntry {
		es = slices.DeleteFunc(es, func(x indexEntry) bool { return x.name == toBase })
		for i := range es {
			if es[i].name == fromBase {
				es[i].name = toBase
			}
		}
		return es
	})
}

// history turns an entry into a History.
func (ix *Index) history(e *indexEntry) History {
	return History{
		FileInfo: FileInfo{Name: filepath.Join(ix.dir, e.name), Path: e.path, Size: e.size, ModTime: time.Unix(0, e.mtime)},
		Saved:    e.saved, Current: e.current,
	}
}

// collect returns the histories (undo files of the user's, readable or
// not) for which keep returns true, most recently used first.
func (ix *Index) collect(keep func(e *indexEntry) bool) []History {
	var out []History
	for i := range ix.entries {
		e := &ix.entries[i]
		if e.kind != kindForeign && keep(e) {
			out = append(out, ix.history(e))
		}
	}
	sortByUse(out)
	return out
}

// sortByUse sorts hs most recently used first (then by name).
func sortByUse(hs []History) {
	slices.SortFunc(hs, func(a, b History) int {
		if c := b.ModTime.Compare(a.ModTime); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
}

// Histories returns every undo file of the user's in the directory (set-
// aside copies and unreadable ones included), most recently used first.
func (ix *Index) Histories() []History {
	return ix.collect(func(*indexEntry) bool { return true })
}

// Find returns the histories whose saved text, or whose current text as
// far as known, has the bytes disk: the candidates for a file that has no
// history under its own path (renamed, copied, back from another branch).
// Most recently used first; the caller reads and checks the one it uses.
// It is a linear pass over the entries in memory: no file is read.
func (ix *Index) Find(disk FileState) []History {
	return ix.collect(func(e *indexEntry) bool {
		return e.kind == kindHistory && (e.saved == disk || !e.current.IsZero() && e.current == disk)
	})
}

// Orphans returns the histories whose text file does not exist (by the
// path in their header): kept by retention until they age out, found by
// Find when their text comes back under another name.
func (ix *Index) Orphans() []History {
	return ix.collect(func(e *indexEntry) bool {
		if e.kind != kindHistory {
			return false
		}
		_, err := os.Lstat(e.path)
		return errors.Is(err, fs.ErrNotExist)
	})
}

// Expired returns the undo files that Prune would delete: not used for
// maxAge before now (none when maxAge ≤ 0).
func (ix *Index) Expired(maxAge time.Duration, now time.Time) []History {
	if maxAge <= 0 {
		return nil
	}
	return ix.collect(func(e *indexEntry) bool { return now.Sub(time.Unix(0, e.mtime)) > maxAge })
}

// FindHistories returns the histories in undo directory dir whose saved
// text, or whose current text as far as known, has the bytes disk (see
// Index.Find), most recently used first. It is the lookup made when a
// file is opened that has no history under its own path, so it is quick:
// the index is checked against the directory's names and inode numbers
// only (no stat per file), and each history found is checked by reading
// its header again, so a stale index never yields a wrong answer.
func FindHistories(dir string, disk FileState) ([]History, error) {
	ix, err := loadIndex(dir, checkInodes)
	if err != nil {
		return nil, err
	}
	var out []History
	for _, h := range ix.Find(disk) {
		e, ok := inspectEntry(ix.dir, filepath.Base(h.Name), nil, 0)
		if !ok || e.kind != kindHistory || e.path != h.Path || e.saved != h.Saved {
			continue
		}
		h.Size, h.ModTime = e.size, time.Unix(0, e.mtime)
		out = append(out, h)
	}
	sortByUse(out)
	return out, nil
}
