package undofile

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// syncFiles makes the data of files durable, as fsync on each would: one
// syncfs(2) per directory they are in (all of a batch are in the undo
// directory, one file system), which flushes them together.
func syncFiles(files []*os.File) error {
	done := map[string]bool{}
	for _, f := range files {
		dir := filepath.Dir(f.Name())
		if done[dir] {
			continue
		}
		done[dir] = true
		if err := syncfs(f); errors.Is(err, unix.ENOSYS) {
			return syncEach(files) // a kernel without syncfs
		} else if err != nil {
			return err
		}
	}
	return nil
}

// syncfs is syncfs(2) on f's file system. It reports write-back errors
// since Linux 5.8; older kernels return success regardless.
func syncfs(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		for {
			serr = unix.Syncfs(int(fd))
			if serr != unix.EINTR {
				return
			}
		}
	}); err != nil {
		return err
	}
	if serr != nil {
		return &os.PathError{Op: "syncfs", Path: f.Name(), Err: serr}
	}
	return nil
}
