package undofile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// Kind classifies an Error so the editor can choose how loudly to report
// it.
type Kind uint8

// The kinds of Error.
const (
	// KindIO is an operating-system error other than the ones below.
	KindIO Kind = iota
	// KindNotUndoFile: the file does not start with Magic.
	KindNotUndoFile
	// KindVersion: a format version or flag this kjx does not know.
	KindVersion
	// KindCorrupt: a checksum, length or structural check failed.
	KindCorrupt
	// KindWrongPath: the header names another text file.
	KindWrongPath
	// KindOwner: the undo file belongs to another user.
	KindOwner
	// KindUnsafe: a symbolic link or a non-regular file where an undo file
	// was expected; it is never followed or opened.
	KindUnsafe
	// KindTooLarge: over the size or entry limit (reading or writing).
	KindTooLarge
	// KindNoSpace: the disk or quota is full, or the directory is
	// read-only; the previous undo file is intact.
	KindNoSpace
)

// Op says whether an Error happened while reading or writing.
type Op uint8

// The operations an Error can come from.
const (
	OpRead Op = iota
	OpWrite
)

// Error is the error of reading or writing one undo file. Its message is
// one line naming the file, e.g.
//
//	undo file /x/%a%b.txt: corrupt (record 17: checksum mismatch); history not loaded
type Error struct {
	Name   string // the undo file's path ("" when decoding bytes)
	Op     Op
	Kind   Kind
	Detail string // what went wrong, without the file name
	Err    error  // the underlying error, if any
}

// Error implements error.
func (e *Error) Error() string {
	name := "undo file"
	if e.Name != "" {
		name += " " + e.Name
	}
	if e.Op == OpWrite {
		return fmt.Sprintf("%s: not written: %s", name, e.Detail)
	}
	return fmt.Sprintf("%s: %s; history not loaded", name, e.Detail)
}

// Unwrap returns the underlying error, so errors.Is(err, fs.ErrNotExist)
// works.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the Kind of err if it is (or wraps) an *Error, else
// KindIO.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindIO
}

// corrupt returns a KindCorrupt error for the record with index rec (-1:
// not about one record).
func corrupt(rec int, format string, args ...any) *Error {
	d := fmt.Sprintf(format, args...)
	if rec >= 0 {
		d = fmt.Sprintf("record %d: %s", rec, d)
	}
	return &Error{Kind: KindCorrupt, Detail: "corrupt (" + d + ")"}
}

// ioError wraps an operating-system error from op on name, classifying a
// full disk, an exceeded quota and a read-only file system as KindNoSpace.
func ioError(name string, op Op, what string, err error) *Error {
	k := KindIO
	detail := what + ": " + errText(err)
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		k, detail = KindNoSpace, "disk full ("+what+": "+errText(err)+")"
	case errors.Is(err, syscall.EROFS):
		k, detail = KindNoSpace, "read-only file system ("+what+")"
	case errors.Is(err, fs.ErrPermission):
		detail = "permission denied (" + what + ")"
	}
	return &Error{Name: name, Op: op, Kind: k, Detail: detail, Err: err}
}

// errText is err's message without the *PathError's path, which the
// message names already.
func errText(err error) string {
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
