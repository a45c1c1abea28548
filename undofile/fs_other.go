//go:build !unix

package undofile

import "os"

// Open flags for systems without O_NOFOLLOW: there the Lstat checks made
// before opening are the only protection against symbolic links.
const (
	readFlags   = os.O_RDONLY
	createFlags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
)

func isSymlinkErr(error) bool { return false }

// ownerOf is unknown outside Unix: every file counts as the user's.
func ownerOf(os.FileInfo) (int, bool) { return 0, false }

// inodeOf is unknown outside Unix: the index then relies on size and
// modification time.
func inodeOf(os.FileInfo) uint64 { return 0 }

// processAlive cannot tell outside Unix; stale temporary files are then
// removed by age only.
func processAlive(int) bool { return true }
