//go:build unix

package fileio

import (
	"errors"
	"syscall"
)

// lockFile takes an exclusive flock on f, waiting for it when wait is set.
// It returns errLocked when another process holds it (only without wait),
// and errNoLocks on a file system without locks (NFS without lockd, some
// FUSE file systems): the lock is then not taken.
func lockFile(f file, wait bool) error {
	how := syscall.LOCK_EX
	if !wait {
		how |= syscall.LOCK_NB
	}
	for {
		err := syscall.Flock(int(f.Fd()), how)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOSYS), errors.Is(err, syscall.EINVAL):
			return errNoLocks
		default:
			return err
		}
	}
}
