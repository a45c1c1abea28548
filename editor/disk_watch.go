package editor

// The watcher side of changes on disk: while Run runs, a diskwatch.Watcher
// watches the directory of every open file (a buffer is registered when it
// becomes current and unregistered by :bdelete); its debounced batches
// arrive on the editor's goroutine through Run's select and trigger the
// checks of disk.go for the files they name. Headless mode has no watcher:
// it checks every file before each step, by stat, which is deterministic.

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/diskwatch"
	"github.com/kjx-editor/kjx/editor/fileio"
)

// DiskWatchDebounce is how long Run's watcher waits for a burst of changes
// (a git checkout, a formatter writing many files) to end before the
// editor looks at the files.
const DiskWatchDebounce = 100 * time.Millisecond

// fileWatcher is what the editor uses of a diskwatch.Watcher; tests
// substitute a fake whose batches they send by hand.
type fileWatcher interface {
	Add(path string) error
	Remove(path string) error
	Events() <-chan []diskwatch.Event
	Close() error
}

// diskWatch is the editor's watcher state.
type diskWatch struct {
	w      fileWatcher // nil: not watching
	auto   bool        // Run runs: start a watcher for the first file to watch
	owned  bool        // w was started for Run, which closes it when it returns
	warned bool        // watching failed and the user was told
}

// WatchFiles starts watching the open files for changes on disk, with
// batches debounced by debounce (clock nil: the system clock). Run calls
// it with DiskWatchDebounce unless it was called before. It does nothing
// when the files are watched already.
func (e *Editor) WatchFiles(c clock.Clock, debounce time.Duration) error {
	if e.disk.w != nil {
		return nil
	}
	w, err := diskwatch.New(c, debounce)
	if err != nil {
		return fmt.Errorf("cannot watch files for changes on disk: %w", err)
	}
	e.useWatcher(w)
	return nil
}

// useWatcher makes w the editor's watcher and registers the open files.
func (e *Editor) useWatcher(w fileWatcher) {
	e.disk.w = w
	for _, b := range e.bufs {
		if b.listed || b == e.buf() {
			e.watchBuffer(b)
		}
	}
}

// StopWatchingFiles stops the watcher started by WatchFiles.
func (e *Editor) StopWatchingFiles() error {
	if e.disk.w == nil {
		return nil
	}
	err := e.disk.w.Close()
	e.disk.w = nil
	for _, b := range e.bufs {
		b.disk.watched = ""
	}
	return err
}

// runDiskWatch makes Run watch the open files, unless WatchFiles was
// called already: a watcher (debounce DiskWatchDebounce) is started when
// the first file is to be watched, so a Run without files costs nothing.
// It returns what stops the watch it started.
func (e *Editor) runDiskWatch() (stop func()) {
	if e.disk.w != nil {
		return func() {}
	}
	e.disk.auto = true
	for _, b := range e.bufs {
		if b.listed || b == e.buf() {
			e.watchBuffer(b)
		}
	}
	return func() {
		e.disk.auto = false
		if e.disk.owned {
			e.disk.owned = false
			_ = e.StopWatchingFiles()
		}
	}
}

// startAutoWatch starts Run's watcher; it reports whether there is one.
func (e *Editor) startAutoWatch() bool {
	if !e.disk.auto || e.disk.warned {
		return false
	}
	w, err := diskwatch.New(nil, DiskWatchDebounce)
	if err != nil {
		e.disk.warned = true
		e.warnMsg(fmt.Sprintf("cannot watch files for changes on disk: %v (:checktime checks by hand)", err))
		return false
	}
	e.disk.w, e.disk.owned = w, true
	return true
}

// diskEvents is the channel Run receives the watcher's batches on (nil
// when nothing is watched).
func (e *Editor) diskEvents() <-chan []diskwatch.Event {
	if e.disk.w == nil {
		return nil
	}
	return e.disk.w.Events()
}

// onDiskEvents checks the files a batch names; ok false means the
// watcher's channel was closed.
func (e *Editor) onDiskEvents(batch []diskwatch.Event, ok bool) {
	if !ok {
		e.disk.w = nil
		return
	}
	var rep diskReport
	for _, ev := range batch {
		for _, b := range e.bufs {
			if b.disk.watched == ev.Path {
				e.checkBuffer(b, checkEvent, &rep)
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
	if e.disk.w == nil && !e.startAutoWatch() {
		return
	}
	p := absPath(b.name)
	if b.disk.watched == p {
		return
	}
	e.unwatchBuffer(b)
	if err := e.disk.w.Add(p); err != nil {
		if !e.disk.warned && !errors.Is(err, fs.ErrNotExist) {
			e.disk.warned = true
			e.warnMsg(fmt.Sprintf("cannot watch %q for changes on disk: %v (:checktime checks by hand)", b.name, err))
		}
		return
	}
	b.disk.watched = p
	var rep diskReport
	e.checkBuffer(b, checkStat, &rep)
	e.showDiskReport(&rep)
}

// unwatchBuffer unregisters b's file (:bdelete), unless another buffer
// watches the same path.
func (e *Editor) unwatchBuffer(b *Buffer) {
	p := b.disk.watched
	b.disk.watched, b.disk.pending = "", false
	if p == "" || e.disk.w == nil {
		return
	}
	for _, o := range e.bufs {
		if o.disk.watched == p {
			return
		}
	}
	_ = e.disk.w.Remove(p) // a path that is not tracked is no error; nothing else can fail usefully here
}
