package diskwatch

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// fakeFS is the file states the core's stat sees in tests.
type fakeFS map[string]fingerprint

func (fs fakeFS) stat(path string) fingerprint { return fs[path] }

// write makes path exist with a new content fingerprint.
func (fs fakeFS) write(path string) {
	fp := fs[path]
	fs[path] = fingerprint{exists: true, size: fp.size + 1, mtime: fp.mtime + 1}
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

const debounce = 100 * time.Millisecond

func newTestCore(fs fakeFS, names ...string) *core {
	c := newCore(debounce, fs.stat)
	for _, n := range names {
		c.track(n, []string{n})
	}
	return c
}

// flushAfter returns the batch due once the events have been quiet for
// the debounce interval, checking that none is due a moment earlier.
func flushAfter(t *testing.T, c *core, last time.Time) []Event {
	t.Helper()
	if b := c.flush(last.Add(debounce - time.Nanosecond)); b != nil {
		t.Fatalf("batch %v before the debounce interval passed", b)
	}
	return c.flush(last.Add(debounce))
}

func TestCoreKinds(t *testing.T) {
	const f = "/d/f"
	type step struct {
		op fsnotify.Op
		fs func(fakeFS) // what the filesystem does with the event
	}
	write := func(fs fakeFS) { fs.write(f) }
	remove := func(fs fakeFS) { delete(fs, f) }
	same := func(fakeFS) {}
	tests := []struct {
		name    string
		existed bool
		steps   []step
		want    Kind // 0: no event
	}{
		{"write", true, []step{{fsnotify.Write, write}}, Changed},
		{"atomic save: rename over", true, []step{{fsnotify.Create, write}}, Changed},
		{"rename away", true, []step{{fsnotify.Rename, remove}}, Removed},
		{"delete", true, []step{{fsnotify.Remove, remove}}, Removed},
		{"delete and recreate", true, []step{{fsnotify.Remove, remove}, {fsnotify.Create, write}}, Changed},
		{"create", false, []step{{fsnotify.Create, write}, {fsnotify.Write, write}}, Created},
		{"create and delete", false, []step{{fsnotify.Create, write}, {fsnotify.Remove, remove}}, 0},
		{"changed then removed", true, []step{{fsnotify.Write, write}, {fsnotify.Remove, remove}}, Removed},
		{"pure chmod", true, []step{{fsnotify.Chmod, same}}, 0},
		{"chmod that truncates (kqueue)", true, []step{{fsnotify.Chmod, write}}, Changed},
		{"unlink while open (Linux chmod)", true, []step{{fsnotify.Chmod, remove}}, Removed},
		{"chmod of a missing file", false, []step{{fsnotify.Chmod, same}}, 0},
		{"write with chmod bit", true, []step{{fsnotify.Write | fsnotify.Chmod, write}}, Changed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := fakeFS{}
			if tt.existed {
				fs.write(f)
			}
			c := newTestCore(fs, f)
			now := t0
			for _, s := range tt.steps {
				s.fs(fs)
				c.event(f, s.op, now)
				now = now.Add(time.Millisecond)
			}
			got := c.flush(now.Add(time.Hour))
			var want []Event
			if tt.want != 0 {
				want = []Event{{f, tt.want}}
			}
			if !slices.Equal(got, want) {
				t.Errorf("batch %v, want %v", got, want)
			}
			if _, ok := c.deadline(); ok {
				t.Error("events still pending after the batch")
			}
		})
	}
}

func TestCoreDebounceBurst(t *testing.T) {
	// A script rewriting a file 100 times in a second: one batch, after
	// the writes stop for the debounce interval.
	fs := fakeFS{}
	fs.write("/d/f")
	c := newTestCore(fs, "/d/f")
	now := t0
	for i := 0; i < 100; i++ {
		fs.write("/d/f")
		c.event("/d/f", fsnotify.Write, now)
		if b := c.flush(now); b != nil {
			t.Fatalf("write %d: batch %v during the burst", i, b)
		}
		now = now.Add(10 * time.Millisecond)
	}
	last := now.Add(-10 * time.Millisecond)
	if got, want := flushAfter(t, c, last), []Event{{"/d/f", Changed}}; !slices.Equal(got, want) {
		t.Fatalf("batch %v, want %v", got, want)
	}
	if b := c.flush(last.Add(time.Hour)); b != nil {
		t.Errorf("second batch %v", b)
	}
}

func TestCoreMaxDelay(t *testing.T) {
	// Writes that never pause are still reported, every maxDelay.
	fs := fakeFS{}
	c := newTestCore(fs, "/d/f")
	var batches []time.Time
	for now := t0; now.Before(t0.Add(3 * maxDelayFactor * debounce)); now = now.Add(debounce / 2) {
		fs.write("/d/f")
		c.event("/d/f", fsnotify.Write, now)
		if b := c.flush(now); b != nil {
			batches = append(batches, now)
		}
	}
	if len(batches) < 2 || len(batches) > 3 {
		t.Fatalf("batches at %v, want one every %v", batches, maxDelayFactor*debounce)
	}
	for i := 1; i < len(batches); i++ {
		if gap := batches[i].Sub(batches[i-1]); gap > maxDelayFactor*debounce+debounce {
			t.Errorf("batches %v apart, more than the max delay %v", gap, maxDelayFactor*debounce)
		}
	}
}

func TestCoreCheckoutOfManyFiles(t *testing.T) {
	// A git checkout touching 500 files of a directory where 3 are open:
	// one batch, one event per open file, the others ignored.
	fs := fakeFS{}
	var all []string
	for i := 0; i < 500; i++ {
		p := fmt.Sprintf("/repo/f%03d.go", i)
		fs.write(p)
		all = append(all, p)
	}
	c := newTestCore(fs, all[7], all[300], all[499])
	delete(fs, all[300]) // deleted by the checkout
	now := t0
	for _, p := range all {
		if p != all[300] {
			fs.write(p)
		}
		c.event(p, fsnotify.Write, now)
		c.event(p, fsnotify.Chmod, now)
		now = now.Add(time.Millisecond)
	}
	c.event(all[300], fsnotify.Remove, now)
	got := flushAfter(t, c, now)
	want := []Event{{all[7], Changed}, {all[300], Removed}, {all[499], Changed}}
	if !slices.Equal(got, want) {
		t.Errorf("batch %v, want %v", got, want)
	}
}

func TestCoreOverflow(t *testing.T) {
	fs := fakeFS{}
	fs.write("/a/1")
	fs.write("/b/2")
	c := newTestCore(fs, "/a/1", "/b/2", "/b/new")
	delete(fs, "/b/2")
	c.overflow(t0)
	got := flushAfter(t, c, t0)
	want := []Event{{"/a/1", Changed}, {"/b/2", Removed}}
	if !slices.Equal(got, want) {
		t.Errorf("batch %v, want %v", got, want)
	}
}

func TestCoreDirectoryRemoved(t *testing.T) {
	fs := fakeFS{}
	fs.write("/d/x")
	fs.write("/d/y")
	fs.write("/e/z")
	c := newTestCore(fs, "/d/x", "/d/y", "/e/z")
	clear(fs)
	fs.write("/e/z")
	c.event("/d", fsnotify.Remove, t0)
	got := flushAfter(t, c, t0)
	if want := []Event{{"/d/x", Removed}, {"/d/y", Removed}}; !slices.Equal(got, want) {
		t.Errorf("batch %v, want %v", got, want)
	}
	// Its watch is gone: adding a file of it again watches it again.
	if dirs := c.track("/d/x", []string{"/d/x"}); !slices.Equal(dirs, []string{"/d"}) {
		t.Errorf("re-adding a file of a removed directory watches %v, want [/d]", dirs)
	}
	if dirs := c.track("/d/x", []string{"/d/x"}); dirs != nil {
		t.Errorf("adding again watches %v, want nothing", dirs)
	}
}

func TestCoreTrackCounts(t *testing.T) {
	fs := fakeFS{}
	c := newCore(debounce, fs.stat)
	if got := c.track("a", []string{"/d/a"}); !slices.Equal(got, []string{"/d"}) {
		t.Fatalf("first file of /d watches %v", got)
	}
	if got := c.track("a", []string{"/d/a"}); got != nil {
		t.Fatalf("tracking a again watches %v", got)
	}
	if got := c.track("b", []string{"/d/b"}); got != nil {
		t.Fatalf("second file of /d watches %v", got)
	}
	// A symlink /d/l → /t/target: both paths concern it.
	fs.write("/d/l")
	if got := c.track("l", []string{"/d/l", "/t/target"}); !slices.Equal(got, []string{"/t"}) {
		t.Fatalf("symlink watches %v, want [/t]", got)
	}
	c.event("/t/target", fsnotify.Write, t0)
	c.event("/d/other", fsnotify.Write, t0)
	fs.write("/d/l")
	if got, want := flushAfter(t, c, t0), []Event{{"l", Changed}}; !slices.Equal(got, want) {
		t.Errorf("write to the target: batch %v, want %v", got, want)
	}
	if got := c.untrack("a"); got != nil {
		t.Errorf("untracking a drops %v while b is in /d", got)
	}
	if got := c.untrack("a"); got != nil {
		t.Errorf("untracking a again drops %v", got)
	}
	if got := c.untrack("b"); got != nil {
		t.Errorf("untracking b drops %v while the symlink is in /d", got)
	}
	if got := c.untrack("l"); !slices.Equal(got, []string{"/d", "/t"}) {
		t.Errorf("untracking the last files drops %v, want [/d /t]", got)
	}
	c.event("/d/a", fsnotify.Write, t0)
	if _, ok := c.deadline(); ok {
		t.Error("an untracked file has pending events")
	}
	if len(c.dirs)+len(c.byPath)+len(c.files) != 0 {
		t.Errorf("state left after untracking everything: %v %v %v", c.dirs, c.byPath, c.files)
	}
}

func TestCoreTwoNamesOneFile(t *testing.T) {
	fs := fakeFS{}
	c := newCore(debounce, fs.stat)
	c.track("f", []string{"/d/f"})
	c.track("./f", []string{"/d/f"})
	c.event("/d/f", fsnotify.Create, t0)
	fs.write("/d/f")
	want := []Event{{"./f", Created}, {"f", Created}}
	if got := flushAfter(t, c, t0); !slices.Equal(got, want) {
		t.Errorf("batch %v, want %v", got, want)
	}
	c.untrack("f")
	c.event("/d/f", fsnotify.Write, t0)
	if got := flushAfter(t, c, t0); !slices.Equal(got, []Event{{"./f", Changed}}) {
		t.Errorf("after untracking one name: batch %v", got)
	}
}

func TestMerge(t *testing.T) {
	tests := []struct {
		ready, next, want []Event
	}{
		{nil, nil, nil},
		{nil, []Event{{"a", Changed}}, []Event{{"a", Changed}}},
		{[]Event{{"a", Changed}}, nil, []Event{{"a", Changed}}},
		{[]Event{{"b", Changed}}, []Event{{"a", Removed}, {"c", Created}}, []Event{{"a", Removed}, {"b", Changed}, {"c", Created}}},
		{[]Event{{"a", Removed}}, []Event{{"a", Created}}, []Event{{"a", Changed}}},
		{[]Event{{"a", Created}}, []Event{{"a", Removed}}, nil},
		{[]Event{{"a", Created}}, []Event{{"a", Changed}}, []Event{{"a", Created}}},
		{[]Event{{"a", Changed}}, []Event{{"a", Removed}}, []Event{{"a", Removed}}},
		{[]Event{{"a", Changed}, {"b", Created}}, []Event{{"b", Removed}}, []Event{{"a", Changed}}},
	}
	for _, tt := range tests {
		if got := merge(tt.ready, tt.next); !slices.Equal(got, tt.want) {
			t.Errorf("merge(%v, %v) = %v, want %v", tt.ready, tt.next, got, tt.want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Changed: "Changed", Removed: "Removed", Created: "Created", 9: "Kind(9)"} {
		if k.String() != want {
			t.Errorf("Kind %d prints %q, want %q", k, k.String(), want)
		}
	}
}
