//go:build !linux

package undofile

import "os"

// syncFiles makes the data of files durable: an fsync of each, all at
// once, so that the file system can flush them together.
func syncFiles(files []*os.File) error {
	return syncEach(files)
}
