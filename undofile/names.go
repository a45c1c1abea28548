package undofile

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

const (
	// maxNameLen is NAME_MAX minus room for the set-aside suffix
	// (".~YYYYMMDD-HHMMSS~" plus a counter), so a set-aside name always
	// fits the file system.
	maxNameLen = 255 - 32
	// hashSep separates the readable prefix of a hashed name from its
	// hash.
	hashSep = "#"
)

// Canonical returns the absolute form of path with every symbolic link
// resolved, the form every function of this package expects. For a file
// that does not exist yet its directory is resolved.
func Canonical(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("undofile: %w", err)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("undofile: %w", err)
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return abs, nil // nothing to resolve: keep the cleaned absolute path
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

// PlainName is the undo file name of absPath: the path with every '/'
// replaced by '%', as Vim names files in 'undodir'.
func PlainName(absPath string) string { return strings.ReplaceAll(absPath, "/", "%") }

// HashedName is the fallback undo file name of absPath, used when the
// plain name is too long or belongs to another file: a readable prefix of
// the plain name, '#', and 32 hex digits of the path's SHA-256. It is at
// most maxNameLen bytes.
func HashedName(absPath string) string {
	sum := sha256.Sum256([]byte(absPath))
	suffix := hashSep + hex.EncodeToString(sum[:16])
	prefix := PlainName(absPath)
	if room := maxNameLen - len(suffix); len(prefix) > room {
		prefix = prefix[:room]
		for len(prefix) > 0 && !utf8.ValidString(prefix[len(prefix)-utf8.UTFMax:]) {
			prefix = prefix[:len(prefix)-1] // do not end inside a character
		}
	}
	return prefix + suffix
}

// Locate returns the undo file (dir joined with a name) that holds, or will
// hold, the history of absPath. Names can collide: "/d/a%b.txt" and
// "/d/a/b.txt" both give "%d%a%b.txt", so the path in a file's header
// decides whose it is:
//
//   - the plain name, if its file's header names absPath;
//   - else the hashed name, if its file's header names absPath;
//   - else the hashed name if the plain name is too long or its file
//     belongs to another path;
//   - else the plain name (free, or holding something unreadable that the
//     reader reports and the writer replaces).
//
// It reads at most two file headers, never following a symbolic link.
func Locate(dir, absPath string) (string, error) {
	if !filepath.IsAbs(absPath) {
		return "", fmt.Errorf("undofile: path %q is not absolute", absPath)
	}
	plain := filepath.Join(dir, PlainName(absPath))
	hashed := filepath.Join(dir, HashedName(absPath))
	if len(PlainName(absPath)) > maxNameLen {
		return hashed, nil
	}
	plainOwner, plainErr := headerPath(plain)
	if plainErr == nil && plainOwner == absPath {
		return plain, nil
	}
	if owner, err := headerPath(hashed); err == nil && owner == absPath {
		return hashed, nil
	}
	if plainErr == nil {
		return hashed, nil // the plain name holds another file's history
	}
	return plain, nil
}

// headerPath returns the text path named in the header of undo file name.
func headerPath(name string) (string, error) {
	h, err := readHeader(name)
	if err != nil {
		return "", err
	}
	return h.Path, nil
}

// readHeader reads only the preamble and header record of undo file name.
func readHeader(name string) (*fileHeader, error) {
	f, fi, err := openSafe(name, DefaultMaxReadSize, true)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readHeaderFrom(f, fi.Size())
}

// fileHeader is what the first record says, for naming, retention and
// the content index.
type fileHeader struct {
	Path  string
	Disk  FileState
	Nodes int
}

// readHeaderFrom reads the header of an open undo file of the given size:
// first a small prefix, then, if the header record is longer, up to its
// end (never past size).
func readHeaderFrom(f *os.File, size int64) (*fileHeader, error) {
	buf := make([]byte, min(size, 4096))
	if _, err := readFull(f, buf); err != nil {
		return nil, err
	}
	const maxHeader = 16 << 20 // a path and a root-children list
	if need := headerEnd(buf); need > len(buf) && int64(need) <= size && need <= maxHeader {
		more := make([]byte, need)
		copy(more, buf)
		if _, err := readFull(f, more[len(buf):]); err != nil {
			return nil, err
		}
		buf = more
	}
	if _, _, err := checkPreamble(buf); err != nil {
		return nil, err
	}
	d := decoder{data: buf, s: string(buf), pos: preambleLen, size: int(size)}
	file, counts, err := d.header("")
	if err != nil {
		return nil, err
	}
	return &fileHeader{Path: file.Path, Disk: file.Disk, Nodes: counts.nodes}, nil
}

// headerEnd returns the offset just past the header record of a file
// starting with b, or len(b) when b is too short to tell.
func headerEnd(b []byte) int {
	if len(b) < preambleLen+2 {
		return len(b)
	}
	n, w := uvarintAt(b, preambleLen+1)
	if w <= 0 || n > 1<<30 {
		return len(b)
	}
	return preambleLen + 1 + w + int(n) + crcLen
}
