//go:build !unix

package fileio

import (
	"io/fs"
	"time"
)

// fillSys has nothing to add where there is no Unix stat structure.
func fillSys(*Stat, fs.FileInfo) {}

// changeTime is the modification time where there is no ctime.
func changeTime(fi fs.FileInfo) time.Time { return fi.ModTime() }
