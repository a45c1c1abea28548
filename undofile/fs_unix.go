//go:build unix

package undofile

import (
	"errors"
	"os"
	"syscall"
)

// Open flags: never follow a symbolic link, never block on a FIFO planted
// where an undo file should be.
const (
	readFlags   = os.O_RDONLY | syscall.O_NOFOLLOW | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	createFlags = os.O_WRONLY | os.O_CREATE | os.O_EXCL | syscall.O_NOFOLLOW | syscall.O_CLOEXEC
)

// isSymlinkErr reports whether err is what opening a symbolic link with
// O_NOFOLLOW gives.
func isSymlinkErr(err error) bool { return errors.Is(err, syscall.ELOOP) }

// ownerOf returns the owner's uid of fi.
func ownerOf(fi os.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// inodeOf returns the inode number of fi (0 when unknown).
func inodeOf(fi os.FileInfo) uint64 {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	return uint64(st.Ino) //nolint:unconvert // uint32 on some systems
}

// processAlive reports whether a process with this pid exists (perhaps
// owned by someone else).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
