package workspace

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/kjx-editor/kjx/undofile"
)

// Markers are the entries whose presence makes a directory a workspace
// root: the nearest ancestor holding one of them wins.
var markers = [...]string{".git", ".hg", ".jj"}

// WorkspacesDir is the directory below kjx's data directory
// ($XDG_DATA_HOME/kjx) holding one directory per workspace.
const WorkspacesDir = "workspaces"

// Root returns the workspace of dir: the nearest ancestor of dir (dir
// included) that holds .git (a directory, or the file of a git worktree),
// .hg or .jj, else dir itself. dir is made absolute and its symbolic links
// are resolved first, so the same directory always gives the same root.
func Root(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("workspace: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("workspace: %w", err)
	}
	for d := real; ; {
		for _, m := range markers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d, nil
			}
		}
		up := filepath.Dir(d)
		if up == d {
			return real, nil
		}
		d = up
	}
}

// DataDir returns the directory holding the history of the workspace
// rooted at root (absolute, as Root returns it), below dataDir (kjx's data
// directory, $XDG_DATA_HOME/kjx): dataDir/workspaces/NAME, where NAME is
// root with every '/' replaced by '%', as undo files are named. When that
// name is too long, or its directory holds the history of another root
// (the names of "/d/a%b" and "/d/a/b" collide), NAME is undo files'
// hashed name instead (a readable prefix, '#', and a hash of root). It
// creates nothing.
func DataDir(dataDir, root string) (string, error) {
	if !filepath.IsAbs(root) {
		return "", fmt.Errorf("workspace: root %q is not absolute", root)
	}
	base := filepath.Join(dataDir, WorkspacesDir)
	hashed := filepath.Join(base, undofile.HashedName(root))
	plainName := undofile.PlainName(root)
	if len(plainName) > maxNameLen {
		return hashed, nil
	}
	plain := filepath.Join(base, plainName)
	owner, err := logRoot(filepath.Join(plain, LogName))
	if err != nil || owner == root || owner == "" {
		return plain, nil // free, ours, or unreadable (Open reports it)
	}
	return hashed, nil
}

// maxNameLen is the longest plain directory name used (as for undo files:
// NAME_MAX less room for a suffix).
const maxNameLen = 255 - 32

// RelPath returns the path of abs (absolute, symbolic links resolved)
// relative to root, '/'-separated, as checkpoints record it; ok is false
// when abs is not inside root.
func RelPath(root, abs string) (string, bool) {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if ValidRel(rel) != nil {
		return "", false
	}
	return rel, true
}

// AbsPath returns the absolute path of a checkpoint's relative path.
func AbsPath(root, rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

// maxPathLen bounds a recorded relative path (PATH_MAX).
const maxPathLen = 4096

// ValidRel reports why p cannot be a checkpoint path, or nil: it must be a
// clean, relative, '/'-separated path inside the root (no "..", no ".",
// no empty element), without NUL, at most 4096 bytes. The decoder applies
// it to every recorded path, so a damaged or planted log can never name a
// file outside the workspace.
func ValidRel(p string) error {
	switch {
	case p == "" || p == ".":
		return errors.New("empty path")
	case len(p) > maxPathLen:
		return fmt.Errorf("path of %d bytes is too long", len(p))
	case strings.IndexByte(p, 0) >= 0:
		return errors.New("path holds a NUL byte")
	case p[0] == '/' || filepath.IsAbs(filepath.FromSlash(p)):
		return fmt.Errorf("path %q is absolute", p)
	case path.Clean(p) != p:
		return fmt.Errorf("path %q is not clean", p)
	case p == ".." || strings.HasPrefix(p, "../"):
		return fmt.Errorf("path %q leaves the workspace", p)
	}
	return nil
}

// logRoot returns the root path recorded in the log file name ("" when
// it has no readable root record), reading only its first record.
func logRoot(name string) (string, error) {
	f, fi, err := openLog(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	buf := make([]byte, min(fi.Size(), int64(preambleLen+frameLen+maxPathLen+binaryMaxVarint)))
	n, _ := f.ReadAt(buf, 0)
	return rootOf(buf[:n]), nil
}
