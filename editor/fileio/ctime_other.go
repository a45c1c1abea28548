//go:build !linux && !darwin && !freebsd && !netbsd

package fileio

import (
	"io/fs"
	"time"
)

// changeTime is the modification time where the ctime is not read.
func changeTime(fi fs.FileInfo) time.Time { return fi.ModTime() }
