// Package repodir finds kjx's repository root (the directory holding
// go.mod, found by walking up from the working directory) and the shared
// directory beside it (../shared: Vim cases and editing traces). Tests and
// the benchmark driver use it; the editor itself never does. It imports
// nothing of kjx's, so every package may use it.
package repodir

import (
	"errors"
	"os"
	"path/filepath"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the kjx repository (no go.mod above the working directory)")
		}
		dir = parent
	}
}

// Shared returns ../shared beside the repository root when it holds the
// entry need (a path inside it, such as "traces"); ok is false when there
// is no root or no such entry.
func Shared(need string) (dir string, ok bool) {
	root, err := Root()
	if err != nil {
		return "", false
	}
	dir = filepath.Join(filepath.Dir(root), "shared")
	if _, err := os.Stat(filepath.Join(dir, need)); err != nil {
		return "", false
	}
	return dir, true
}
