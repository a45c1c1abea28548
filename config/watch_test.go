package config

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// fakeClock is a Clock whose time moves only by Advance. Every time a timer
// is armed (NewTimer or Reset) its deadline is sent on armed, so a test can
// wait until the watch loop has handled an event before advancing time.
type fakeClock struct {
	mu     sync.Mutex
	now    time.Duration
	timers []*fakeTimer
	armed  chan time.Duration
}

type fakeTimer struct {
	clock    *fakeClock
	c        chan time.Time
	deadline time.Duration
	active   bool
}

func newFakeClock() *fakeClock { return &fakeClock{armed: make(chan time.Duration, 64)} }

func (fc *fakeClock) NewTimer(d time.Duration) Timer {
	fc.mu.Lock()
	t := &fakeTimer{clock: fc, c: make(chan time.Time, 1), deadline: fc.now + d, active: true}
	fc.timers = append(fc.timers, t)
	fc.mu.Unlock()
	fc.armed <- t.deadline
	return t
}

// Advance moves time forward and fires the timers now due, returning how
// many fired.
func (fc *fakeClock) Advance(d time.Duration) int {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	fc.now += d
	fired := 0
	for _, t := range fc.timers {
		if t.active && t.deadline <= fc.now {
			t.active = false
			t.c <- time.Unix(0, int64(fc.now))
			fired++
		}
	}
	return fired
}

func (t *fakeTimer) C() <-chan time.Time { return t.c }

func (t *fakeTimer) Reset(d time.Duration) bool {
	t.clock.mu.Lock()
	was := t.active
	t.drain()
	t.deadline, t.active = t.clock.now+d, true
	t.clock.mu.Unlock()
	t.clock.armed <- t.deadline
	return was
}

func (t *fakeTimer) Stop() bool {
	t.clock.mu.Lock()
	defer t.clock.mu.Unlock()
	was := t.active
	t.active = false
	t.drain()
	return was
}

func (t *fakeTimer) drain() {
	select {
	case <-t.c:
	default:
	}
}

// harness runs a watch loop over fake events and a fake clock.
type harness struct {
	t        *testing.T
	path     string
	loop     *watchLoop
	events   chan fsnotify.Event
	errs     chan error
	clock    *fakeClock
	cancel   context.CancelFunc
	done     chan struct{}
	mu       sync.Mutex
	reloads  int
	reloaded chan struct{} // one value per reload
}

const testDebounce = 100 * time.Millisecond

func newHarness(t *testing.T, text string) *harness {
	t.Helper()
	path := writeConfig(t, text)
	current, errs := Load(path, testEnv)
	if errs != nil {
		t.Fatalf("initial config: %q", errStrings(errs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &harness{
		t: t, path: path, events: make(chan fsnotify.Event), errs: make(chan error),
		clock: newFakeClock(), cancel: cancel, done: make(chan struct{}),
		reloaded: make(chan struct{}, 64),
	}
	h.loop = &watchLoop{
		path: path, env: testEnv, good: current, debounce: testDebounce, clock: h.clock,
		names: watchedNames(path), out: make(chan Update, 1),
	}
	h.loop.reload = func() (Update, bool) {
		h.mu.Lock()
		h.reloads++
		h.mu.Unlock()
		defer func() { h.reloaded <- struct{}{} }()
		return h.loop.load()
	}
	go func() {
		h.loop.run(ctx, h.events, h.errs)
		close(h.done)
	}()
	t.Cleanup(func() { cancel(); <-h.done })
	return h
}

// write replaces the file's contents.
func (h *harness) write(text string) {
	h.t.Helper()
	if err := os.WriteFile(h.path, []byte(text), 0o600); err != nil {
		h.t.Fatal(err)
	}
}

// event delivers an fsnotify event for name and waits until the loop has
// armed its timer, returning the deadline.
func (h *harness) event(name string) time.Duration {
	h.t.Helper()
	h.events <- fsnotify.Event{Name: name, Op: fsnotify.Write}
	return h.waitArmed()
}

func (h *harness) waitArmed() time.Duration {
	h.t.Helper()
	select {
	case d := <-h.clock.armed:
		return d
	case <-time.After(10 * time.Second):
		h.t.Fatal("watch loop never armed its timer")
		return 0
	}
}

// next waits for the next Update.
func (h *harness) next() Update {
	h.t.Helper()
	select {
	case u, ok := <-h.loop.out:
		if !ok {
			h.t.Fatal("update channel closed")
		}
		return u
	case <-time.After(10 * time.Second):
		h.t.Fatal("no update")
		return Update{}
	}
}

// fire lets the debounce delay pass and waits for the reload it causes.
func (h *harness) fire() {
	h.t.Helper()
	if n := h.clock.Advance(testDebounce); n != 1 {
		h.t.Fatalf("%d timers fired, want 1", n)
	}
	h.waitReload()
}

// waitReload waits until the loop has finished one reload.
func (h *harness) waitReload() {
	h.t.Helper()
	select {
	case <-h.reloaded:
	case <-time.After(10 * time.Second):
		h.t.Fatal("no reload")
	}
}

func (h *harness) reloadCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reloads
}

// withDefaults returns the defaults changed by set.
func withDefaults(set func(*Config)) Config {
	c := Default(testEnv)
	set(&c)
	return c
}

func TestWatchDebounce(t *testing.T) {
	h := newHarness(t, "[editor]\ntabstop = 4\n")
	h.write("[editor]\ntabstop = 2\n")
	if d := h.event(h.path); d != testDebounce {
		t.Fatalf("first event armed the timer for %v, want %v", d, testDebounce)
	}
	if n := h.clock.Advance(50 * time.Millisecond); n != 0 {
		t.Fatalf("timer fired %d times after 50ms of 100ms", n)
	}
	h.write("[editor]\ntabstop = 3\n")
	// An event for another file in the directory is ignored; the next one
	// re-arms the timer, pushing the reload to 100ms after it.
	h.events <- fsnotify.Event{Name: filepath.Join(filepath.Dir(h.path), "other.toml"), Op: fsnotify.Create}
	if d := h.event(h.path); d != 150*time.Millisecond {
		t.Fatalf("second event armed the timer for %v, want 150ms", d)
	}
	if len(h.clock.armed) != 0 {
		t.Fatal("an event for another file armed the timer")
	}
	if n := h.clock.Advance(60 * time.Millisecond); n != 0 {
		t.Fatal("timer fired 110ms after the first event although a second came at 50ms")
	}
	if n := h.clock.Advance(40 * time.Millisecond); n != 1 {
		t.Fatalf("timer fired %d times 100ms after the last event, want 1", n)
	}
	h.waitReload()
	u := h.next()
	if want := withDefaults(func(c *Config) { c.Editor.TabStop = 3 }); !reflect.DeepEqual(u.Config, want) || u.Errs != nil {
		t.Errorf("update = %+v, errs %q; want tabstop 3, no errors", u.Config, errStrings(u.Errs))
	}
	if n := h.reloadCount(); n != 1 {
		t.Errorf("%d reloads for one burst, want 1", n)
	}
}

func TestWatchBrokenSave(t *testing.T) {
	h := newHarness(t, "[editor]\ntabstop = 4\n")
	good := withDefaults(func(c *Config) { c.Editor.TabStop = 4 })

	h.write("[editor]\ntabstop = \n")
	h.event(h.path)
	h.fire()
	u := h.next()
	if !reflect.DeepEqual(u.Config, good) {
		t.Errorf("broken save: config %+v, want the previous good one", u.Config)
	}
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != h.path+":2: syntax error: expected value but found '\\n' instead (file ignored)" {
		t.Errorf("broken save: errors %q", g)
	}

	// A bad key keeps its previous value, not the default.
	h.write("[editor]\ntabstop = 10000\nnumber = true\n")
	h.event(h.path)
	h.fire()
	u = h.next()
	want := withDefaults(func(c *Config) { c.Editor.TabStop = 4; c.Editor.Number = true })
	if !reflect.DeepEqual(u.Config, want) {
		t.Errorf("bad key: config %+v, want tabstop 4 kept and number set", u.Config)
	}
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != h.path+":2: editor.tabstop = 10000: must be 1 to 9999 (using 4)" {
		t.Errorf("bad key: errors %q", g)
	}

	// Removing the file means defaults, as Load does.
	if err := os.Remove(h.path); err != nil {
		t.Fatal(err)
	}
	h.events <- fsnotify.Event{Name: h.path, Op: fsnotify.Remove}
	h.waitArmed()
	h.fire()
	if u := h.next(); !reflect.DeepEqual(u.Config, Default(testEnv)) || u.Errs != nil {
		t.Errorf("removed file: %+v, %q; want defaults", u.Config, errStrings(u.Errs))
	}
}

func TestWatchUnchangedBytes(t *testing.T) {
	h := newHarness(t, "")
	h.write("[panel]\nwidth = 40\n")
	h.event(h.path)
	h.fire()
	h.next()
	h.event(h.path) // e.g. a chmod or a save without changes
	h.fire()
	h.write("[panel]\nwidth = 41\n")
	h.event(h.path)
	h.fire()
	if u := h.next(); u.Config.Panel.Width != 41 {
		t.Errorf("got width %d: the unchanged reload sent an update", u.Config.Panel.Width)
	}
	if n := h.reloadCount(); n != 3 {
		t.Errorf("%d reloads, want 3", n)
	}
}

func TestWatchWatcherErrors(t *testing.T) {
	h := newHarness(t, "[panel]\nwidth = 50\n")
	h.errs <- fsnotify.ErrEventOverflow // lost events: reload to be safe
	h.waitArmed()
	h.errs <- errors.New("boom")
	u := h.next()
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != h.path+": watching for changes: boom" {
		t.Errorf("errors %q", g)
	}
	if u.Config.Panel.Width != 50 {
		t.Errorf("a watcher error changed the config: %+v", u.Config)
	}
}

func TestWatchCancelClosesChannel(t *testing.T) {
	h := newHarness(t, "")
	h.event(h.path)
	h.cancel()
	select {
	case _, ok := <-h.loop.out:
		if ok {
			t.Error("an update arrived although the timer never fired")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("channel not closed after cancel")
	}
}

// TestSendKeepsLatest: a slow receiver finds only the newest update.
func TestSendKeepsLatest(t *testing.T) {
	l := &watchLoop{out: make(chan Update, 1)}
	for w := 20; w <= 22; w++ {
		var c Config
		c.Panel.Width = w
		l.send(Update{Config: c})
	}
	if u := <-l.out; u.Config.Panel.Width != 22 || len(l.out) != 0 {
		t.Errorf("received width %d with %d pending, want 22 and none", u.Config.Panel.Width, len(l.out))
	}
}

// TestWatchRealFile drives the real fsnotify watcher: an atomic save by
// rename, an in-place write, and a write through a symbolic link.
func TestWatchRealFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "real.toml")
	if err := os.WriteFile(target, []byte("[panel]\nwidth = 30\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.toml")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	current, _ := Load(link, testEnv)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	updates, err := Watch(ctx, link, testEnv, current, 10*time.Millisecond, nil)
	if err != nil {
		t.Fatal(err)
	}
	waitWidth := func(step string, want int) {
		t.Helper()
		for {
			select {
			case u, ok := <-updates:
				if !ok {
					t.Fatalf("%s: channel closed before width %d", step, want)
				}
				if u.Config.Panel.Width == want && u.Errs == nil {
					return
				}
			case <-ctx.Done():
				t.Fatalf("%s: no update with width %d", step, want)
			}
		}
	}

	// Write through the link: only the target's directory sees it.
	if err := os.WriteFile(target, []byte("[panel]\nwidth = 31\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	waitWidth("write to the link target", 31)

	// Replace the link by a new file, renamed into place as editors do.
	tmp := filepath.Join(dir, ".config.toml.tmp")
	if err := os.WriteFile(tmp, []byte("[panel]\nwidth = 32\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, link); err != nil {
		t.Fatal(err)
	}
	waitWidth("atomic rename", 32)

	cancel()
	for range updates { // drains, and ends only when Watch closes it
	}
}

func TestWatchMissingDirectory(t *testing.T) {
	_, err := Watch(context.Background(), filepath.Join(t.TempDir(), "no", "config.toml"), testEnv, Default(testEnv), time.Millisecond, nil)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Watch in a missing directory: %v, want fs.ErrNotExist", err)
	}
}
