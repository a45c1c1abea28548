package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Writing a regular file in place (several hard links, an owner or group
// kjx cannot give a new file, a directory it cannot write) without ever
// destroying it. The steps, and what a kill -9 at any instant leaves:
//
//  1. The new text goes to a temporary file next to the target
//     (".NAME.RRRRRRRR.kjx~"), fsynced: a full disk shows here, before the
//     target is touched. Killed: the target is intact; the temporary file
//     is removed by the next CleanTemps.
//  2. A copy of the target's current bytes is written to another
//     temporary file, fsynced, and only then linked to the name
//     ".NAME.RRRRRRRR.kjx-old~" (same RRRRRRRR; never replacing a file),
//     and the directory fsynced: an old copy under that name is always
//     complete. Killed: the target is intact; the next CleanTemps removes
//     the temporary files (a partial copy looks like a lone new text; a
//     complete one equals the target).
//  3. The target is overwritten from the new copy, never truncated first:
//     when the new text is longer, the part past the old end is written
//     first (a full disk then only needs the target cut back to its old
//     size, which always works), then the rest over the old bytes, then
//     the target is cut to the new size and fsynced. If a step fails, the
//     old copy is written back. Killed: the target may be torn; the old
//     copy and the new copy are both complete, and the next CleanTemps
//     keeps them and names them (unless the target equals one of them).
//  4. The old copy, then the new copy, are removed.
//
// Both temporary files are locked (flock) while this runs, so CleanTemps
// in another kjx never takes them for leftovers. When the target's
// directory is not writable they go to the system's temporary directory
// instead (no CleanTemps looks there: a kill in step 3 then leaves them
// unnamed; the failure message of a write that fails names them).

// unchangedNote ends the message of a failed write that left the file on
// disk exactly as it was.
const unchangedNote = "; the file on disk is unchanged"

// writeInPlaceSafely writes the text over the regular file s.target, as
// described above.
func (s *saver) writeInPlaceSafely(orig Stat) error {
	pair, err := s.newTempPair()
	if err != nil {
		return s.unchanged(saveError(s.name, ErrCantOpen, err))
	}
	n, err := s.encode(pair.newFile)
	if err == nil {
		err = pair.newFile.Sync()
	}
	if err != nil {
		pair.discard(s.fsys)
		return s.unchanged(saveError(s.name, writeKind(err), err))
	}
	if err := s.copyOld(pair, orig); err != nil {
		pair.discard(s.fsys)
		return s.unchanged(saveError(s.name, ErrBackup, err))
	}
	f, err := s.fsys.OpenFile(s.target, os.O_RDWR, 0)
	if err != nil {
		pair.discard(s.fsys)
		return s.unchanged(saveError(s.name, ErrCantOpen, err))
	}
	werr := overwriteFrom(f, pair.newFile, n, orig.Size)
	restored := werr == nil || overwriteFrom(f, pair.oldFile, orig.Size, n) == nil
	if cerr := f.Close(); werr == nil && cerr != nil {
		werr, restored = cerr, false
	}
	switch {
	case werr == nil:
		pair.discard(s.fsys)
		return nil
	case restored:
		pair.discard(s.fsys)
		return s.unchanged(saveError(s.name, writeKind(werr), werr))
	}
	pair.keep()
	pe := saveError(s.name, writeKind(werr), werr).(*pathError)
	pe.msg += fmt.Sprintf("; the file may be incomplete: its previous contents are in %q, the new text in %q", pair.oldName, pair.newName)
	return pe
}

// writeKind is the kind of error of a failed write step: ErrFsync for a
// failed fsync, else ErrWrite.
func writeKind(err error) error {
	if errors.Is(err, errSync) {
		return ErrFsync
	}
	return ErrWrite
}

// errSync marks a failed fsync among the errors of the in-place steps.
var errSync = errors.New("fsync")

// syncErr wraps a failed fsync so that writeKind knows it.
func syncErr(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w: %w", errSync, err)
}

// unchanged adds to err's message that the file on disk is as it was.
func (s *saver) unchanged(err error) error {
	if pe, ok := err.(*pathError); ok {
		pe.msg += unchangedNote
	}
	return err
}

// newTempPair creates the two temporary files of an in-place write next to
// the target, or in the system's temporary directory when the target's
// directory refuses them.
func (s *saver) newTempPair() (*tempPair, error) {
	base := filepath.Base(s.target)
	p, err := createTempPair(s.fsys, filepath.Dir(s.target), base)
	if err != nil {
		p, err = createTempPair(s.fsys, os.TempDir(), base)
	}
	return p, err
}

// copyOld copies the target's bytes into the pair's old copy and makes it
// durable (the file and its directory entry).
func (s *saver) copyOld(p *tempPair, orig Stat) error {
	src, err := s.fsys.OpenFile(s.target, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer src.Close()
	return p.writeOld(s.fsys, func(dst file) error {
		n, err := io.CopyBuffer(dst, src, make([]byte, copyBuf))
		if err == nil && n != orig.Size {
			err = fmt.Errorf("the file changed size while being copied (%d bytes, then %d)", orig.Size, n)
		}
		return err
	})
}

// copyBuf is the buffer size of the in-place copies.
const copyBuf = 256 << 10

// overwriteFrom makes dst (now of size had) hold the first n bytes of src,
// and fsyncs it. It never cuts dst before the new bytes are written: when
// n > had, bytes had..n go first (on failure dst is cut back to had, so its
// old bytes are intact); then bytes 0..min(n, had); then dst is cut to n.
func overwriteFrom(dst, src file, n, had int64) error {
	if n > had {
		if err := copyRange(dst, src, had, n-had); err != nil {
			if terr := dst.Truncate(had); terr != nil {
				return errors.Join(err, terr)
			}
			return err
		}
	}
	if err := copyRange(dst, src, 0, min(n, had)); err != nil {
		return err
	}
	if n < had {
		if err := dst.Truncate(n); err != nil {
			return err
		}
	}
	return syncErr(dst.Sync())
}

// copyRange copies count bytes at offset off of src to the same offset of
// dst.
func copyRange(dst, src file, off, count int64) error {
	if count == 0 {
		return nil
	}
	if _, err := src.Seek(off, io.SeekStart); err != nil {
		return err
	}
	if _, err := dst.Seek(off, io.SeekStart); err != nil {
		return err
	}
	m, err := io.CopyBuffer(dst, io.LimitReader(src, count), make([]byte, copyBuf))
	if err == nil && m != count {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// writeInPlace writes a device or FIFO: truncated, then written, as Vim
// does. There is nothing to keep a copy of.
func (s *saver) writeInPlace() error {
	f, err := s.fsys.OpenFile(s.target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return saveError(s.name, ErrCantOpen, err)
	}
	_, err = s.encode(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return saveError(s.name, ErrWrite, err)
	}
	return nil
}
