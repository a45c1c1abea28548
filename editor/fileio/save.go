package fileio

import (
	"errors"
	"io/fs"
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
	// BOM writes a UTF-8 byte order mark first ('bomb').
	BOM bool
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
// same directory (created with O_EXCL and locked, the original's mode, or
// 0666 &^ umask for a new file, as Vim), which is fsynced, given the
// original's mode and, when possible, owner, renamed over the file, and the
// directory fsynced. A symbolic link is followed: the file it points to is
// replaced and the link stays a link. A file with several hard links, whose
// owner or group the process cannot give the new file, or whose directory
// is not writable, is written in place instead so that it keeps its
// identity, in a way that never destroys it (inplace.go): the complete new
// text and a complete copy of the old bytes are on disk before the file is
// touched, and the file is never cut before the new bytes are in it.
// Devices and FIFOs are written in place.
//
// On any failure the original file is left as it was and the message says
// so ("; the file on disk is unchanged"), and no temporary file remains —
// except when an in-place write fails and even putting the old bytes back
// fails: then the message names the complete old copy and new text, which
// stay. Force never weakens that: it only overrides the checks (changed on
// disk, read-only, appeared). Errors are one line with Vim's wording and
// wrap a kind (ErrChangedOnDisk, ErrExists, ErrReadOnly, ErrIsDirectory,
// ErrCantOpen, ErrWrite, ErrFsync, ErrBackup) and the system error.
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
		err = s.writeInPlace()
	case orig.Exists && (orig.Nlink > 1 || !s.mayOwn(orig)):
		err = s.writeInPlaceSafely(orig)
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
// target. When the original's owner or group cannot be kept, or the
// directory is not writable, it writes in place instead. The temporary
// file stays locked (see temps.go) until it is renamed or removed.
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
			return s.writeInPlaceSafely(orig)
		}
		return s.failed(orig, saveError(s.name, ErrCantOpen, err))
	}
	abandon := func(kind, err error) error {
		s.fsys.Remove(tmp)
		f.Close()
		return s.failed(orig, saveError(s.name, kind, err))
	}
	if orig.Exists {
		if err := s.keepOwner(f, orig); err != nil {
			s.fsys.Remove(tmp)
			f.Close()
			return s.writeInPlaceSafely(orig)
		}
	}
	if _, err := s.encode(f); err != nil {
		return abandon(ErrWrite, err)
	}
	if orig.Exists {
		if err := f.Chmod(orig.Mode & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return abandon(ErrWrite, err)
		}
	}
	if err := f.Sync(); err != nil {
		return abandon(ErrFsync, err)
	}
	if err := s.fsys.Rename(tmp, s.target); err != nil {
		return abandon(ErrWrite, err)
	}
	f.Close() // the bytes are durable (fsync) and in place: nothing to report
	syncDir(s.fsys, dir)
	return nil
}

// failed adds to a save error that the original is unchanged, when there
// is an original.
func (s *saver) failed(orig Stat, err error) error {
	if !orig.Exists {
		return err
	}
	return s.unchanged(err)
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
