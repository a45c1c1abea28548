package diskwatch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// watchPaths returns the paths whose events concern the file at path:
// path made absolute with the symlinks of its directory resolved (the
// form in which events name it), then, when the file is a symlink, its
// resolved target. The file need not exist; its directory must.
func watchPaths(path string) ([]string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("absolute path: %w", err)
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("directory: %w", err)
	}
	p := filepath.Join(dir, filepath.Base(abs))
	paths := []string{p}
	if target, err := filepath.EvalSymlinks(p); err == nil && target != p {
		paths = append(paths, target)
	}
	return paths, nil
}

// statFile returns the fingerprint of the file at path, following
// symlinks. A path that cannot be stat'ed for another reason than its
// absence (permissions) counts as existing, with an unknown size.
func statFile(path string) fingerprint {
	fi, err := os.Stat(path)
	switch {
	case err == nil:
		return fingerprint{exists: true, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return fingerprint{}
	}
	return fingerprint{exists: true, size: -1}
}
