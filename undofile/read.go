package undofile

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"time"
)

// Loaded is a history read from an undo file.
type Loaded struct {
	// Name is the undo file read.
	Name string
	// File is its content, complete and structurally verified.
	File *File
	// Changed is true when the text file on disk is not the one the
	// history was saved with (hash or size differ): the file was changed
	// outside kjx. The caller then grafts the history onto the new text
	// (File.Text, when present, is the old text) or sets the undo file
	// aside; it must not restore the history onto the new text as is.
	Changed bool
	// Pending is true when the text file on disk is the one the undo
	// file's pending write announced (File.Pending): the process that
	// wrote it died after replacing the text file and before writing the
	// undo file again. File.SavedSeq and File.Disk then name that write's
	// node and bytes, File.Text (the text of the node saved before) is
	// nil, and Changed is false: the history is restored as is.
	Pending bool
}

// Read loads the history of the text file absPath (canonical, see
// Canonical) from undo directory dir, given the state of the text file's
// bytes now on disk. A missing undo file is an error satisfying
// errors.Is(err, fs.ErrNotExist), which callers treat as "no history"
// silently. Every other failure is a one-line *Error naming the undo file.
// A file owned by another user, a symbolic link, or a file naming another
// path is never loaded. A loaded history counts as used: its undo file's
// modification time is set to now (retention ages histories from their
// last use).
func Read(dir, absPath string, disk FileState, lim Limits) (Loaded, error) {
	name, err := Locate(dir, absPath)
	if err != nil {
		return Loaded{}, err
	}
	return load(name, absPath, disk, lim, true)
}

// Peek is Read for a look that is not a use: it changes nothing on disk,
// not even the undo file's modification time, so that read-only tools
// (kjx history, show, diff) leave retention as it was.
func Peek(dir, absPath string, disk FileState, lim Limits) (Loaded, error) {
	name, err := Locate(dir, absPath)
	if err != nil {
		return Loaded{}, err
	}
	return load(name, absPath, disk, lim, false)
}

// ReadFile loads an undo file named explicitly (:rundo FILE). Unlike Read
// it follows a symbolic link given as name and accepts a history saved for
// another path; the hash decides whether it fits (Loaded.Changed).
func ReadFile(name string, disk FileState, lim Limits) (Loaded, error) {
	if r, err := filepath.EvalSymlinks(name); err == nil {
		name = r
	}
	return load(name, "", disk, lim, false)
}

func load(name, absPath string, disk FileState, lim Limits, use bool) (Loaded, error) {
	lim = lim.withDefaults()
	f, fi, err := openSafe(name, lim.MaxReadSize, true)
	if err != nil {
		return Loaded{}, err
	}
	data, err := readAll(f, fi.Size())
	f.Close()
	if err != nil {
		return Loaded{}, err
	}
	// data is this function's alone: the history shares it.
	file, err := Decode(data, DecodeOptions{Name: name, Path: absPath, MaxTextSize: lim.MaxTextSize, Owned: true})
	if err != nil {
		return Loaded{}, err
	}
	if use {
		markUsed(name)
	}
	l := Loaded{Name: name, File: file, Changed: file.Disk != disk}
	if p := file.Pending; l.Changed && !p.IsZero() && p.Disk == disk {
		completeWrite(file)
		l.Changed, l.Pending = false, true
	}
	return l, nil
}

// completeWrite records in file the write its pending record announced,
// as the writing editor would have after it (undo.Tree.MarkSaved): the
// pending node is the saved one, with the next write number, and the
// history is unmodified. The text copy, of the node saved before, goes.
func completeWrite(file *File) {
	p, img := file.Pending, &file.Image
	file.SavedSeq, file.Disk, file.Text, file.Pending = p.Seq, p.Disk, nil, PendingWrite{}
	img.Modified = false
	if img.SaveLast >= math.MaxInt32 {
		return // no write number left (a hostile file): the count stays
	}
	img.SaveLast++
	img.SaveCur = img.SaveLast
	if i := indexOf(img.Nodes, p.Seq); i >= 0 {
		img.Nodes[i].SaveNr = img.SaveLast
	}
}

// markUsed sets the modification time of undo file name to now: loading
// a history is a use of it, and retention counts persist_days from the
// last use. Only the time changes, never a byte. Best effort: a history
// that cannot be touched ages from its last write.
func markUsed(name string) {
	now := time.Now()
	_ = os.Chtimes(name, now, now)
}

// SetAside renames undo file name (not deleting it) to
// NAME.~YYYYMMDD-HHMMSS~ (with -2, -3, ... if taken) using now's local
// time, and returns the new name for the message. Set-aside files are
// removed by Prune when they are older than the retention age.
func SetAside(name string, now time.Time) (string, error) {
	base := name + ".~" + now.Format("20060102-150405")
	for i := 1; i < 100; i++ {
		to := base + "~"
		if i > 1 {
			to = fmt.Sprintf("%s-%d~", base, i)
		}
		if _, err := os.Lstat(to); err == nil {
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("undo file %s: cannot set aside: %w", name, err)
		}
		if err := os.Rename(name, to); err != nil {
			return "", fmt.Errorf("undo file %s: cannot set aside: %w", name, err)
		}
		noteRenamed(name, to)
		return to, nil
	}
	return "", fmt.Errorf("undo file %s: cannot set aside: too many set-aside copies", name)
}
