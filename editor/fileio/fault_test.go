package fileio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// faultFS is the real file system with injected failures.
type faultFS struct {
	osFS
	createErr   error                  // OpenFile with O_CREATE fails
	writeLimit  int64                  // bytes a faulty file accepts before ENOSPC; <0: no limit
	faulty      func(name string) bool // which files get write/sync/truncate faults
	syncErr     error                  // Sync of a faulty file
	truncateErr error                  // Truncate of a faulty file
	renameErr   error                  // every Rename
	chownErr    error                  // every Chown
	euid, egid  int                    // reported ids; <0: the real ones
}

func newFaultFS() *faultFS {
	return &faultFS{writeLimit: -1, euid: -1, egid: -1, faulty: func(string) bool { return true }}
}

func (f *faultFS) OpenFile(name string, flag int, perm fs.FileMode) (file, error) {
	if flag&os.O_CREATE != 0 && f.createErr != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: f.createErr}
	}
	fl, err := f.osFS.OpenFile(name, flag, perm)
	if err != nil || flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		return fl, err
	}
	return &faultFile{file: fl, fs: f, faulty: f.faulty(name)}, nil
}

func (f *faultFS) Rename(o, n string) error {
	if f.renameErr != nil {
		return &os.LinkError{Op: "rename", Old: o, New: n, Err: f.renameErr}
	}
	return f.osFS.Rename(o, n)
}

func (f *faultFS) Geteuid() int {
	if f.euid >= 0 {
		return f.euid
	}
	return os.Geteuid()
}

func (f *faultFS) Getegid() int {
	if f.egid >= 0 {
		return f.egid
	}
	return os.Getegid()
}

// faultFile models a disk that has room for writeLimit bytes of this file:
// writes past that offset fail with ENOSPC, rewrites below it succeed.
type faultFile struct {
	file
	fs     *faultFS
	faulty bool
	pos    int64
}

func (w *faultFile) Write(p []byte) (int, error) {
	if lim := w.fs.writeLimit; w.faulty && lim >= 0 && w.pos+int64(len(p)) > lim {
		n, _ := w.file.Write(p[:max(0, lim-w.pos)])
		w.pos += int64(n)
		return n, &fs.PathError{Op: "write", Path: "f", Err: syscall.ENOSPC}
	}
	n, err := w.file.Write(p)
	w.pos += int64(n)
	return n, err
}

func (w *faultFile) Seek(off int64, whence int) (int64, error) {
	n, err := w.file.Seek(off, whence)
	if err == nil {
		w.pos = n
	}
	return n, err
}

func (w *faultFile) Sync() error {
	if w.faulty && w.fs.syncErr != nil {
		return &fs.PathError{Op: "sync", Path: "f", Err: w.fs.syncErr}
	}
	return w.file.Sync()
}

func (w *faultFile) Truncate(n int64) error {
	if w.faulty && w.fs.truncateErr != nil {
		return &fs.PathError{Op: "truncate", Path: "f", Err: w.fs.truncateErr}
	}
	return w.file.Truncate(n)
}

func (w *faultFile) Chown(uid, gid int) error {
	if w.fs.chownErr != nil {
		return &fs.PathError{Op: "chown", Path: "f", Err: w.fs.chownErr}
	}
	return w.file.Chown(uid, gid)
}

// isTemp reports a temporary file of a write: new text or old copy.
func isTemp(name string) bool {
	return strings.HasSuffix(name, tempSuffix) || strings.HasSuffix(name, oldTempSuffix)
}

// isOldCopy reports an in-place write's copy of the old contents (once
// complete, under its own name).
func isOldCopy(name string) bool { return strings.HasSuffix(name, oldTempSuffix) }

// nthTemp returns a faulty-file predicate true for the nth temporary file
// opened for writing (from 1): in an in-place write the first is the new
// text, the second the copy of the old contents.
func nthTemp(n int) func(string) bool {
	seen := 0
	return func(name string) bool {
		if !isTemp(name) {
			return false
		}
		seen++
		return seen == n
	}
}

// TestSaveInjectedFailures: whatever step fails, the original file keeps
// its contents, no temporary file is left, and the message is Vim's.
func TestSaveInjectedFailures(t *testing.T) {
	big := strings.Repeat("new line of text\n", 50_000) // several buffer flushes
	tests := []struct {
		name   string
		setup  func(f *faultFS)
		links  bool // give the file a second hard link (in-place write)
		kind   error
		msg    string
		newDoc bool // the target does not exist yet
	}{
		{name: "ENOSPC at write", setup: func(f *faultFS) { f.writeLimit = 300_000 }, kind: ErrWrite, msg: `E514: Write error (file system full?)` + unchangedNote},
		{name: "ENOSPC at first write", setup: func(f *faultFS) { f.writeLimit = 0 }, kind: ErrWrite, msg: `E514: Write error (file system full?)` + unchangedNote},
		{name: "EIO at fsync", setup: func(f *faultFS) { f.syncErr = syscall.EIO }, kind: ErrFsync, msg: `E667: Fsync failed: input/output error` + unchangedNote},
		{name: "ENOSPC at rename", setup: func(f *faultFS) { f.renameErr = syscall.ENOSPC }, kind: ErrWrite, msg: `E514: Write error (file system full?)` + unchangedNote},
		{name: "EACCES at create, new file", newDoc: true, setup: func(f *faultFS) { f.createErr = syscall.EACCES }, kind: ErrCantOpen, msg: `E212: Can't open file for writing: permission denied`},
		{name: "ENOSPC at write, new file", newDoc: true, setup: func(f *faultFS) { f.writeLimit = 10 }, kind: ErrWrite, msg: `E514: Write error (file system full?)`},
		{name: "in place: ENOSPC writing the new text", links: true, setup: func(f *faultFS) {
			f.writeLimit = 300_000
			f.faulty = nthTemp(1)
		}, kind: ErrWrite, msg: `E514: Write error (file system full?)` + unchangedNote},
		{name: "in place: ENOSPC copying the old contents", links: true, setup: func(f *faultFS) {
			f.writeLimit = 3
			f.faulty = nthTemp(2)
		}, kind: ErrBackup, msg: `E509: Cannot create backup file (file system full?)` + unchangedNote},
		{name: "in place: ENOSPC growing the file", links: true, setup: func(f *faultFS) {
			f.writeLimit = 300_000
			f.faulty = func(n string) bool { return !isTemp(n) }
		}, kind: ErrWrite, msg: `E514: Write error (file system full?)` + unchangedNote},
		{name: "in place: fsync of the new text fails", links: true, setup: func(f *faultFS) {
			f.syncErr = syscall.EIO
			f.faulty = nthTemp(1)
		}, kind: ErrWrite, msg: `E514: Write error: input/output error` + unchangedNote},
		{name: "in place: cannot create the temporary files", links: true, setup: func(f *faultFS) {
			f.createErr = syscall.EROFS
		}, kind: ErrCantOpen, msg: `E212: Can't open file for writing: read-only file system` + unchangedNote},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.txt")
			want := []string{"f.txt"}
			if !tc.newDoc {
				writeFile(t, dir, "f.txt", "original\n", 0o640)
			} else {
				want = nil
			}
			if tc.links {
				os.Link(p, filepath.Join(dir, "g"))
				want = append(want, "g")
			}
			ffs := newFaultFS()
			tc.setup(ffs)
			_, err := save(ffs, p, buffer.FromString(big), SaveOptions{EOL: true})
			if !errors.Is(err, tc.kind) {
				t.Fatalf("error %v, want kind %v", err, tc.kind)
			}
			if got, wantMsg := err.Error(), `"`+p+`" `+tc.msg; got != wantMsg {
				t.Errorf("message %q\nwant    %q", got, wantMsg)
			}
			if !tc.newDoc {
				if got := readString(t, p); got != "original\n" {
					t.Fatalf("original now holds %d bytes %.20q", len(got), got)
				}
			}
			onlyFiles(t, dir, want...)
		})
	}
}

// TestSaveFallsBackToInPlace: when the new file could not be given the
// original's owner, or the directory is not writable, the file is written
// in place and keeps its inode.
func TestSaveFallsBackToInPlace(t *testing.T) {
	cases := map[string]func(f *faultFS){
		"foreign owner":      func(f *faultFS) { f.euid = os.Geteuid() + 1000 },
		"group not settable": func(f *faultFS) { f.egid = os.Getegid() + 1000; f.chownErr = syscall.EPERM },
		"directory not writable": func(f *faultFS) {
			f.createErr = syscall.EACCES // the backup then goes to the temporary directory
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := writeFile(t, dir, "f", "original\n", 0o644)
			before, _ := StatPath(p)
			ffs := newFaultFS()
			setup(ffs)
			if name == "directory not writable" {
				// Only creations in dir fail.
				ffs.createErr = nil
				ffs2 := &dirDenyFS{faultFS: ffs, dir: dir}
				if _, err := save(ffs2, p, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
					t.Fatal(err)
				}
			} else if _, err := save(ffs, p, buffer.FromString("new"), SaveOptions{EOL: true}); err != nil {
				t.Fatal(err)
			}
			after, _ := StatPath(p)
			if readString(t, p) != "new\n" || after.Inode != before.Inode {
				t.Fatalf("content %q inode %d→%d", readString(t, p), before.Inode, after.Inode)
			}
			onlyFiles(t, dir, "f")
		})
	}
}

// dirDenyFS refuses to create files in one directory.
type dirDenyFS struct {
	*faultFS
	dir string
}

func (d *dirDenyFS) OpenFile(name string, flag int, perm fs.FileMode) (file, error) {
	if flag&os.O_CREATE != 0 && filepath.Dir(name) == d.dir {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	return d.faultFS.OpenFile(name, flag, perm)
}

// TestSaveKeepsBackupWhenRestoreFails: if the in-place write and putting
// the old bytes back both fail (a full disk while growing the file, and
// the file cannot be cut back), the old copy and the new text stay, are
// complete, and the message names them.
func TestSaveKeepsBackupWhenRestoreFails(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "original\n", 0o644)
	os.Link(p, filepath.Join(dir, "g"))
	ffs := newFaultFS()
	ffs.writeLimit = 100
	ffs.truncateErr = syscall.EIO
	ffs.faulty = func(n string) bool { return !isTemp(n) }
	long := strings.Repeat("new text\n", 100)
	_, err := save(ffs, p, buffer.FromString(long), SaveOptions{})
	if !errors.Is(err, ErrWrite) || !strings.Contains(err.Error(), "the file may be incomplete: its previous contents are in") {
		t.Fatalf("error %v, want a write error naming the old copy", err)
	}
	ents, _ := os.ReadDir(dir)
	var old, nw string
	for _, e := range ents {
		switch {
		case isOldCopy(e.Name()):
			old = filepath.Join(dir, e.Name())
		case isTemp(e.Name()):
			nw = filepath.Join(dir, e.Name())
		}
	}
	if old == "" || readString(t, old) != "original\n" || nw == "" || readString(t, nw) != long {
		t.Fatalf("old copy or new text missing or wrong in %v", ents)
	}
	if !strings.Contains(err.Error(), old) || !strings.Contains(err.Error(), nw) {
		t.Fatalf("message %q does not name %s and %s", err, old, nw)
	}
}

// TestSaveInPlaceFsyncFails: after a failed fsync of an in-place write the
// restored contents cannot be made durable either, so the old copy is
// kept and named.
func TestSaveInPlaceFsyncFails(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "f", "original\n", 0o644)
	os.Link(p, filepath.Join(dir, "g"))
	ffs := newFaultFS()
	ffs.syncErr = syscall.EIO
	ffs.faulty = func(n string) bool { return !isTemp(n) }
	_, err := save(ffs, p, buffer.FromString("new"), SaveOptions{EOL: true})
	if !errors.Is(err, ErrFsync) || !strings.Contains(err.Error(), "its previous contents are in") {
		t.Fatalf("error %v", err)
	}
	if readString(t, p) != "original\n" {
		t.Fatalf("contents not restored: %q", readString(t, p))
	}
}
