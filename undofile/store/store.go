package store

import (
	"compress/flate"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
)

// DefaultMaxTextSize is the largest text a blob may hold unless Options
// says otherwise (as for the text copy in an undo file).
const DefaultMaxTextSize = 256 << 20

// Options configure a Store.
type Options struct {
	// MaxTextSize is the largest text Put accepts and Get decodes
	// (0: DefaultMaxTextSize).
	MaxTextSize int64
	// FS performs crash-safe writes; its zero value is the real file
	// system (tests inject failures through it).
	FS safefile.FS
}

// Store is a directory of blobs. It is safe for concurrent use, and
// several processes may share one directory: every write is atomic and a
// blob, once written, never changes.
type Store struct {
	dir     string
	maxText int64
	fs      safefile.FS

	mu sync.Mutex    // guards fw
	fw *flate.Writer // reused between Puts
}

// New returns the store in dir. It does no I/O: the directory is created
// (mode 0700) by the first Put.
func New(dir string, opt Options) *Store {
	if opt.MaxTextSize <= 0 {
		opt.MaxTextSize = DefaultMaxTextSize
	}
	return &Store{dir: dir, maxText: opt.MaxTextSize, fs: opt.FS}
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

// path is the file of blob h: two hex digits of fan-out, then the whole
// hash, so no directory holds more than a small share of the blobs.
func (s *Store) path(h Hash) string {
	name := h.String()
	return filepath.Join(s.dir, name[:2], name)
}

// Error is the error of one blob. Its message is one line naming the
// blob by the first digits of its hash, e.g.
//
//	blob 3f1c2a9b0e11: corrupt (hash mismatch)
type Error struct {
	Hash    Hash
	Detail  string
	Corrupt bool  // the blob exists but cannot be used
	Err     error // the underlying error, if any
}

// Error implements error.
func (e *Error) Error() string { return "blob " + e.Hash.Short() + ": " + e.Detail }

// Unwrap returns the underlying error: errors.Is(err, fs.ErrNotExist)
// holds for a missing blob.
func (e *Error) Unwrap() error { return e.Err }

// IsCorrupt reports whether err is about a blob that exists but is
// damaged (as opposed to missing or unreadable).
func IsCorrupt(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.Corrupt
}

// PutResult says what Put did.
type PutResult struct {
	Hash    Hash
	Size    int64 // bytes of text
	Written int64 // bytes written to disk (0: the blob was there already)
}

// Put stores text and returns its hash. A blob already holding it is
// kept (its modification time is refreshed, which protects it from
// garbage collection's grace period); a damaged one is replaced. The
// write is crash-safe: a temporary file, fsync, rename, fsync of the
// directory.
func (s *Store) Put(text []byte) (PutResult, error) {
	h := Sum(text)
	res := PutResult{Hash: h, Size: int64(len(text))}
	if int64(len(text)) > s.maxText {
		return res, &Error{Hash: h, Detail: fmt.Sprintf("not written: text of %d bytes over the limit %d", len(text), s.maxText)}
	}
	name := s.path(h)
	if s.intact(name, h, int64(len(text))) {
		now := time.Now()
		_ = os.Chtimes(name, now, now) // best effort: only shortens the grace
		return res, nil
	}
	if err := safefile.EnsureDir(filepath.Dir(name)); err != nil {
		return res, &Error{Hash: h, Detail: "not written: " + err.Error(), Err: err}
	}
	data := s.encode(text, h)
	if err := s.fs.WriteAtomic(name, data); err != nil {
		return res, &Error{Hash: h, Detail: "not written: " + err.Error(), Err: err}
	}
	res.Written = int64(len(data))
	return res, nil
}

func (s *Store) encode(text []byte, h Hash) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fw == nil {
		s.fw, _ = flate.NewWriter(nil, flate.DefaultCompression) // the level is valid
	}
	return encodeBlob(text, h, s.fw)
}

// intact reports whether the blob file name exists with a valid header
// for hash h and a text of size bytes (the cheap check of Put; Get
// verifies everything).
func (s *Store) intact(name string, h Hash, size int64) bool {
	f, _, err := safefile.Open(name, s.maxText+int64(maxHeaderLen))
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, maxHeaderLen)
	n, _ := f.ReadAt(buf, 0)
	hd, bad := parseHeader(buf[:n], s.maxText)
	return bad == "" && hd.hash == h && hd.size == size
}

// Get returns the text of blob h after verifying it completely (header,
// length, decompression and SHA-256). A missing blob is an *Error
// satisfying errors.Is(err, fs.ErrNotExist); a damaged one an *Error with
// Corrupt set. Only the checkpoints that need this text are affected.
func (s *Store) Get(h Hash) ([]byte, error) {
	data, err := safefile.ReadFile(s.path(h), s.maxText+int64(maxHeaderLen))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{Hash: h, Detail: "missing", Err: err}
	}
	if err != nil {
		return nil, &Error{Hash: h, Detail: "unreadable: " + err.Error(), Corrupt: true, Err: err}
	}
	text, bad := decodeBlob(data, h, s.maxText)
	if bad != "" {
		return nil, &Error{Hash: h, Detail: "corrupt (" + bad + ")", Corrupt: true}
	}
	return text, nil
}

// Has reports whether a blob for h exists with a valid header.
func (s *Store) Has(h Hash) bool {
	_, ok := s.TextSize(h)
	return ok
}

// TextSize returns the length of the text in blob h, read from its header
// (ok is false when the blob is missing or its header is damaged).
func (s *Store) TextSize(h Hash) (int64, bool) {
	f, _, err := safefile.Open(s.path(h), s.maxText+int64(maxHeaderLen))
	if err != nil {
		return 0, false
	}
	defer f.Close()
	buf := make([]byte, maxHeaderLen)
	n, _ := f.ReadAt(buf, 0)
	hd, bad := parseHeader(buf[:n], s.maxText)
	if bad != "" || hd.hash != h {
		return 0, false
	}
	return hd.size, true
}

// Remove deletes blob h. A missing blob is not an error.
func (s *Store) Remove(h Hash) error {
	name := s.path(h)
	fi, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &Error{Hash: h, Detail: "not removed: " + err.Error(), Err: err}
	}
	if !fi.Mode().IsRegular() {
		return &Error{Hash: h, Detail: "not removed: not a regular file"}
	}
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return &Error{Hash: h, Detail: "not removed: " + err.Error(), Err: err}
	}
	return nil
}
