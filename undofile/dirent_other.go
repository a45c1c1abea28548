//go:build !linux

package undofile

import (
	"os"
	"path/filepath"
)

// dirent is one directory entry: its name, its inode number and whether
// it may be a regular file.
type dirent struct {
	name    string
	ino     uint64
	regular bool
}

// listDir returns the entries of dir with their inode numbers (one lstat
// each: only Linux lists inode numbers without one here).
func listDir(dir string) ([]dirent, error) {
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return nil, err
	}
	out := make([]dirent, 0, len(names))
	for _, n := range names {
		fi, err := os.Lstat(filepath.Join(dir, n))
		if err != nil {
			continue
		}
		out = append(out, dirent{name: n, ino: inodeOf(fi), regular: fi.Mode().IsRegular()})
	}
	return out, nil
}
