package editor

// Writes split in three, so that the session can write many files at
// once (a rewind): PrepareWrite and FinishWrite run on the editor's
// goroutine, WriteJob.Run on any goroutine. Together they do what :w of
// a whole buffer to its own file does, without the message.

import (
	"errors"
	"fmt"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/fileio"
)

// WriteJob is a prepared write of a whole buffer to its own file.
type WriteJob struct {
	b    *Buffer
	path string
	text buffer.Rope // frozen: Run reads it on another goroutine
	opt  fileio.SaveOptions
	st   fileio.Stat
	err  error
}

// PrepareWrite prepares writing the whole of b to its own file. It
// refuses as :w does when the file changed on disk since it was read.
func (e *Editor) PrepareWrite(b *Buffer) (*WriteJob, error) {
	if b.name == "" {
		return nil, errNoFileName
	}
	if err := e.diskWriteCheck(b, true, false); err != nil {
		return nil, err
	}
	if b.notEdited && statable(b.name) {
		return nil, fmt.Errorf("%q %w", b.name, errFileExists)
	}
	j := &WriteJob{b: b, path: b.name, text: b.tree.Freeze(), opt: fileio.SaveOptions{
		EOL: b.eol && !b.empty, FixEOL: e.opt.FixEndOfLine, Format: formatOf(b.ff),
	}}
	if b.stat != nil {
		st := *b.stat // a copy: Run reads it on another goroutine
		j.opt.Expect = &st
	}
	e.persist.Writing(b, j.text, j.opt.EOL) // before Run replaces the file
	return j, nil
}

// Run writes the file crash-safely (fileio.Save). It touches nothing of
// the editor: any goroutine may call it, once.
func (j *WriteJob) Run() error {
	j.st, j.err = fileio.Save(j.path, j.text, j.opt)
	if errors.Is(j.err, fileio.ErrChangedOnDisk) {
		j.err = writeConflictError(j.path)
	}
	return j.err
}

// FinishWrite records a write that Run made: the undo tree's saved
// state, the file's identity, the undo file and the disk watcher follow,
// as after :w. A failed write changes nothing and returns its error. b's
// tree must not have moved since PrepareWrite.
func (e *Editor) FinishWrite(j *WriteJob) error {
	if j.err != nil {
		return j.err
	}
	b := j.b
	b.tree.MarkSaved()
	st := j.st
	b.stat = &st
	b.noFile, b.notEdited = false, false
	e.persist.Written(b, j.text, j.opt.EOL)
	e.diskWritten(b, j.text, j.opt.EOL)
	return nil
}
