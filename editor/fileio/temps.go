package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// Temporary files of a write, next to the file written:
//
//	.NAME.RRRRRRRR.kjx~      the new text (renamed over NAME, or copied
//	                         into it by an in-place write)
//	.NAME.RRRRRRRR.kjx-old~  an in-place write's copy of NAME's previous
//	                         bytes (the same RRRRRRRR as its new text)
//
// RRRRRRRR is 8 random hex digits. NAME is cut to maxTempBase bytes.
//
// Ownership is a lock, not a process id or a time: the writer holds an
// exclusive flock on each of its temporary files from the moment it
// creates it until it is renamed or removed. The kernel releases the lock
// when the process dies, whatever killed it, so "not locked" means "no
// live process owns it" — with no pid that can be reused by another
// process and no clock that can be skewed (a file system mounted from
// another machine). See CleanTemps.
const (
	tempSuffix    = ".kjx~"
	oldTempSuffix = ".kjx-old~"
	maxTempBase   = 200 // with the rest, under NAME_MAX
	tempRandLen   = 8
)

// tempName is the name of a temporary file of base in dir.
func tempName(dir, base string, rnd uint32, suffix string) string {
	if len(base) > maxTempBase {
		base = base[:maxTempBase]
	}
	return filepath.Join(dir, fmt.Sprintf(".%s.%08x%s", base, rnd, suffix))
}

// createTemp creates a new temporary file for base in dir with O_EXCL and
// a random name, and locks it (see above). It returns its name.
func createTemp(fsys fileSystem, dir, base string, perm fs.FileMode) (string, file, error) {
	var err error
	for range 16 {
		name := tempName(dir, base, rand.Uint32(), tempSuffix)
		var f file
		f, err = createLocked(fsys, name, perm)
		if err == nil {
			return name, f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", nil, err
		}
	}
	return "", nil, err
}

// Results of lockFile.
var (
	errLocked  = errors.New("locked by another process")
	errNoLocks = errors.New("the file system has no locks")
)

// errLostRace: a clean-up of another kjx removed the file between its
// creation and its lock; the caller tries another name.
var errLostRace = fmt.Errorf("temporary file removed before it was locked: %w", fs.ErrExist)

// createLocked creates name (O_EXCL) and locks it. CleanTemps leaves an
// empty file alone, so the file cannot be taken for a leftover in the
// instant between the two; should a clean-up that does not know that (an
// older kjx) remove it meanwhile, the name no longer leads to the file,
// which is closed, and the error wraps fs.ErrExist so that the caller
// picks another name.
func createLocked(fsys fileSystem, name string, perm fs.FileMode) (file, error) {
	f, err := fsys.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f, true); err != nil && !errors.Is(err, errNoLocks) {
		f.Close()
		fsys.Remove(name)
		return nil, err
	}
	mine, err := f.Stat()
	if err == nil {
		var now fs.FileInfo
		if now, err = fsys.Lstat(name); err == nil && !os.SameFile(mine, now) {
			err = errLostRace
		}
	}
	if errors.Is(err, fs.ErrNotExist) {
		err = errLostRace
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// tempPair is the two temporary files of an in-place write: the new
// text, and the copy of the old contents (oldFile is nil until
// publishOld).
type tempPair struct {
	dir, base        string
	newName, oldName string
	newFile, oldFile file
}

// createTempPair creates the new-text file of an in-place write of base
// in dir, locked, mode 0600, and chooses the name of its old copy (the
// same random part).
func createTempPair(fsys fileSystem, dir, base string) (*tempPair, error) {
	var err error
	for range 16 {
		rnd := rand.Uint32()
		p := &tempPair{dir: dir, base: base, newName: tempName(dir, base, rnd, tempSuffix), oldName: tempName(dir, base, rnd, oldTempSuffix)}
		if p.newFile, err = createLocked(fsys, p.newName, 0o600); err == nil {
			return p, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return nil, err
}

// writeOld makes the old copy: fill writes the old bytes into a new
// temporary file (named like a new text, so a kill meanwhile leaves
// something CleanTemps removes), which is fsynced and then linked to the
// old copy's name, never replacing anything there. So a file named
// ".kjx-old~" is always complete. The file stays open and locked.
func (p *tempPair) writeOld(fsys fileSystem, fill func(f file) error) error {
	tmp, f, err := createTemp(fsys, p.dir, p.base, 0o600)
	if err != nil {
		return err
	}
	err = fill(f)
	if err == nil {
		err = f.Sync()
	}
	if err == nil {
		err = fsys.Link(tmp, p.oldName)
	}
	fsys.Remove(tmp)
	if err != nil {
		f.Close()
		return err
	}
	p.oldFile = f
	syncDir(fsys, p.dir)
	return nil
}

// discard removes both files, the old copy first: whatever instant a kill
// lands, a new-text file left alone is always safe to remove.
func (p *tempPair) discard(fsys fileSystem) {
	if p.oldFile != nil {
		fsys.Remove(p.oldName)
		p.oldFile.Close()
	}
	fsys.Remove(p.newName)
	p.newFile.Close()
}

// keep closes both files (releasing their locks) and leaves them on disk.
func (p *tempPair) keep() {
	p.newFile.Close()
	if p.oldFile != nil {
		p.oldFile.Close()
	}
}
