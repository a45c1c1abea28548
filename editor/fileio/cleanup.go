package fileio

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Interrupted is an in-place write that was cut short (kjx killed, the
// machine down) and left the target perhaps torn: Old holds the file's
// complete previous bytes, New (when not "") the complete text that was
// being written. CleanTemps keeps both and names them until the user has
// dealt with them.
type Interrupted struct {
	File string // the file that was being written
	Old  string // the complete copy of its previous contents
	New  string // the complete new text, or ""
}

// CleanTemps removes the temporary files that writes killed before they
// ended left in the directory where Save(path) puts its temporary files
// (the directory of path's target, symbolic links followed), and returns
// the interrupted in-place writes whose old copy it kept. Only files
// named as temps.go describes and owned by the user are considered, and
// only those no live process holds (their lock is free: see temps.go).
//
//   - A new-text file on its own is removed: a rename never happened (the
//     target is whole, old or new) or already did. An empty one is
//     removed only once the directory changed a minute after it was
//     created (both times from the file system's own clock, so no clock
//     skew matters): a writer creates its file empty and locks it before
//     writing a byte, so an empty unlocked file may be an instant from
//     being locked.
//   - An old copy (with its new-text file, if any) is removed when the
//     target holds exactly the old copy's bytes (the write never began or
//     was undone) or exactly the new text's (it finished); otherwise both
//     are kept and reported: the target may be torn, and the old copy is
//     the only complete copy of it.
//
// It is best effort: what it cannot read or lock it leaves alone.
func CleanTemps(path string) []Interrupted {
	target, err := resolveLinks(osFS{}, path)
	if err != nil {
		return nil
	}
	return cleanTemps(osFS{}, filepath.Dir(target))
}

// tempGroup is the temporary files of one write: same name, same random
// part.
type tempGroup struct {
	base     string // the target's base name (perhaps cut to maxTempBase)
	new, old string // full paths ("" when absent)
}

func cleanTemps(fsys fileSystem, dir string) []Interrupted {
	d, err := os.Open(dir)
	if err != nil {
		return nil
	}
	names, _ := d.Readdirnames(-1)
	d.Close()
	groups := map[string]*tempGroup{}
	for _, n := range names {
		base, key, old, ok := parseTempName(n)
		if !ok {
			continue
		}
		g := groups[key]
		if g == nil {
			g = &tempGroup{base: base}
			groups[key] = g
		}
		if old {
			g.old = filepath.Join(dir, n)
		} else {
			g.new = filepath.Join(dir, n)
		}
	}
	var kept []Interrupted
	for _, g := range groups {
		if in, ok := cleanGroup(fsys, dir, g); ok {
			kept = append(kept, in)
		}
	}
	return kept
}

// parseTempName recognises ".NAME.RRRRRRRR.kjx~" and ".NAME.RRRRRRRR.kjx-old~"
// and returns NAME, the group key (NAME and RRRRRRRR) and whether it is an
// old copy.
func parseTempName(n string) (base, key string, old, ok bool) {
	rest, found := strings.CutSuffix(n, oldTempSuffix)
	if found {
		old = true
	} else if rest, found = strings.CutSuffix(n, tempSuffix); !found {
		return "", "", false, false
	}
	if len(rest) < 1+1+1+tempRandLen || rest[0] != '.' || rest[len(rest)-tempRandLen-1] != '.' {
		return "", "", false, false
	}
	rnd := rest[len(rest)-tempRandLen:]
	for _, c := range []byte(rnd) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", "", false, false
		}
	}
	return rest[1 : len(rest)-tempRandLen-1], rest, old, true
}

// cleanGroup handles one write's temporary files and reports the group
// when its old copy is kept.
func cleanGroup(fsys fileSystem, dir string, g *tempGroup) (Interrupted, bool) {
	newF := openStale(fsys, g.new)
	if g.new != "" && newF == nil {
		return Interrupted{}, false // in use, or not ours
	}
	if newF != nil {
		defer newF.Close()
	}
	if g.old == "" {
		if fi, err := newF.Stat(); err == nil && (fi.Size() > 0 || longEmpty(fsys, dir, fi)) {
			fsys.Remove(g.new)
		}
		return Interrupted{}, false
	}
	oldF := openStale(fsys, g.old)
	if oldF == nil {
		return Interrupted{}, false
	}
	defer oldF.Close()
	target := filepath.Join(dir, g.base)
	if sameBytes(fsys, target, oldF) || newF != nil && sameBytes(fsys, target, newF) {
		fsys.Remove(g.old)
		if g.new != "" {
			fsys.Remove(g.new)
		}
		return Interrupted{}, false
	}
	return Interrupted{File: target, Old: g.old, New: g.new}, true
}

// openStale opens the temporary file name (if any) and takes its lock
// without waiting. It returns nil when name is "", is not a regular file
// of the user's, or is locked by a live process (or cannot be locked at
// all): such a file is never touched. The lock is held until the file is
// closed, so the caller removes it under the lock.
func openStale(fsys fileSystem, name string) file {
	if name == "" {
		return nil
	}
	fi, err := fsys.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if st := statOf(fi); st.UID != fsys.Geteuid() {
		return nil
	}
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil
	}
	if err := lockFile(f, false); err != nil {
		f.Close()
		return nil
	}
	if now, err := f.Stat(); err != nil || !os.SameFile(fi, now) {
		f.Close()
		return nil
	}
	return f
}

// sameBytes reports whether the regular file at path holds exactly the
// bytes of f.
func sameBytes(fsys fileSystem, path string, f file) bool {
	t, err := fsys.OpenFile(path, os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer t.Close()
	ti, err1 := t.Stat()
	fi, err2 := f.Stat()
	if err1 != nil || err2 != nil || !ti.Mode().IsRegular() || ti.Size() != fi.Size() {
		return false
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	a, b := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		n, errA := io.ReadFull(t, a)
		m, errB := io.ReadFull(f, b[:n])
		if m != n || !bytes.Equal(a[:n], b[:m]) {
			return false
		}
		if errA != nil {
			return (errors.Is(errA, io.EOF) || errors.Is(errA, io.ErrUnexpectedEOF)) && (errB == nil || errors.Is(errB, io.EOF))
		}
	}
}

// emptyGrace is how long after its creation an empty temporary file is
// left alone (see CleanTemps).
const emptyGrace = time.Minute

// longEmpty reports whether dir was changed (an entry created, renamed or
// removed) at least emptyGrace after the empty file fi was created.
func longEmpty(fsys fileSystem, dir string, fi fs.FileInfo) bool {
	d, err := fsys.Lstat(dir)
	return err == nil && d.ModTime().Sub(changeTime(fi)) >= emptyGrace
}
