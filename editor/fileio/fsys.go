package fileio

import (
	"io"
	"io/fs"
	"os"
)

// fileSystem is the seam between Save and the operating system: tests
// inject failures (a full disk at write, fsync or rename, permission
// errors) by wrapping osFS.
type fileSystem interface {
	OpenFile(name string, flag int, perm fs.FileMode) (file, error)
	Rename(oldpath, newpath string) error
	Link(oldpath, newpath string) error
	Remove(name string) error
	Lstat(name string) (fs.FileInfo, error)
	Readlink(name string) (string, error)
	// Writable reports whether the process may write the file (access(2)).
	Writable(name string) bool
	Geteuid() int
	Getegid() int
}

// file is the part of *os.File that Save uses.
type file interface {
	io.ReadWriter
	Sync() error
	Close() error
	Chmod(mode fs.FileMode) error
	Chown(uid, gid int) error
	Truncate(size int64) error
	Seek(offset int64, whence int) (int64, error)
	Stat() (fs.FileInfo, error)
	// Fd is the descriptor, for locks (see lockFile).
	Fd() uintptr
}

// osFS is the real file system.
type osFS struct{}

func (osFS) OpenFile(name string, flag int, perm fs.FileMode) (file, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err // a nil *os.File must not become a non-nil file
	}
	return f, nil
}

func (osFS) Rename(oldpath, newpath string) error   { return os.Rename(oldpath, newpath) }
func (osFS) Link(oldpath, newpath string) error     { return os.Link(oldpath, newpath) }
func (osFS) Remove(name string) error               { return os.Remove(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }
func (osFS) Readlink(name string) (string, error)   { return os.Readlink(name) }
func (osFS) Geteuid() int                           { return os.Geteuid() }
func (osFS) Getegid() int                           { return os.Getegid() }
