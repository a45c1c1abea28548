package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
)

// DefaultMaxLogSize bounds the log read into memory unless Options says
// otherwise.
const DefaultMaxLogSize = 256 << 20

// Options configure a Log.
type Options struct {
	// Dir is the workspace's data directory (see DataDir). It is created,
	// mode 0700, by the first Commit.
	Dir string
	// Root is the workspace root (absolute, see Root). A log recording
	// another root is refused.
	Root string
	// ForgetAfter: a file whose recorded state is older than this is left
	// out of new checkpoints unless the checkpoint records it again (the
	// workspace history knows the files edited within the retention age,
	// undo.persist_days). 0 keeps every file.
	ForgetAfter time.Duration
	// MaxLogSize is the largest log read (0: DefaultMaxLogSize).
	MaxLogSize int64
	// FS performs crash-safe writes (tests inject failures through it).
	FS safefile.FS
}

// Log is the checkpoint log of one workspace: the decoded records in
// memory and the file they are appended to. It is safe for concurrent
// use; several kjx processes may share it (appends and maintenance take a
// lock file, and each process first reads what the others appended).
type Log struct {
	opt  Options
	name string

	mu   sync.Mutex
	m    *model
	end  int64       // offset past the last complete record read
	seen os.FileInfo // the file as last read (nil: none)
	f    *os.File    // opened for appending by the first Commit
}

// Open reads the log in opt.Dir; a missing log is an empty one (nothing
// is created until the first Commit). A log that is not one, of an
// unknown version, of another root, or unreadable is an *Error, and
// nothing in it is touched. Damaged records are skipped and listed by
// Problems.
func Open(opt Options) (*Log, error) {
	if opt.MaxLogSize <= 0 {
		opt.MaxLogSize = DefaultMaxLogSize
	}
	if !filepath.IsAbs(opt.Root) {
		return nil, &Error{Kind: KindInvalid, Detail: fmt.Sprintf("workspace root %q is not absolute", opt.Root)}
	}
	l := &Log{opt: opt, name: filepath.Join(opt.Dir, LogName), m: newModel()}
	if err := l.reload(); err != nil {
		return nil, err
	}
	return l, nil
}

// Name returns the log's file name.
func (l *Log) Name() string { return l.name }

// Problems returns one line for each damaged or refused record (at most
// about twenty), e.g. "record at byte 1234: checksum mismatch; skipped".
// Each costs only what that record held: a checkpoint, or one file's
// state in the checkpoints listing it.
func (l *Log) Problems() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.m.problems...)
}

// Close releases the file kept open for appending.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// Refresh reads what other processes appended since the log was read (or
// the whole log again when it was rewritten by maintenance).
func (l *Log) Refresh() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.catchUp()
}

// reload reads and decodes the whole log, replacing the model.
func (l *Log) reload() error {
	if l.f != nil {
		l.f.Close()
		l.f = nil
	}
	l.m, l.end, l.seen = newModel(), 0, nil
	f, fi, err := openLog(l.name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	defer f.Close()
	if fi.Size() > l.opt.MaxLogSize {
		return &Error{Name: l.name, Kind: KindIO, Detail: fmt.Sprintf("too large (%d bytes, limit %d)", fi.Size(), l.opt.MaxLogSize)}
	}
	data := make([]byte, fi.Size())
	if _, err := f.ReadAt(data, 0); err != nil {
		return &Error{Name: l.name, Kind: KindIO, Detail: "read: " + err.Error(), Err: err}
	}
	m, end, derr := decodeLog(data)
	if derr != nil {
		derr.Name = l.name
		return derr
	}
	if m.rootSeen && m.root != l.opt.Root {
		return &Error{Name: l.name, Kind: KindWrongRoot, Detail: fmt.Sprintf("belongs to the workspace %s, not %s", m.root, l.opt.Root)}
	}
	l.m, l.end, l.seen = m, int64(end), fi
	return nil
}

// catchUp brings the model up to date with the file: nothing when it is
// as last read, the appended records when it grew, everything when it was
// replaced, shrank or changed otherwise.
func (l *Log) catchUp() error {
	fi, err := os.Lstat(l.name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if l.seen == nil {
			return nil
		}
		return l.reload()
	case err != nil:
		return &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	case l.seen == nil || !sameFile(fi, l.seen) || fi.Size() < l.seen.Size():
		return l.reload()
	case fi.Size() == l.seen.Size():
		if fi.ModTime().Equal(l.seen.ModTime()) {
			return nil
		}
		return l.reload()
	}
	return l.readTail(fi)
}

// readTail decodes the records appended after l.end.
func (l *Log) readTail(fi os.FileInfo) error {
	if fi.Size() > l.opt.MaxLogSize {
		return &Error{Name: l.name, Kind: KindIO, Detail: fmt.Sprintf("too large (%d bytes, limit %d)", fi.Size(), l.opt.MaxLogSize)}
	}
	f, cur, err := openLog(l.name)
	if err != nil {
		return &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	defer f.Close()
	if !sameFile(cur, l.seen) || cur.Size() < l.end {
		return l.reload()
	}
	tail := make([]byte, cur.Size()-l.end)
	if _, err := f.ReadAt(tail, l.end); err != nil {
		return &Error{Name: l.name, Kind: KindIO, Detail: "read: " + err.Error(), Err: err}
	}
	l.end = int64(l.m.scan(tail, int(l.end)))
	l.seen = cur
	return nil
}

// sameFile reports whether a and b are the same file (device and inode;
// where unknown, by os.SameFile).
func sameFile(a, b os.FileInfo) bool {
	da, ia, oka := safefile.Identity(a)
	db, ib, okb := safefile.Identity(b)
	if oka && okb {
		return da == db && ia == ib
	}
	return os.SameFile(a, b)
}

// openLog opens a log file for reading, safely (no symbolic link, a
// regular file of the user's).
func openLog(name string) (*os.File, os.FileInfo, error) {
	return safefile.Open(name, 1<<62)
}

// lock takes the workspace's lock file, creating the data directory.
func (l *Log) lock(exclusive bool) (*safefile.Lock, error) {
	if err := safefile.EnsureDir(l.opt.Dir); err != nil {
		return nil, &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	lk, err := safefile.LockFile(filepath.Join(l.opt.Dir, LockName), exclusive)
	if err != nil {
		return nil, &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	return lk, nil
}

// Sync makes the appended records durable (fsync). Commit does not wait
// for the disk, so that it stays cheap on the editor's goroutine; call
// Sync where waiting is fine. Records not yet synced can be lost in a
// crash of the machine (never torn: a torn end is skipped and cut off).
func (l *Log) Sync() error {
	l.mu.Lock()
	f := l.f
	l.mu.Unlock()
	if f == nil {
		return nil
	}
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrClosed) {
		return &Error{Name: l.name, Kind: KindIO, Detail: "fsync: " + err.Error(), Err: err}
	}
	return nil
}
