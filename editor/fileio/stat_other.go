//go:build !unix

package fileio

import "io/fs"

// fillSys has nothing to add where there is no Unix stat structure.
func fillSys(*Stat, fs.FileInfo) {}
