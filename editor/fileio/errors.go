package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// Kinds of save failure, for errors.Is. The error texts are Vim's, one line,
// naming the file.
var (
	// ErrChangedOnDisk: the file changed since it was read (add ! to
	// override).
	ErrChangedOnDisk = errors.New("file changed since reading it")
	// ErrExists: a file appeared where a new file was to be written.
	ErrExists = errors.New("E13: File exists")
	// ErrReadOnly: the file is read-only on disk (add ! to override).
	ErrReadOnly = errors.New("E505: read-only")
	// ErrCantOpen: the file (or its temporary twin) cannot be created or
	// opened: missing directory, permission denied, too many links.
	ErrCantOpen = errors.New("E212: Can't open file for writing")
	// ErrWrite: writing, closing or renaming failed (a full disk among
	// others).
	ErrWrite = errors.New("E514: Write error")
	// ErrFsync: fsync failed.
	ErrFsync = errors.New("E667: Fsync failed")
	// ErrBackup: the copy of the old contents needed to write a file in
	// place could not be made; the file was not touched. There is no
	// override: writing in place without that copy can lose the file.
	ErrBackup = errors.New("E509: Cannot create backup file")
)

// pathError is a one-line message about a file that wraps a kind and the
// underlying error.
type pathError struct {
	path string
	msg  string
	kind error
	err  error
}

func (e *pathError) Error() string { return e.msg }

func (e *pathError) Unwrap() []error {
	if e.err == nil {
		return []error{e.kind}
	}
	return []error{e.kind, e.err}
}

// saveError builds the message for a failed save of name (as the user
// named it) with Vim's wording.
func saveError(name string, kind, err error) error {
	q := fmt.Sprintf("%q", name)
	var msg string
	switch kind {
	case ErrIsDirectory:
		msg = "E17: " + q + " is a directory"
	case ErrChangedOnDisk:
		msg = q + " WARNING: The file has been changed since reading it!!! (add ! to override)"
	case ErrExists:
		msg = q + " E13: File exists (add ! to override)"
	case ErrReadOnly:
		msg = "E505: " + q + " is read-only (add ! to override)"
	case ErrBackup:
		if isDiskFull(err) {
			msg = q + " E509: Cannot create backup file (file system full?)"
		} else {
			msg = q + " E509: Cannot create backup file: " + reason(err)
		}
	case ErrWrite:
		if isDiskFull(err) {
			msg = q + " E514: Write error (file system full?)"
		} else {
			msg = q + " E514: Write error: " + reason(err)
		}
	case ErrFsync:
		msg = q + " E667: Fsync failed: " + reason(err)
	default:
		msg = q + " E212: Can't open file for writing: " + reason(err)
		kind = ErrCantOpen
	}
	return &pathError{path: name, msg: msg, kind: kind, err: err}
}

// isDiskFull reports ENOSPC or EDQUOT.
func isDiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}

// reason is the system's text for err without the operation and path that
// *fs.PathError and friends add ("permission denied").
func reason(err error) string {
	if err == nil {
		return "unknown error"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}
