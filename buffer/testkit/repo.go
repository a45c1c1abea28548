package testkit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod. go test runs a package's tests in
// its directory, so tests find the root from anywhere in the tree.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the repository root: %w", err)
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
// is no root or no such entry. Tests that need it skip when ok is false,
// so a clone of the repository alone still passes.
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
