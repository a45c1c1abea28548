package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
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
	// BOM reports that the file started with a UTF-8 byte order mark,
	// which is not part of Text (Vim's 'bomb').
	BOM bool
	// Stream reports a FIFO, socket or /dev/fd/N descriptor: read to its
	// end, not by its size.
	Stream bool
	// Truncated reports that only the first MaxStreamSize bytes were read.
	Truncated bool
	// Size is the number of bytes read (Stat.Size is 0 for a stream).
	Size int64
}

// ErrIsDirectory is wrapped by the error for a path that is a directory.
var ErrIsDirectory = errors.New("is a directory")

// ErrNotAFile is wrapped by the error for a path that is neither a
// regular file nor something kjx reads as a stream (a FIFO, a socket, a
// /dev/fd/N descriptor): a device such as /dev/zero or /dev/null.
var ErrNotAFile = errors.New("is not a file")

// MaxStreamSize bounds what Load reads from a stream (a FIFO, a /dev/fd/N
// descriptor, a file that reports no size): the rest is not read, and
// Loaded.Truncated says so. /dev/zero through a pipe must not fill the
// memory.
const MaxStreamSize = 64 << 20

// Check says whether Load would read path, from its metadata alone (a
// stat, following symbolic links), without opening it: nil for a regular
// file, a stream or a missing file (Load then reports fs.ErrNotExist);
// otherwise Vim's one-line message, `"dir" is a directory` (wrapping
// ErrIsDirectory), `"/dev/zero" is not a file` (wrapping ErrNotAFile), or
// `E484: Can't open file "f/x": not a directory` when the stat fails.
// Nothing is opened, so a device with side effects on open (a tape, a
// serial line) is never touched.
func Check(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // a new file
	case err != nil:
		return &pathError{path: path, msg: fmt.Sprintf("E484: Can't open file %q: %s", path, reason(err)), kind: ErrCantOpen, err: err}
	}
	return checkMode(path, fi)
}

// checkMode is Check on a FileInfo.
func checkMode(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	switch {
	case m.IsRegular(), isStream(path, m):
		return nil
	case m.IsDir():
		return &pathError{path: path, msg: fmt.Sprintf("%q is a directory", path), kind: ErrIsDirectory}
	}
	return &pathError{path: path, msg: fmt.Sprintf("%q is not a file", path), kind: ErrNotAFile}
}

// isStream reports whether a file of mode m is read as a stream: a FIFO, a
// socket, or (as Vim allows) a character device named /dev/fd/N, such as
// a terminal given as /dev/fd/0.
func isStream(path string, m fs.FileMode) bool {
	t := m.Type()
	return t&fs.ModeNamedPipe != 0 || t&fs.ModeSocket != 0 ||
		t&fs.ModeCharDevice != 0 && strings.HasPrefix(path, "/dev/fd/")
}

// Load reads the file at path. A missing file gives Loaded with
// Stat.Exists false and an error wrapping fs.ErrNotExist (the editor shows
// "[New]"); a directory gives an error wrapping ErrIsDirectory, a device
// one wrapping ErrNotAFile, at once (see Check). A FIFO is read until
// its writer closes it, at most MaxStreamSize bytes (Loaded.Stream and
// Truncated report it).
//
// The file is read with one allocation of its size into one byte slice that
// the rope then shares (no copy); the final newline is dropped in O(1) and
// CRs are removed in place only for DOS files. Loading is O(n) with small
// constants: one read, one scan for NUL, one UTF-8 check and the rope's
// newline count.
func Load(path string) (Loaded, error) {
	if err := Check(path); err != nil {
		return Loaded{}, err
	}
	f, err := openForLoad(path)
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: %w", path, err)
	}
	if err := checkMode(path, fi); err != nil {
		return Loaded{}, err // replaced since the Check
	}
	data, truncated, err := readAll(f, fi)
	if err != nil {
		return Loaded{}, fmt.Errorf("%q: read: %w", path, err)
	}
	size := int64(len(data))
	l := decode(data)
	l.Stat = statOf(fi)
	l.Stream, l.Truncated, l.Size = !fi.Mode().IsRegular(), truncated, size
	return l, nil
}

// LoadReader reads a stream such as standard input (kjx -) to its end, at
// most MaxStreamSize bytes, and decodes it as Load does a file (Stat is
// the zero value; Stream and Truncated are set).
func LoadReader(r io.Reader) (Loaded, error) {
	data, truncated, err := readBounded(r, nil, MaxStreamSize)
	if err != nil {
		return Loaded{}, fmt.Errorf("read: %w", err)
	}
	l := decode(data)
	l.Stream, l.Truncated, l.Size = true, truncated, int64(len(data))
	return l, nil
}

// openForLoad opens path for reading. A FIFO is opened as Vim does,
// waiting for a writer; anything else without blocking (O_NONBLOCK), so
// that a FIFO put in its place after the Check cannot hang the open.
func openForLoad(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && fi.Mode().Type()&fs.ModeNamedPipe != 0 {
		return os.Open(path)
	}
	return os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
}

// readAll reads a file whose FileInfo is fi. A regular file is read into a
// slice of its size in one go; files that report no size (pipes, /proc)
// are read to the end, at most MaxStreamSize bytes, and files that grew
// meanwhile at most MaxStreamSize bytes past their size (truncated
// reports that more was there).
func readAll(f *os.File, fi fs.FileInfo) ([]byte, bool, error) {
	size := fi.Size()
	if !fi.Mode().IsRegular() || size <= 0 || int64(int(size)) != size {
		return readBounded(f, nil, MaxStreamSize)
	}
	data := make([]byte, size)
	n, err := io.ReadFull(f, data)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return data[:n], false, nil // the file shrank
	case err != nil:
		return nil, false, err
	}
	var probe [1]byte
	if m, _ := f.Read(probe[:]); m == 0 {
		return data, false, nil
	}
	return readBounded(f, append(data, probe[0]), size+MaxStreamSize)
}

// readBounded appends what is left in r to data, up to limit bytes in
// all, and reports whether there was more.
func readBounded(r io.Reader, data []byte, limit int64) ([]byte, bool, error) {
	room := max(limit-int64(len(data)), 0)
	rest, err := io.ReadAll(io.LimitReader(r, room+1))
	if err != nil {
		return nil, false, err
	}
	if int64(len(rest)) > room {
		return append(data, rest[:room]...), true, nil
	}
	return append(data, rest...), false, nil
}

// decode turns the bytes of a file into Loaded (without Stat). It takes
// over data: the rope shares it, so data must not be used afterwards.
func decode(data []byte) Loaded {
	l := Loaded{
		Binary:      bytes.IndexByte(data, 0) >= 0,
		InvalidUTF8: !utf8.Valid(data),
	}
	if bytes.HasPrefix(data, []byte(BOM)) {
		l.BOM = true // Vim's 'bomb': kept out of the text, written back
		data = data[len(BOM):]
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
