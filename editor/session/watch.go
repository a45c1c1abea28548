package session

// The watcher side of changes on disk: while Run runs, a diskwatch.Watcher
// watches the directory of every open file (the core registers a buffer's
// file through its FileWatch port when the buffer becomes current, and
// unregisters it on :bdelete); its debounced batches arrive on the
// session's goroutine through Run's select and are handed to the core
// (Editor.FilesChanged), which decides: reload, warn, or wait. Headless
// runs have no watcher: the runner checks every file before each step, by
// stat, which is deterministic.

import (
	"fmt"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/diskwatch"
)

// DiskWatchDebounce is how long Run's watcher waits for a burst of changes
// (a git checkout, a formatter writing many files) to end before the
// editor looks at the files.
const DiskWatchDebounce = 100 * time.Millisecond

// fileWatcher is what the session uses of a diskwatch.Watcher; tests
// substitute a fake whose batches they send by hand.
type fileWatcher interface {
	Add(path string) error
	Remove(path string) error
	Events() <-chan []diskwatch.Event
	Errors() <-chan error
	Close() error
}

// diskWatch is the session's watcher of the open files.
type diskWatch struct {
	w      fileWatcher // nil: not watching
	auto   bool        // Run runs: start a watcher for the first file to watch
	owned  bool        // w was started for Run, which closes it when it returns
	warned bool        // the watcher could not start and the user was told
}

// watchPort is the session's side of the core's FileWatch port.
type watchPort struct{ s *Session }

// Watch registers path with the watcher, starting Run's watcher on first
// use; editor.ErrNotWatching when there is none.
func (p watchPort) Watch(path string) error {
	s := p.s
	if s.disk.w == nil && !s.startAutoWatch() {
		return editor.ErrNotWatching
	}
	return s.disk.w.Add(path)
}

// Unwatch unregisters path.
func (p watchPort) Unwatch(path string) {
	if w := p.s.disk.w; w != nil {
		_ = w.Remove(path) // a path that is not tracked is no error; nothing else can fail usefully here
	}
}

// WatchFiles starts watching the open files for changes on disk, with
// batches debounced by debounce on the session's clock. Run does it with
// DiskWatchDebounce unless it was done before. It does nothing when the
// files are watched already.
func (s *Session) WatchFiles(debounce time.Duration) error {
	if s.disk.w != nil {
		return nil
	}
	w, err := diskwatch.New(s.clock, debounce)
	if err != nil {
		return fmt.Errorf("cannot watch files for changes on disk: %w", err)
	}
	s.useWatcher(w)
	return nil
}

// useWatcher makes w the session's watcher and registers the open files.
func (s *Session) useWatcher(w fileWatcher) {
	s.disk.w = w
	s.ed.WatchOpenFiles()
}

// StopWatchingFiles stops the watcher of the open files.
func (s *Session) StopWatchingFiles() error {
	if s.disk.w == nil {
		return nil
	}
	err := s.disk.w.Close()
	s.disk.w, s.disk.owned = nil, false
	s.ed.ForgetWatches()
	return err
}

// runDiskWatch makes Run watch the open files, unless WatchFiles was
// called already: a watcher (debounce DiskWatchDebounce) is started when
// the first file is to be watched, so a Run without files costs nothing.
// It returns what stops the watch it started.
func (s *Session) runDiskWatch() (stop func()) {
	if s.disk.w != nil {
		return func() {}
	}
	s.disk.auto = true
	s.ed.WatchOpenFiles()
	return func() {
		s.disk.auto = false
		if s.disk.owned {
			_ = s.StopWatchingFiles()
		}
	}
}

// startAutoWatch starts Run's watcher; it reports whether there is one.
func (s *Session) startAutoWatch() bool {
	if !s.disk.auto || s.disk.warned {
		return false
	}
	w, err := diskwatch.New(s.clock, DiskWatchDebounce)
	if err != nil {
		s.disk.warned = true
		s.ed.ShowWarning(fmt.Sprintf("cannot watch files for changes on disk: %v (:checktime checks by hand)", err))
		return false
	}
	s.disk.w, s.disk.owned = w, true
	return true
}

// diskEvents is the channel Run receives the watcher's batches on (nil
// when nothing is watched).
func (s *Session) diskEvents() <-chan []diskwatch.Event {
	if s.disk.w == nil {
		return nil
	}
	return s.disk.w.Events()
}

// onDiskEvents hands the files a batch names to the core; ok false means
// the watcher's channel was closed.
func (s *Session) onDiskEvents(batch []diskwatch.Event, ok bool) {
	if !ok {
		s.disk.w = nil
		return
	}
	paths := make([]string, len(batch))
	for i, ev := range batch {
		paths[i] = ev.Path
	}
	s.ed.FilesChanged(paths, s.wall.Now()) // compared with the files' modification times
}
