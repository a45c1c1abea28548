package undofile

import (
	"cmp"
	"errors"
	"fmt"
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

// DirStats returns the statistics of undo directory dir. Only files of
// the user's that start with Magic count. A missing directory has zero
// Stats.
func DirStats(dir string) (Stats, error) {
	ix, err := LoadIndex(dir)
	if err != nil {
		return Stats{}, err
	}
	return statsOf(ix.Histories()), nil
}

// statsOf sums up hs.
func statsOf(hs []History) Stats {
	var st Stats
	for _, h := range hs {
		st.Files++
		st.Bytes += h.Size
		st.Largest = append(st.Largest, h.FileInfo)
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
	return st
}

// Prune deletes the undo files in dir that were not used for maxAge
// before now (maxAge ≤ 0: no age limit, config persist_days = 0), whether
// or not their text file exists: a file that is absent for a while (a
// branch switch, a move, an unmounted disk) finds its history again when
// it comes back. A history is used when it is written or loaded. Prune
// touches only regular files that start with Magic and belong to the user
// (set-aside copies included) and stale temporary files; it never follows
// a symbolic link. The returned Stats describe what is left and what was
// removed. PrunePlan says what it would delete.
func Prune(dir string, maxAge time.Duration, now time.Time) (Stats, error) {
	temps := removeStaleTemps(dir, now)
	ix, err := LoadIndex(dir)
	if err != nil {
		return Stats{Removed: temps}, err
	}
	gone, bytes, err := removeHistories(dir, ix.Expired(maxAge, now))
	st := statsOf(slices.DeleteFunc(ix.Histories(), func(h History) bool { return gone[filepath.Base(h.Name)] }))
	st.Removed, st.RemovedBytes = len(gone)+temps, bytes
	return st, err
}

// PrunePlan returns the undo files Prune(dir, maxAge, now) would delete,
// most recently used first, deleting nothing (a dry run).
func PrunePlan(dir string, maxAge time.Duration, now time.Time) ([]History, error) {
	ix, err := LoadIndex(dir)
	if err != nil {
		return nil, err
	}
	return ix.Expired(maxAge, now), nil
}

// Orphans returns the histories in dir whose text file does not exist,
// most recently used first (see Index.Orphans).
func Orphans(dir string) ([]History, error) {
	ix, err := LoadIndex(dir)
	if err != nil {
		return nil, err
	}
	return ix.Orphans(), nil
}

// Remove deletes the given undo files of dir on purpose (:undopurge).
// Each must be a file directly in dir that is still an undo file of the
// user's (a regular file starting with Magic, checked again now); anything
// else is refused and reported, never deleted. It returns how many it
// deleted and the errors, joined.
func Remove(dir string, hs []History) (int, error) {
	gone, _, err := removeHistories(dir, hs)
	return len(gone), err
}

// removeHistories deletes the undo files hs of dir, after checking each
// again, and drops them from the index. It returns the base names
// deleted and their bytes.
func removeHistories(dir string, hs []History) (map[string]bool, int64, error) {
	var errs []error
	gone := map[string]bool{}
	var bytes int64
	for _, h := range hs {
		base := filepath.Base(h.Name)
		if filepath.Clean(h.Name) != filepath.Join(dir, base) || !plainEntryName(base) {
			errs = append(errs, fmt.Errorf("undo file %s: not in %s; not removed", h.Name, dir))
			continue
		}
		if e, ok := inspectEntry(dir, base, nil, 0); !ok || e.kind == kindForeign {
			errs = append(errs, fmt.Errorf("undo file %s: not an undo file of yours; not removed", h.Name))
			continue
		}
		if err := os.Remove(h.Name); err != nil {
			errs = append(errs, fmt.Errorf("undo file %s: %w", h.Name, err))
			continue
		}
		gone[base] = true
		bytes += h.Size
	}
	if len(gone) > 0 {
		editIndex(dir, false, func(es []indexEntry) []indexEntry {
			return slices.DeleteFunc(es, func(e indexEntry) bool { return gone[e.name] })
		})
	}
	return gone, bytes, errors.Join(errs...)
}
