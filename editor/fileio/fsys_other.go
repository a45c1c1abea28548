//go:build !unix

package fileio

import "os"

// Writable reports whether name can be opened for writing.
func (osFS) Writable(name string) bool {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

// nonBlock is 0 where opening never waits.
const nonBlock = 0
