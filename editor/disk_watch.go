package editor

// The core's side of watching files for changes on disk: a buffer's file
// is registered with the FileWatch port when the buffer becomes current
// (or is written under a new name) and unregistered by :bdelete; the
// watcher's batches come back through FilesChanged and trigger the checks
// of disk.go for the files they name. The watcher itself, its goroutine
// and its debounce are the session's (editor/session/watch.go). Without a
// watcher (headless runs) the files are checked by stat: PollFiles before
// each step, which is deterministic.

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/kjx-editor/kjx/editor/fileio"
)

// WatchOpenFiles registers the file of every listed buffer, and of the
// current one, with the FileWatch port: the session calls it when its
// watcher starts.
func (e *Editor) WatchOpenFiles() {
	for _, b := range e.bufs {
		if b.listed || b == e.buf() {
			e.watchBuffer(b)
		}
	}
}

// ForgetWatches forgets which files are registered: the session calls it
// when it stopped its watcher, so that a later one registers them again.
func (e *Editor) ForgetWatches() {
	for _, b := range e.bufs {
		b.disk.watched = ""
	}
}

// FilesChanged checks the buffers whose files a watcher batch names
// (absolute paths, as registered); at is when the batch came, which tells
// whether a file whose Stat looks unchanged may still hide a write.
func (e *Editor) FilesChanged(paths []string, at time.Time) {
	var rep diskReport
	for _, p := range paths {
		for _, b := range e.bufs {
			if b.disk.watched == p {
				e.checkBuffer(b, diskCheck{mode: checkEvent, at: at}, &rep)
			}
		}
	}
	e.showDiskReport(&rep)
}

// watchBuffer registers b's file with the watcher (when there is one) and
// then compares the file with what was read, so that no change between
// the read and the watch is missed. For a file that did not exist when
// opened it sets the expectation that it still does not: a :w will not
// overwrite a file that appeared meanwhile without !.
func (e *Editor) watchBuffer(b *Buffer) {
	if b.name == "" {
		return
	}
	if b.stat == nil && b.noFile {
		b.stat = &fileio.Stat{}
	}
	p := absPath(b.name)
	if b.disk.watched == p {
		return
	}
	err := e.watch.Watch(p)
	if errors.Is(err, ErrNotWatching) {
		return
	}
	e.unwatchBuffer(b) // the path it watched before, if any
	if err != nil {
		if !e.watchWarned && !errors.Is(err, fs.ErrNotExist) {
			e.watchWarned = true
			e.warnMsg(fmt.Sprintf("cannot watch %q for changes on disk: %v (:checktime checks by hand)", b.name, err))
		}
		return
	}
	b.disk.watched = p
	var rep diskReport
	e.checkBuffer(b, diskCheck{mode: checkStat}, &rep)
	e.showDiskReport(&rep)
}

// unwatchBuffer unregisters b's file (:bdelete), unless another buffer
// watches the same path.
func (e *Editor) unwatchBuffer(b *Buffer) {
	p := b.disk.watched
	b.disk.watched, b.disk.pending = "", false
	if p == "" {
		return
	}
	for _, o := range e.bufs {
		if o.disk.watched == p {
			return
		}
	}
	e.watch.Unwatch(p)
}

// recentWrite is how close to now a file's modification time must be for
// a watcher event to make the editor compare the contents even though the
// Stat looks unchanged: two writes of the same size within one tick of the
// file system's clock give equal Stats.
const recentWrite = 2 * time.Second

// maxRecheck bounds the size of a file read again for that reason.
const maxRecheck = 16 << 20

// mayHideWrite reports whether a file the watcher reported at time at,
// whose Stat (now) equals the one the buffer knows, may still have
// changed: it was modified within recentWrite of at (so a write of the
// same size in the same clock tick is possible) and is small enough to
// read again.
func mayHideWrite(b *Buffer, now fileio.Stat, at time.Time) bool {
	if !now.Exists || !now.Mode.IsRegular() || now.Size > maxRecheck || b.disk.state != DiskInSync || !b.disk.known {
		return false
	}
	age := at.Sub(now.ModTime)
	return age < recentWrite && age > -recentWrite
}
