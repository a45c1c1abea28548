package diskwatch

import (
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/kjx-editor/kjx/editor/clock"
)

// waitLimit bounds every wait in these tests. It is a safety net against
// a hang, not a timing assertion: nothing here depends on how fast the
// machine is.
const waitLimit = 30 * time.Second

// fakeClock is a virtual clock that also reports each timer the watcher
// sets.
type fakeClock struct {
	*clock.Virtual
	armed <-chan time.Time
}

func newFakeClock() *fakeClock {
	v := clock.NewVirtual(t0)
	return &fakeClock{Virtual: v, armed: v.Armed()}
}

// waitArmed waits until the watcher has set a timer.
func (c *fakeClock) waitArmed(t *testing.T) {
	t.Helper()
	select {
	case <-c.armed:
	case <-time.After(waitLimit):
		t.Fatal("the watcher never set its timer")
	}
}

// fakeSource is a source fed by the test.
type fakeSource struct {
	mu      sync.Mutex
	watched map[string]bool
	failAdd error
	ev      chan fsnotify.Event
	errs    chan error
}

func newFakeSource() *fakeSource {
	return &fakeSource{watched: map[string]bool{}, ev: make(chan fsnotify.Event), errs: make(chan error)}
}

func (s *fakeSource) add(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failAdd != nil {
		return s.failAdd
	}
	s.watched[dir] = true
	return nil
}

func (s *fakeSource) remove(dir string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.watched[dir] {
		return fsnotify.ErrNonExistentWatch
	}
	delete(s.watched, dir)
	return nil
}

func (s *fakeSource) isWatched(dir string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.watched[dir]
}

func (s *fakeSource) events() <-chan fsnotify.Event { return s.ev }
func (s *fakeSource) errors() <-chan error          { return s.errs }
func (s *fakeSource) close() error                  { return nil }

// send delivers a raw event to the watcher's goroutine.
func (s *fakeSource) send(t *testing.T, name string, op fsnotify.Op) {
	t.Helper()
	select {
	case s.ev <- fsnotify.Event{Name: name, Op: op}:
	case <-time.After(waitLimit):
		t.Fatal("the watcher does not take events")
	}
}

// syncFS is a fakeFS shared by the test and the watcher's goroutine.
type syncFS struct {
	mu sync.Mutex
	fs fakeFS
}

func (s *syncFS) stat(p string) fingerprint {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fs.stat(p)
}

func (s *syncFS) write(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fs.write(p)
}

func (s *syncFS) remove(p string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.fs, p)
}

// newFakeWatcher returns a watcher over a fake source, clock and
// filesystem, closed when the test ends.
func newFakeWatcher(t *testing.T) (*Watcher, *fakeSource, *fakeClock, *syncFS) {
	t.Helper()
	src, clock := newFakeSource(), newFakeClock()
	fs := &syncFS{fs: fakeFS{}}
	w := start(clock, debounce, src, fs.stat, nil)
	t.Cleanup(func() { _ = w.Close() })
	return w, src, clock, fs
}

// receive waits for the next batch.
func receive(t *testing.T, w *Watcher) []Event {
	t.Helper()
	select {
	case b, ok := <-w.Events():
		if !ok {
			t.Fatal("events channel closed")
		}
		return b
	case <-time.After(waitLimit):
		t.Fatal("no batch")
	}
	return nil
}

// trackFake tracks name (an absolute path in a directory that does not
// exist on disk) in the watcher's core directly, as Add would after
// resolving it, and watches its directory in the fake source.
func trackFake(t *testing.T, w *Watcher, src *fakeSource, name string) {
	t.Helper()
	var dirs []string
	w.withCore(func(c *core) { dirs = c.track(name, []string{name}) })
	for _, d := range dirs {
		if err := src.add(d); err != nil {
			t.Fatal(err)
		}
	}
}

func TestWatcherDebouncesIntoOneBatch(t *testing.T) {
	w, src, clock, fs := newFakeWatcher(t)
	trackFake(t, w, src, "/d/f")
	fs.write("/d/f")
	src.send(t, "/d/f", fsnotify.Create)
	clock.waitArmed(t)
	for i := 0; i < 50; i++ {
		src.send(t, "/d/f", fsnotify.Write)
		src.send(t, "/d/other", fsnotify.Write)
	}
	clock.Advance(debounce)
	if got, want := receive(t, w), []Event{{"/d/f", Created}}; !slices.Equal(got, want) {
		t.Fatalf("batch %v, want %v", got, want)
	}
}

func TestWatcherFoldsEventsIntoAnUnreceivedBatch(t *testing.T) {
	// Nobody receives while three batches come due: they fold into one,
	// where a's Created then Removed cancel out.
	w, src, clock, fs := newFakeWatcher(t)
	trackFake(t, w, src, "/d/a")
	trackFake(t, w, src, "/d/b")
	fs.write("/d/a")
	src.send(t, "/d/a", fsnotify.Create)
	clock.waitArmed(t)
	clock.Advance(debounce)
	fs.write("/d/b")
	src.send(t, "/d/b", fsnotify.Create)
	clock.waitArmed(t)
	clock.Advance(debounce)
	fs.remove("/d/a")
	src.send(t, "/d/a", fsnotify.Remove)
	clock.waitArmed(t)
	clock.Advance(debounce)
	// An event nobody watches: once the watcher has taken it, it has also
	// seen the timer fire, and folds that batch before offering one.
	src.send(t, "/elsewhere/x", fsnotify.Write)
	if got, want := receive(t, w), []Event{{"/d/b", Created}}; !slices.Equal(got, want) {
		t.Fatalf("batch %v, want %v", got, want)
	}
}

func TestWatcherOverflowAndErrors(t *testing.T) {
	w, src, clock, fs := newFakeWatcher(t)
	fs.write("/d/a")
	fs.write("/e/b")
	trackFake(t, w, src, "/d/a")
	trackFake(t, w, src, "/e/b")
	boom := errors.New("boom")
	src.errs <- boom
	select {
	case err := <-w.Errors():
		if !errors.Is(err, boom) {
			t.Fatalf("error %v, want one wrapping %v", err, boom)
		}
	case <-time.After(waitLimit):
		t.Fatal("the error was not forwarded")
	}
	src.errs <- fsnotify.ErrEventOverflow
	clock.waitArmed(t)
	clock.Advance(debounce)
	if got, want := receive(t, w), []Event{{"/d/a", Changed}, {"/e/b", Changed}}; !slices.Equal(got, want) {
		t.Fatalf("after an overflow: batch %v, want %v", got, want)
	}
}

func TestWatcherAddRemoveClose(t *testing.T) {
	w, src, _, _ := newFakeWatcher(t)
	dir := t.TempDir()
	if err := w.Add(dir + "/x"); err != nil {
		t.Fatal(err)
	}
	if err := w.Add(dir + "/y"); err != nil {
		t.Fatal(err)
	}
	resolved, err := watchPaths(dir + "/x")
	if err != nil {
		t.Fatal(err)
	}
	rdir := filepath.Dir(resolved[0])
	if !src.isWatched(rdir) {
		t.Fatalf("%s not watched after Add", rdir)
	}
	if err := w.Remove(dir + "/x"); err != nil || !src.isWatched(rdir) {
		t.Fatalf("Remove of one of two files: %v; watched %v", err, src.isWatched(rdir))
	}
	if err := w.Remove(dir + "/y"); err != nil || src.isWatched(rdir) {
		t.Fatalf("Remove of the last file: %v; watched %v", err, src.isWatched(rdir))
	}
	if err := w.Remove(dir + "/never"); err != nil {
		t.Errorf("Remove of an untracked path: %v", err)
	}
	if err := w.Add(dir + "/missing-dir/f"); err == nil {
		t.Error("Add in a directory that does not exist succeeded")
	}
	refused := errors.New("no watches left")
	src.mu.Lock()
	src.failAdd = refused
	src.mu.Unlock()
	if err := w.Add(dir + "/z"); !errors.Is(err, refused) {
		t.Errorf("Add when the OS refuses: %v", err)
	}
	w.withCore(func(c *core) {
		if len(c.files) != 0 || len(c.dirs) != 0 {
			t.Errorf("a failed Add left state: %v %v", c.files, c.dirs)
		}
	})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, ok := <-w.Events(); ok {
		t.Error("events channel open after Close")
	}
	if _, ok := <-w.Errors(); ok {
		t.Error("errors channel open after Close")
	}
	if err := w.Add(dir + "/x"); !errors.Is(err, ErrClosed) {
		t.Errorf("Add after Close: %v", err)
	}
	if err := w.Remove(dir + "/x"); !errors.Is(err, ErrClosed) {
		t.Errorf("Remove after Close: %v", err)
	}
}
