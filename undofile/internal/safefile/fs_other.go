//go:build !unix

package safefile

import (
	"fmt"
	"os"
)

// Open flags for systems without O_NOFOLLOW: the Lstat checks made before
// opening are then the only protection against symbolic links.
const (
	readFlags   = os.O_RDONLY
	createFlags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	appendFlags = os.O_WRONLY | os.O_APPEND
	lockFlags   = os.O_RDWR | os.O_CREATE
)

func isSymlinkErr(error) bool { return false }

func ownerOf(os.FileInfo) (int, bool) { return 0, false }

func processAlive(int) bool { return true }

// Lock stands for a lock where flock is not available: one kjx process
// per workspace is assumed there.
type Lock struct{ f *os.File }

// LockFile opens the lock file; it does not lock on this system.
func LockFile(name string, _ bool) (*Lock, error) {
	f, err := os.OpenFile(name, lockFlags, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	return &Lock{f: f}, nil
}

// Unlock closes the lock file.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// Identity is unknown on this system.
func Identity(os.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }
