package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// Stat is what kjx remembers about a file on disk to notice outside changes
// and to keep the file's identity when writing it.
type Stat struct {
	Exists  bool
	Size    int64
	ModTime time.Time
	Mode    fs.FileMode
	Dev     uint64
	Inode   uint64
	Nlink   uint64
	UID     int
	GID     int
}

// StatPath returns the Stat of the file at path, following symbolic links.
// A missing file gives Stat{Exists: false} and a nil error.
func StatPath(path string) (Stat, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Stat{}, nil
	}
	if err != nil {
		return Stat{}, fmt.Errorf("fileio: stat %q: %w", path, err)
	}
	return statOf(fi), nil
}

// ChangedOnDisk reports whether the file described by now is not the one
// described by old: it appeared or vanished, or its size, modification time,
// inode or device differ. A stream (a FIFO, a device) that is still the
// same one has not changed: its size and times say nothing of what it
// holds, and reading it again would wait for a writer.
func ChangedOnDisk(old, now Stat) bool {
	if old.Exists != now.Exists {
		return true
	}
	if !old.Exists {
		return false
	}
	sameFile := old.Inode == now.Inode && old.Dev == now.Dev
	if !old.Mode.IsRegular() && !now.Mode.IsRegular() {
		return !sameFile
	}
	return old.Size != now.Size || !old.ModTime.Equal(now.ModTime) || !sameFile
}

// statOf converts a FileInfo (of an existing file) to a Stat.
func statOf(fi fs.FileInfo) Stat {
	st := Stat{Exists: true, Size: fi.Size(), ModTime: fi.ModTime(), Mode: fi.Mode(), Nlink: 1}
	fillSys(&st, fi)
	return st
}
