package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// TempPrefix starts the name of every temporary file WriteAtomic creates,
// followed by the writer's pid, '-', and random hex digits.
const TempPrefix = ".kjxws-tmp-"

// staleAge is the age after which a temporary file is removed even if a
// process with its pid exists (pids are reused).
const staleAge = time.Hour

// FS performs the steps of a replacement. Its zero value uses the real
// file system with no fault injection.
type FS struct {
	// Fail, when not nil, is called before the named step of WriteAtomic
	// ("write", "fsync", "rename"); a non-nil error fails that step.
	Fail func(step string) error
}

// Check returns the injected failure for step, if any; callers with
// steps of their own (an append) use it too.
func (o FS) Check(step string) error {
	if o.Fail == nil {
		return nil
	}
	return o.Fail(step)
}

// EnsureDir creates dir and its missing parents; a directory it creates
// gets mode 0700 whatever the umask. An existing directory is left as it
// is; an existing non-directory is an error.
func EnsureDir(dir string) error {
	if fi, err := os.Stat(dir); err == nil {
		if !fi.IsDir() {
			return fmt.Errorf("%s: not a directory", dir)
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create directory: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return fmt.Errorf("create directory: %w", err)
	}
	return nil
}

// WriteAtomic replaces name with data, crash-safely: a new temporary file
// in name's directory, mode 0600, written, fsynced, renamed over name, and
// the directory fsynced. On failure name is untouched and the temporary
// file removed. The error names the step that failed.
func (o FS) WriteAtomic(name string, data []byte) error {
	dir := filepath.Dir(name)
	tmp, f, err := createTemp(dir)
	if err != nil {
		return fmt.Errorf("%s: create temporary file: %w", name, err)
	}
	step, err := "write", o.Check("write")
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		step, err = "chmod", f.Chmod(0o600)
	}
	if err == nil {
		step, err = "fsync", o.Check("fsync")
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil && cerr != nil {
		step, err = "close", cerr
	}
	if err == nil {
		step, err = "rename", o.Check("rename")
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %s: %w", name, step, err)
	}
	if err := SyncDir(dir); err != nil {
		return fmt.Errorf("%s: fsync directory: %w", name, err)
	}
	return nil
}

// createTemp creates a new temporary file in dir named TempPrefix, the
// pid, '-' and random hex.
func createTemp(dir string) (string, *os.File, error) {
	var rnd [8]byte
	for range 10 {
		_, _ = rand.Read(rnd[:]) // crypto/rand.Read never fails
		name := filepath.Join(dir, TempPrefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(rnd[:]))
		f, err := os.OpenFile(name, createFlags, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("no unused temporary name in %s", dir)
}

// SyncDir fsyncs a directory, making a rename or a new file in it durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Open opens name for reading without following a symbolic link or
// blocking on a FIFO, and checks that it is a regular file of the current
// user of at most maxSize bytes. A missing file satisfies
// errors.Is(err, fs.ErrNotExist).
func Open(name string, maxSize int64) (*os.File, os.FileInfo, error) {
	if fi, err := os.Lstat(name); err != nil {
		return nil, nil, err
	} else if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, nil, fmt.Errorf("%s: is a symbolic link; not followed", name)
	}
	f, err := os.OpenFile(name, readFlags, 0)
	if err != nil {
		if isSymlinkErr(err) {
			return nil, nil, fmt.Errorf("%s: is a symbolic link; not followed", name)
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkOpened(name, fi, maxSize)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

func checkOpened(name string, fi os.FileInfo, maxSize int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s)", name, fi.Mode().Type())
	}
	if uid, ok := ownerOf(fi); ok && uid != os.Geteuid() {
		return fmt.Errorf("%s: owned by uid %d, not by you (uid %d)", name, uid, os.Geteuid())
	}
	if fi.Size() > maxSize {
		return fmt.Errorf("%s: too large (%d bytes, limit %d)", name, fi.Size(), maxSize)
	}
	return nil
}

// ReadFile reads name as Open checks it. A file that grows while it is
// read past maxSize is an error.
func ReadFile(name string, maxSize int64) ([]byte, error) {
	f, fi, err := Open(name, maxSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max(fi.Size(), 0)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: read: %w", name, err)
	}
	if int64(len(data)) > maxSize {
		return nil, fmt.Errorf("%s: too large (grew while being read)", name)
	}
	return data, nil
}

// RemoveStaleTemps removes the temporary files in dir left by killed
// writers: those whose process no longer exists, and any older than an
// hour. It returns how many it removed.
func RemoveStaleTemps(dir string, now time.Time) int {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, de := range ents {
		name := de.Name()
		if !strings.HasPrefix(name, TempPrefix) || !de.Type().IsRegular() {
			continue
		}
		pidText, _, _ := strings.Cut(name[len(TempPrefix):], "-")
		pid, err := strconv.Atoi(pidText)
		alive := err == nil && pid > 0 && (pid == os.Getpid() || processAlive(pid))
		info, err := de.Info()
		if err != nil || alive && now.Sub(info.ModTime()) < staleAge {
			continue
		}
		if os.Remove(filepath.Join(dir, name)) == nil {
			n++
		}
	}
	return n
}

// OpenAppend opens an existing file for appending, without following a
// symbolic link.
func OpenAppend(name string) (*os.File, error) {
	return os.OpenFile(name, appendFlags, 0)
}
