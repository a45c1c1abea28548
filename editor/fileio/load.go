package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unicode/utf8"
	"unsafe"

	"github.com/kjx-editor/kjx/buffer"
)

// Format is a file's line-ending convention (Vim's 'fileformat').
type Format uint8

const (
	// Unix lines end in "\n".
	Unix Format = iota
	// DOS lines end in "\r\n".
	DOS
)

// String returns Vim's name of the format.
func (f Format) String() string {
	if f == DOS {
		return "dos"
	}
	return "unix"
}

// Loaded is a file read into a rope.
type Loaded struct {
	// Text holds the lines joined by "\n", without the final newline, with
	// the CRs of a DOS file removed.
	Text buffer.Rope
	// EOL reports whether the file ended with a newline. It is false for an
	// empty or missing file: the empty rope then stands for "no lines",
	// which Save writes back as 0 bytes, while a file holding just "\n" is
	// one empty line with EOL. (Vim reports 'eol' on for an empty file, so
	// show "[noeol]" only when Text is not empty.)
	EOL bool
	// Format is DOS when the file has a newline and every newline follows a
	// CR, Unix otherwise (a file with mixed endings is Unix and keeps its
	// CRs), as Vim decides with 'fileformats' "unix,dos".
	Format Format
	Stat   Stat
	// Binary reports a NUL byte in the file.
	Binary bool
	// InvalidUTF8 reports bytes that are not valid UTF-8.
	InvalidUTF8 bool
}

// ErrIsDirectory is wrapped by the error for a path that is a directory.
var ErrIsDirectory = errors.New("is a directory")

// Load reads the file at path. A missing file gives Loaded with
// Stat.Exists false and an error wrapping fs.ErrNotExist (the editor shows
// "[New]"); a directory gives an error wrapping ErrIsDirectory.
//
// The file is read with one allocation of its size into one byte slice that
// the rope then shares (no copy); the final newline is dropped in O(1) and
// CRs are removed in place only for DOS files. Loading is O(n) with small
// constants: one read, one scan for NUL, one UTF-8 check and the rope's
// newline count.
func Load(path string) (Loaded, error) {
	f, err := os.Open(path)
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: %w", path, err)
	}
	if fi.IsDir() {
		return Loaded{}, &pathError{path: path, msg: fmt.Sprintf("%q is a directory", path), kind: ErrIsDirectory}
	}
	data, err := readAll(f, fi)
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: read: %w", path, err)
	}
	l := decode(data)
	l.Stat = statOf(fi)
	return l, nil
}

// readAll reads a file whose FileInfo is fi. A regular file is read into a
// slice of its size in one go; files that report no size (pipes, /proc)
// and files that grew meanwhile are read to the end.
func readAll(f *os.File, fi fs.FileInfo) ([]byte, error) {
	size := fi.Size()
	if !fi.Mode().IsRegular() || size <= 0 || int64(int(size)) != size {
		return io.ReadAll(f)
	}
	data := make([]byte, size)
	n, err := io.ReadFull(f, data)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return data[:n], nil // the file shrank
	case err != nil:
		return nil, err
	}
	var probe [1]byte
	if m, _ := f.Read(probe[:]); m == 0 {
		return data, nil
	}
	rest, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return append(append(data, probe[0]), rest...), nil
}

// decode turns the bytes of a file into Loaded (without Stat). It takes
// over data: the rope shares it, so data must not be used afterwards.
func decode(data []byte) Loaded {
	l := Loaded{
		Binary:      bytes.IndexByte(data, 0) >= 0,
		InvalidUTF8: !utf8.Valid(data),
	}
	if isDOS(data) {
		l.Format = DOS
		data = stripCR(data)
	}
	if n := len(data); n > 0 && data[n-1] == '\n' {
		l.EOL = true
		data = data[:n-1]
	}
	if len(data) > 0 {
		// The rope aliases data, which nothing else refers to any more.
		l.Text = buffer.FromString(unsafe.String(unsafe.SliceData(data), len(data)))
	}
	return l
}

// isDOS reports whether data has a newline and every newline follows a CR.
func isDOS(data []byte) bool {
	seen := false
	for i := 0; ; {
		j := bytes.IndexByte(data[i:], '\n')
		if j < 0 {
			return seen
		}
		i += j
		if i == 0 || data[i-1] != '\r' {
			return false
		}
		seen = true
		i++
	}
}

// stripCR removes the CR before every newline in place (data is a DOS
// file: isDOS holds) and returns the shortened slice.
func stripCR(data []byte) []byte {
	w, r := 0, 0
	for {
		j := bytes.IndexByte(data[r:], '\n')
		if j < 0 {
			w += copy(data[w:], data[r:])
			return data[:w]
		}
		// data[r+j-1] is the CR: keep the text before it, then the LF.
		w += copy(data[w:], data[r:r+j-1])
		data[w] = '\n'
		w++
		r += j + 1
	}
}
