//go:build unix

package fileio

import (
	"io/fs"
	"syscall"
	"time"
)

// fillSys copies the device, inode, link count and owner from the system
// stat structure.
func fillSys(st *Stat, fi fs.FileInfo) {
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	st.Dev = uint64(sys.Dev) //nolint:unconvert // int32 on some systems
	st.Inode = uint64(sys.Ino)
	st.Nlink = uint64(sys.Nlink) //nolint:unconvert // uint16 on some systems
	st.UID = int(sys.Uid)
	st.GID = int(sys.Gid)
}

// changeTime is the file's status change time (ctime), which nothing can
// set back; the modification time where it is unknown.
func changeTime(fi fs.FileInfo) time.Time {
	sys, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fi.ModTime()
	}
	return time.Unix(int64(sys.Ctim.Sec), int64(sys.Ctim.Nsec)) //nolint:unconvert // int32 on some systems
}
