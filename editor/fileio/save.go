package fileio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"

	"github.com/kjx-editor/kjx/buffer"
)

// SaveOptions say how to write a buffer.
type SaveOptions struct {
	// EOL writes a final newline ('eol').
	EOL bool
	// FixEOL writes a final newline even when EOL is false, unless the
	// text is empty ('fixendofline'; an empty buffer is written as 0 bytes,
	// as Vim does).
	FixEOL bool
	// Format is the line ending to write ('fileformat').
	Format Format
	// Expect is the Stat of the file when it was read; when the file on
	// disk no longer matches it, Save refuses unless Force. nil: no check.
	Expect *Stat
	// Force is ":w!": write over a file that changed on disk, that is
	// read-only, or that appeared since the buffer was created.
	Force bool
}

// Save writes text to the file at path and returns the file's new Stat.
//
// The file is replaced atomically: the text goes to a temporary file in the
// same directory (created with O_EXCL, the original's mode, or 0666 &^
// umask for a new file, as Vim), which is fsynced, given the original's mode
// and, when possible, owner, renamed over the file, and the directory
// fsynced. A symbolic link is followed: the file it points to is replaced
// and the link stays a link. A file with several hard links, whose owner or
// group the process cannot give the new file, or whose directory is not
// writable, is written in place instead so that it keeps its identity; a
// backup copy taken first (next to the file, else in the temporary
// directory) is used to put the old contents back if that write fails, and
// is left behind if kjx dies in between. Devices and FIFOs are written in
// place.
//
// On any failure the original file is left as it was and the temporary file
// is removed. Errors are one line with Vim's wording and wrap a kind
// (ErrChangedOnDisk, ErrExists, ErrReadOnly, ErrIsDirectory, ErrCantOpen,
// ErrWrite, ErrFsync, ErrBackup) and the system error.
func Save(path string, text buffer.Rope, opt SaveOptions) (Stat, error) {
	return save(osFS{}, path, text, opt)
}

// saver is one Save call.
type saver struct {
	fsys   fileSystem
	name   string // as the caller named the file, for messages
	target string // the file written: name with symbolic links followed
	text   buffer.Rope
	opt    SaveOptions
	eol    bool
}

func save(fsys fileSystem, path string, text buffer.Rope, opt SaveOptions) (Stat, error) {
	s := &saver{fsys: fsys, name: path, text: text, opt: opt}
	s.eol = opt.EOL || (opt.FixEOL && text.Len() > 0)
	target, err := resolveLinks(fsys, path)
	if err != nil {
		return Stat{}, saveError(path, ErrCantOpen, err)
	}
	s.target = target
	var orig Stat
	fi, err := fsys.Lstat(target)
	switch {
	case err == nil:
		orig = statOf(fi)
	case !errors.Is(err, fs.ErrNotExist):
		return Stat{}, saveError(path, ErrCantOpen, err)
	}
	if orig.Exists && fi.IsDir() {
		return Stat{}, saveError(path, ErrIsDirectory, nil)
	}
	if err := s.check(orig); err != nil {
		return Stat{}, err
	}
	switch {
	case orig.Exists && !orig.Mode.IsRegular():
		err = s.writeInPlace(orig, false)
	case orig.Exists && (orig.Nlink > 1 || !s.mayOwn(orig)):
		err = s.writeInPlace(orig, true)
	default:
		err = s.replace(orig)
	}
	if err != nil {
		return Stat{}, err
	}
	fi, err = fsys.Lstat(target)
	if err != nil {
		return Stat{}, saveError(path, ErrWrite, err)
	}
	return statOf(fi), nil
}

// check refuses to write over a file that changed on disk, appeared, or is
// read-only, unless Force.
func (s *saver) check(orig Stat) error {
	if s.opt.Force || !orig.Exists {
		return nil
	}
	if e := s.opt.Expect; e != nil {
		if !e.Exists {
			return saveError(s.name, ErrExists, nil)
		}
		if ChangedOnDisk(*e, orig) {
			return saveError(s.name, ErrChangedOnDisk, nil)
		}
	}
	if orig.Mode.IsRegular() && (orig.Mode.Perm()&0o222 == 0 || !s.fsys.Writable(s.target)) {
		return saveError(s.name, ErrReadOnly, nil)
	}
	return nil
}

// mayOwn reports whether a new file can be given the original's owner and
// group: always as root, else when we own it (the group is tried later).
func (s *saver) mayOwn(orig Stat) bool {
	return s.fsys.Geteuid() == 0 || orig.UID == s.fsys.Geteuid()
}

// replace writes the text to a temporary file and renames it over the
// target. When the original's group cannot be kept it falls back to
// writing in place.
func (s *saver) replace(orig Stat) error {
	dir := filepath.Dir(s.target)
	perm := fs.FileMode(0o666)
	if orig.Exists {
		perm = 0o600
	}
	tmp, f, err := createTemp(s.fsys, dir, filepath.Base(s.target), perm)
	if err != nil {
		if orig.Exists && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EPERM)) {
			// The directory is not writable but the file is: write in
			// place, as Vim does.
			return s.writeInPlace(orig, true)
		}
		return saveError(s.name, ErrCantOpen, err)
	}
	abandon := func() {
		f.Close()
		s.fsys.Remove(tmp)
	}
	if orig.Exists {
		if err := s.keepOwner(f, orig); err != nil {
			abandon()
			return s.writeInPlace(orig, true)
		}
	}
	if _, err := Encode(f, s.text, s.eol, s.opt.Format); err != nil {
		abandon()
		return saveError(s.name, ErrWrite, err)
	}
	if orig.Exists {
		if err := f.Chmod(orig.Mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			abandon()
			return saveError(s.name, ErrWrite, err)
		}
	}
	if err := f.Sync(); err != nil {
		abandon()
		return saveError(s.name, ErrFsync, err)
	}
	if err := f.Close(); err != nil {
		s.fsys.Remove(tmp)
		return saveError(s.name, ErrWrite, err)
	}
	if err := s.fsys.Rename(tmp, s.target); err != nil {
		s.fsys.Remove(tmp)
		return saveError(s.name, ErrWrite, err)
	}
	syncDir(s.fsys, dir)
	return nil
}

// keepOwner gives f the original's owner and group when they differ from
// the new file's (ours). It fails when we may not (not root, and not a
// member of the group).
func (s *saver) keepOwner(f file, orig Stat) error {
	uid, gid := s.fsys.Geteuid(), s.fsys.Getegid()
	if orig.UID == uid && orig.GID == gid {
		return nil
	}
	return f.Chown(orig.UID, orig.GID)
}

// writeInPlace overwrites the target itself. With backup, a copy of the
// original is taken first and written back if the write fails.
func (s *saver) writeInPlace(orig Stat, backup bool) error {
	var bak string
	if backup {
		var err error
		if bak, err = s.backup(); err != nil {
			if !s.opt.Force {
				return saveError(s.name, ErrBackup, err)
			}
			backup = false
		}
	}
	flag := os.O_WRONLY
	if !backup {
		flag |= os.O_TRUNC
	}
	f, err := s.fsys.OpenFile(s.target, flag, 0)
	if err != nil {
		if backup {
			s.fsys.Remove(bak)
		}
		return saveError(s.name, ErrCantOpen, err)
	}
	err = s.overwrite(f, orig)
	restored := true
	if err != nil && backup {
		restored = restore(s.fsys, f, bak, orig.Size)
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		err = saveError(s.name, ErrWrite, cerr)
	}
	if !backup {
		return err
	}
	if !restored {
		// Keep the copy: it is now the only one of the old contents.
		pe := err.(*pathError)
		pe.msg += fmt.Sprintf(" (original kept in %q)", bak)
		return pe
	}
	s.fsys.Remove(bak)
	return err
}

// overwrite writes the text from the start of f, cuts f to its length and
// syncs it (regular files only).
func (s *saver) overwrite(f file, orig Stat) error {
	n, err := Encode(f, s.text, s.eol, s.opt.Format)
	if err != nil {
		return saveError(s.name, ErrWrite, err)
	}
	if !orig.Mode.IsRegular() {
		return nil
	}
	if err := f.Truncate(n); err != nil {
		return saveError(s.name, ErrWrite, err)
	}
	if err := f.Sync(); err != nil {
		return saveError(s.name, ErrFsync, err)
	}
	return nil
}

// backup copies the target to a temporary file in its directory, or in the
// system's temporary directory when its own is not writable, and returns
// the copy's name.
func (s *saver) backup() (string, error) {
	src, err := s.fsys.OpenFile(s.target, os.O_RDONLY, 0)
	if err != nil {
		return "", err
	}
	defer src.Close()
	base := filepath.Base(s.target)
	name, dst, err := createTemp(s.fsys, filepath.Dir(s.target), base, 0o600)
	if err != nil {
		if name, dst, err = createTemp(s.fsys, os.TempDir(), base, 0o600); err != nil {
			return "", err
		}
	}
	_, err = io.Copy(dst, src)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.fsys.Remove(name)
		return "", err
	}
	return name, nil
}

// restore writes the backup bak back over f after a failed in-place write
// and reports whether that worked; if not, the caller keeps the backup.
func restore(fsys fileSystem, f file, bak string, size int64) bool {
	src, err := fsys.OpenFile(bak, os.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer src.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	if _, err := io.Copy(f, src); err != nil {
		return false
	}
	return f.Truncate(size) == nil && f.Sync() == nil
}

// createTemp creates a new file next to base in dir with O_EXCL and a
// random suffix.
func createTemp(fsys fileSystem, dir, base string, perm fs.FileMode) (string, file, error) {
	if len(base) > 200 {
		base = base[:200] // stay under NAME_MAX with the suffix
	}
	var err error
	for range 16 {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%08x.kjx~", base, rand.Uint32()))
		var f file
		f, err = fsys.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			return name, f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", nil, err
		}
	}
	return "", nil, err
}

// syncDir fsyncs a directory so that a rename in it is durable. Failures
// are ignored: the new file is in place by then, and some file systems do
// not support it.
func syncDir(fsys fileSystem, dir string) {
	d, err := fsys.OpenFile(dir, os.O_RDONLY, 0)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}

// resolveLinks follows symbolic links from path to the file they name
// (which may not exist yet).
func resolveLinks(fsys fileSystem, path string) (string, error) {
	p := path
	for range 40 {
		fi, err := fsys.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		link, err := fsys.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return "", &fs.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
}
