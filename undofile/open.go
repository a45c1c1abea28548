package undofile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// openSafe opens undo file name for reading without following a symbolic
// link or blocking on a FIFO, and checks that it is a regular file owned by
// the current user (when checkOwner) and at most maxSize bytes. Every
// failure is an *Error naming the file; a missing file satisfies
// errors.Is(err, fs.ErrNotExist).
func openSafe(name string, maxSize int64, checkOwner bool) (*os.File, os.FileInfo, error) {
	if fi, err := os.Lstat(name); err != nil {
		return nil, nil, ioError(name, OpRead, "stat", err)
	} else if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, nil, unsafeErr(name, "is a symbolic link; not followed")
	}
	f, err := os.OpenFile(name, readFlags, 0)
	if err != nil {
		if isSymlinkErr(err) {
			return nil, nil, unsafeErr(name, "is a symbolic link; not followed")
		}
		return nil, nil, ioError(name, OpRead, "open", err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, ioError(name, OpRead, "stat", err)
	}
	if e := checkOpened(name, fi, maxSize, checkOwner); e != nil {
		f.Close()
		return nil, nil, e
	}
	return f, fi, nil
}

// checkOpened vets an opened file's type, owner and size.
func checkOpened(name string, fi os.FileInfo, maxSize int64, checkOwner bool) *Error {
	if !fi.Mode().IsRegular() {
		return unsafeErr(name, "not a regular file ("+fi.Mode().Type().String()+")")
	}
	if uid, ok := ownerOf(fi); ok && checkOwner && uid != os.Geteuid() {
		return &Error{Name: name, Kind: KindOwner,
			Detail: fmt.Sprintf("owned by uid %d, not by you (uid %d)", uid, os.Geteuid())}
	}
	if fi.Size() > maxSize {
		return &Error{Name: name, Kind: KindTooLarge,
			Detail: fmt.Sprintf("too large (%d bytes, limit %d)", fi.Size(), maxSize)}
	}
	return nil
}

func unsafeErr(name, detail string) *Error {
	return &Error{Name: name, Kind: KindUnsafe, Detail: detail}
}

// readFull fills b from f; a short file is a truncation error.
func readFull(f *os.File, b []byte) (int, error) {
	n, err := io.ReadFull(f, b)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return n, &Error{Name: f.Name(), Kind: KindCorrupt, Detail: "corrupt (file shrank while being read)"}
	}
	if err != nil {
		return n, ioError(f.Name(), OpRead, "read", err)
	}
	return n, nil
}

// readAll reads an opened file of the expected size, noticing growth.
func readAll(f *os.File, size int64) ([]byte, error) {
	buf := make([]byte, size+1)
	n, err := io.ReadFull(f, buf)
	switch {
	case err == nil:
		return nil, &Error{Name: f.Name(), Kind: KindCorrupt, Detail: "corrupt (file grew while being read)"}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return buf[:n], nil
	default:
		return nil, ioError(f.Name(), OpRead, "read", err)
	}
}

// uvarintAt decodes a uvarint at b[off:] (n ≤ 0 when b ends too soon).
func uvarintAt(b []byte, off int) (uint64, int) {
	if off >= len(b) {
		return 0, 0
	}
	return binary.Uvarint(b[off:])
}
