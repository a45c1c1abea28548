package fileio

import (
	"io/fs"
	"syscall"
	"time"
)

// changeTime is the file's status change time (ctime), which nothing can
// set back; the modification time where it is unknown.
func changeTime(fi fs.FileInfo) time.Time {
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fi.ModTime()
	}
	return time.Unix(int64(sys.Ctim.Sec), int64(sys.Ctim.Nsec)) //nolint:unconvert // int32 on some systems
}
