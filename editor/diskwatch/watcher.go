package diskwatch

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/kjx-editor/kjx/editor/clock"
)

// ErrClosed is returned by Add and Remove after Close.
var ErrClosed = errors.New("diskwatch: watcher closed")

// maxQueuedErrors bounds the errors kept while nobody reads Errors; later
// ones are dropped.
const maxQueuedErrors = 16

// source is where raw events come from: fsnotify, or a fake in tests.
type source interface {
	add(dir string) error
	remove(dir string) error
	events() <-chan fsnotify.Event
	errors() <-chan error
	close() error
}

// fsSource is the fsnotify source.
type fsSource struct{ w *fsnotify.Watcher }

func newFSSource() (source, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	return fsSource{w}, nil
}

func (s fsSource) add(dir string) error          { return s.w.Add(dir) }
func (s fsSource) remove(dir string) error       { return s.w.Remove(dir) }
func (s fsSource) events() <-chan fsnotify.Event { return s.w.Events }
func (s fsSource) errors() <-chan error          { return s.w.Errors }
func (s fsSource) close() error                  { return s.w.Close() }

// isGoneWatch reports whether err says a watch no longer exists (the OS
// dropped it when its directory went away).
func isGoneWatch(err error) bool { return errors.Is(err, fsnotify.ErrNonExistentWatch) }

// isOverflow reports whether err says events were lost.
func isOverflow(err error) bool { return errors.Is(err, fsnotify.ErrEventOverflow) }

// Watcher watches the directories of files and reports, in debounced
// batches, what happened to those files. See the package documentation.
type Watcher struct {
	clock clock.Clock
	src   source

	opMu   sync.Mutex // serialises Add, Remove and Close with their OS calls
	closed bool       // under opMu

	mu   sync.Mutex // guards core, shared by the caller and the goroutine
	core *core

	events chan []Event
	errs   chan error
	quit   chan struct{}
	done   chan struct{}

	// observe, when set (tests), is called by the goroutine after it has
	// taken in each raw event.
	observe func(fsnotify.Event)
}

// New starts a watcher that reports a batch once the events have been
// quiet for debounce (and at least every 20 debounce intervals while they
// go on). A nil clock is the wall clock.
func New(c clock.Clock, debounce time.Duration) (*Watcher, error) {
	src, err := newFSSource()
	if err != nil {
		return nil, fmt.Errorf("diskwatch: %w", err)
	}
	return start(c, debounce, src, statFile, nil), nil
}

// start makes a watcher over src and starts its goroutine.
func start(c clock.Clock, debounce time.Duration, src source, stat func(string) fingerprint, observe func(fsnotify.Event)) *Watcher {
	if c == nil {
		c = clock.Real()
	}
	w := &Watcher{
		clock:   c,
		src:     src,
		core:    newCore(debounce, stat),
		events:  make(chan []Event),
		errs:    make(chan error),
		quit:    make(chan struct{}),
		done:    make(chan struct{}),
		observe: observe,
	}
	go w.loop()
	return w
}

// Add starts tracking the file at path (which need not exist; its
// directory must) by watching its directory, so that saves by rename are
// seen. Events name the file by path exactly as given here. Adding a
// tracked path again does nothing, except that it watches its directory
// again if that directory was removed and made anew.
func (w *Watcher) Add(path string) error {
	paths, err := watchPaths(path)
	if err != nil {
		return fmt.Errorf("diskwatch: add %s: %w", path, err)
	}
	w.opMu.Lock()
	defer w.opMu.Unlock()
	if w.closed {
		return ErrClosed
	}
	var dirs []string
	w.withCore(func(c *core) { dirs = c.track(path, paths) })
	for i, d := range dirs {
		if err := w.src.add(d); err != nil {
			w.withCore(func(c *core) { c.untrack(path) })
			for _, added := range dirs[:i] {
				_ = w.src.remove(added) // undoing; the add's error is the one to report
			}
			return fmt.Errorf("diskwatch: add %s: watch %s: %w", path, d, err)
		}
	}
	return nil
}

// Remove stops tracking path (as given to Add) and stops watching its
// directory when nothing else is tracked there. Removing a path that is
// not tracked does nothing.
func (w *Watcher) Remove(path string) error {
	w.opMu.Lock()
	defer w.opMu.Unlock()
	if w.closed {
		return ErrClosed
	}
	var dirs []string
	w.withCore(func(c *core) { dirs = c.untrack(path) })
	var errs []error
	for _, d := range dirs {
		if err := w.src.remove(d); err != nil && !isGoneWatch(err) {
			errs = append(errs, fmt.Errorf("diskwatch: remove %s: unwatch %s: %w", path, d, err))
		}
	}
	return errors.Join(errs...)
}

// Events returns the channel of batches. A batch holds one event per
// affected file, sorted by path. While a batch waits to be received, new
// events are folded into it. The channel is closed by Close.
func (w *Watcher) Events() <-chan []Event { return w.events }

// Errors returns the channel of errors from the OS watch. Lost events
// (a queue overflow) are not errors: every tracked file is reported
// Changed, or Removed, instead. The channel is closed by Close.
func (w *Watcher) Errors() <-chan error { return w.errs }

// Close stops the watcher and its goroutine and closes the channels.
// Closing again does nothing.
func (w *Watcher) Close() error {
	w.opMu.Lock()
	defer w.opMu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	close(w.quit)
	<-w.done
	err := w.src.close()
	close(w.events)
	close(w.errs)
	if err != nil {
		return fmt.Errorf("diskwatch: close: %w", err)
	}
	return nil
}

func (w *Watcher) now() time.Time { return w.clock.Now() }

// withCore runs f on the core under the mutex.
func (w *Watcher) withCore(f func(c *core)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f(w.core)
}

// loop is the watcher's goroutine: it feeds raw events to the core, arms
// a timer for the core's deadline, and hands out batches and errors
// without ever blocking on the receiver.
func (w *Watcher) loop() {
	defer close(w.done)
	var (
		timer <-chan time.Time // nil when not armed
		ready []Event          // a batch waiting to be received
		errs  []error          // errors waiting to be received
	)
	for {
		var out chan<- []Event
		if ready != nil {
			out = w.events
		}
		var errOut chan<- error
		var firstErr error
		if len(errs) > 0 {
			errOut, firstErr = w.errs, errs[0]
		}
		var seen *fsnotify.Event
		if ready != nil && timer != nil {
			// A batch that has come due folds into the one waiting to be
			// received before that one is offered: select alone would
			// pick between the two at random.
			select {
			case <-timer:
				timer = nil
				var batch []Event
				w.withCore(func(c *core) { batch = c.flush(w.now()) })
				ready = merge(ready, batch)
			default:
			}
		}
		select {
		case <-w.quit:
			return
		case ev, ok := <-w.src.events():
			if !ok {
				return
			}
			w.withCore(func(c *core) { c.event(ev.Name, ev.Op, w.now()) })
			seen = &ev
		case err, ok := <-w.src.errors():
			if !ok {
				return
			}
			switch {
			case isOverflow(err):
				w.withCore(func(c *core) { c.overflow(w.now()) })
			case len(errs) < maxQueuedErrors:
				errs = append(errs, fmt.Errorf("diskwatch: %w", err))
			}
		case <-timer:
			timer = nil
			var batch []Event
			w.withCore(func(c *core) { batch = c.flush(w.now()) })
			ready = merge(ready, batch)
		case out <- ready:
			ready = nil
		case errOut <- firstErr:
			errs = errs[1:]
		}
		if timer == nil {
			var t time.Time
			var ok bool
			w.withCore(func(c *core) { t, ok = c.deadline() })
			if ok {
				timer = clock.After(w.clock, max(t.Sub(w.now()), 0))
			}
		}
		if seen != nil && w.observe != nil {
			w.observe(*seen)
		}
	}
}
