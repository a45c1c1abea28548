package undofile

import (
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"syscall"
)

// dirent is one directory entry as listed, without a stat: its name, its
// inode number and whether it may be a regular file.
type dirent struct {
	name    string
	ino     uint64
	regular bool // a regular file, or a type the file system does not report
}

// listDir returns the entries of dir with their inode numbers, read with
// getdents64 (no stat per entry: on a slow file system a stat costs tens
// of microseconds, and 5 000 of them would blow the index's budget).
func listDir(dir string) ([]dirent, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fd := int(f.Fd())
	buf := make([]byte, 64<<10)
	var out []dirent
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			return out, nil
		}
		out = parseDirents(string(buf[:n]), out)
	}
}

// parseDirents appends the entries of a getdents64 buffer (struct
// linux_dirent64: u64 ino, s64 off, u16 reclen, u8 type, name, NUL),
// given as one string so that the names are substrings of it (one
// allocation per buffer, not one per name).
func parseDirents(b string, out []dirent) []dirent {
	const nameOff = 19
	for len(b) >= nameOff {
		reclen := int(binary.NativeEndian.Uint16([]byte(b[16:18])))
		if reclen < nameOff || reclen > len(b) {
			return out
		}
		name := b[nameOff:reclen]
		if i := strings.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		typ := b[18]
		if name != "." && name != ".." {
			out = append(out, dirent{name: name, ino: binary.NativeEndian.Uint64([]byte(b[:8])), regular: typ == syscall.DT_REG || typ == syscall.DT_UNKNOWN})
		}
		b = b[reclen:]
	}
	return out
}
