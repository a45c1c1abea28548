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

// Stats describes an undo directory (for :undostats) and what Prune
// removed from it.
type Stats struct {
	Files        int        // undo files (including set-aside ones)
	Bytes        int64      // their total size
	Largest      []FileInfo // up to MaxLargest, largest first
	Removed      int        // files Prune removed
	RemovedBytes int64      // their total size
}

// MaxLargest is how many files Stats.Largest lists.
const MaxLargest = 10

// FileInfo describes one undo file.
type FileInfo struct {
	Name    string // path of the undo file
	Path    string // the text file it belongs to ("" if its header is unreadable)
	Size    int64
	ModTime time.Time
}

// DirStats returns the statistics of undo directory dir. Only files that
// start with Magic count. A missing directory has zero Stats.
func DirStats(dir string) (Stats, error) {
	return scan(dir, func(FileInfo, bool) bool { return false })
}

// Prune deletes the undo files in dir that were not used for maxAge
// before now (maxAge ≤ 0: no age limit, config persist_days = 0), whether
// or not their text file exists: a file that is absent for a while (a
// branch switch, a move, an unmounted disk) finds its history again when
// it comes back. It touches only regular files that start with Magic and
// belong to the user (set-aside copies included) and stale temporary
// files; it never follows a symbolic link. The returned Stats describe
// what is left and what was removed.
func Prune(dir string, maxAge time.Duration, now time.Time) (Stats, error) {
	removed := removeStaleTemps(dir, now)
	st, err := scan(dir, func(fi FileInfo, _ bool) bool {
		return maxAge > 0 && now.Sub(fi.ModTime) > maxAge
	})
	st.Removed += removed
	return st, err
}

// scan walks the undo files of dir, removing those for which remove
// returns true.
func scan(dir string, remove func(fi FileInfo, headerOK bool) bool) (Stats, error) {
	var st Stats
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, fmt.Errorf("undo directory %s: %w", dir, err)
	}
	for _, de := range ents {
		if !de.Type().IsRegular() || strings.HasPrefix(de.Name(), tempPrefix) {
			continue
		}
		name := filepath.Join(dir, de.Name())
		fi, headerOK, ours := inspect(name)
		if !ours {
			continue
		}
		if remove(fi, headerOK) {
			if os.Remove(name) == nil {
				st.Removed++
				st.RemovedBytes += fi.Size
			}
			continue
		}
		st.Files++
		st.Bytes += fi.Size
		st.Largest = append(st.Largest, fi)
	}
	slices.SortFunc(st.Largest, func(a, b FileInfo) int {
		if c := cmp.Compare(b.Size, a.Size); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	if len(st.Largest) > MaxLargest {
		st.Largest = st.Largest[:MaxLargest]
	}
	return st, nil
}

// inspect opens undo file name safely and reports its FileInfo, whether
// its header is readable, and whether it is ours at all: a regular file of
// the user's that starts with Magic.
func inspect(name string) (FileInfo, bool, bool) {
	f, st, err := openSafe(name, 1<<62, true)
	if err != nil {
		return FileInfo{}, false, false
	}
	defer f.Close()
	fi := FileInfo{Name: name, Size: st.Size(), ModTime: st.ModTime()}
	magic := make([]byte, len(Magic))
	if _, err := f.ReadAt(magic, 0); err != nil || string(magic) != Magic {
		return fi, false, false
	}
	h, err := readHeaderFrom(f, st.Size())
	if err != nil {
		return fi, false, true
	}
	fi.Path = h.Path
	return fi, true, true
}
