//go:build unix

package fileio

import (
	"io/fs"
	"syscall"
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
