package session

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/diskwatch"
	"github.com/kjx-editor/kjx/undo"
)

// testEpoch is the virtual clock's start in tests (the corpus epoch).
var testEpoch = time.Unix(1700000000, 0)

// newTestSession is a session without undo files on the virtual clock,
// editing a file that holds text.
func newTestSession(t testing.TB, text string) *Session {
	t.Helper()
	return newTestSessionOn(t, text, clock.NewVirtual(testEpoch))
}

// newTestSessionOn is newTestSession on clock c.
func newTestSessionOn(t testing.TB, text string, c clock.Clock) *Session {
	t.Helper()
	s := New(Config{Clock: c, Editor: editor.Config{Clean: true}})
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Editor().Open(path); err != nil {
		t.Fatal(err)
	}
	s.Editor().TakeMessages()
	return s
}

func textOf(e *editor.Editor) string { return e.Buffer().Text().String() }

func msgTexts(ms []editor.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

func mustKeys(t *testing.T, s string) []editor.Key {
	t.Helper()
	k, err := editor.ParseKeys(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// wantMsg fails unless one of msgs contains every part.
func wantMsg(t *testing.T, msgs []string, parts ...string) {
	t.Helper()
	if !slices.ContainsFunc(msgs, func(m string) bool {
		for _, p := range parts {
			if !strings.Contains(m, p) {
				return false
			}
		}
		return true
	}) {
		t.Fatalf("no message with %q in %q", parts, msgs)
	}
}

// fakeWatcher stands for diskwatch.Watcher: the test sends the batches.
type fakeWatcher struct {
	mu     sync.Mutex
	paths  map[string]int // Add minus Remove per path
	ch     chan []diskwatch.Event
	errs   chan error
	closed bool
}

func newFakeWatcher() *fakeWatcher {
	return &fakeWatcher{paths: map[string]int{}, ch: make(chan []diskwatch.Event), errs: make(chan error)}
}

func (f *fakeWatcher) Add(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paths[path]++
	return nil
}

func (f *fakeWatcher) Remove(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.paths[path]--
	return nil
}

func (f *fakeWatcher) Events() <-chan []diskwatch.Event { return f.ch }
func (f *fakeWatcher) Errors() <-chan error             { return f.errs }

func (f *fakeWatcher) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	return nil
}

func (f *fakeWatcher) tracked(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.paths[path]
}

// runHarness runs a session's Run loop on its own goroutine; the test
// talks to it only through Input and the published Views.
type runHarness struct {
	t      *testing.T
	in     chan Input
	views  chan editor.View
	cancel context.CancelFunc
	done   chan struct{}
	seen   []string // every message published so far
	texts  []string // every text published so far
}

func startRun(t *testing.T, s *Session) *runHarness {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	h := &runHarness{t: t, in: make(chan Input, 16), views: make(chan editor.View, 4096), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(h.done)
		s.Run(ctx, h.in, func(v editor.View) { h.views <- v })
	}()
	t.Cleanup(h.stop)
	return h
}

func (h *runHarness) stop() {
	h.cancel()
	<-h.done
}

// waitView waits (at most 10 s, for a loaded machine) for a published
// View that satisfies ok, and returns it.
func (h *runHarness) waitView(what string, ok func(editor.View) bool) editor.View {
	h.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case v := <-h.views:
			for _, m := range v.Messages {
				h.seen = append(h.seen, m.Text)
			}
			h.texts = append(h.texts, v.Text.String())
			if ok(v) {
				return v
			}
		case <-timeout:
			h.t.Fatalf("no view with %s; messages %q", what, h.seen)
		}
	}
}

func (h *runHarness) sawMsg(part string) bool {
	return slices.ContainsFunc(h.seen, func(m string) bool { return strings.Contains(m, part) })
}

func textIs(s string) func(editor.View) bool {
	return func(v editor.View) bool { return v.Text.String() == s }
}

// diskEnv is a session with one file open in a temporary directory, and
// what the test expects of it: every text the editor showed must stay
// reachable in the undo tree, and the file must hold what the test (as the
// outside world) or an explicit :w wrote, never anything else. (The core's
// tests have the same promise checks, editor/disk_helpers_test.go.)
type diskEnv struct {
	t     *testing.T
	s     *Session
	e     *editor.Editor
	dir   string
	path  string
	want  []byte   // the file's bytes as last written by the test or by a :w
	shown []string // every text the buffer showed
}

// newDiskEnv writes content to name in a new directory and opens it in a
// session without undo files on clock c.
func newDiskEnv(t *testing.T, name, content string, c clock.Clock) *diskEnv {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	d := &diskEnv{t: t, dir: dir, path: path, want: []byte(content)}
	d.s = New(Config{Clock: c, Editor: editor.Config{Clean: true}})
	d.e = d.s.Editor()
	if err := d.e.Open(d.path); err != nil {
		t.Fatal(err)
	}
	d.e.TakeMessages()
	d.note()
	return d
}

// reread takes the file as it is now as what it must hold.
func (d *diskEnv) reread() {
	d.t.Helper()
	data, err := os.ReadFile(d.path)
	if err != nil {
		d.t.Fatal(err)
	}
	d.want = data
}

// outside writes the file as another program would, moving the
// modification time on by a millisecond when the file system's clock did
// not move (the editor compares Stats).
func (d *diskEnv) outside(content string) {
	d.t.Helper()
	before, _ := os.Stat(d.path)
	if err := os.WriteFile(d.path, []byte(content), 0o644); err != nil {
		d.t.Fatal(err)
	}
	if after, err := os.Stat(d.path); err == nil && before != nil && after.ModTime().Equal(before.ModTime()) {
		mt := before.ModTime().Add(time.Millisecond)
		if err := os.Chtimes(d.path, mt, mt); err != nil {
			d.t.Fatal(err)
		}
	}
	d.want = []byte(content)
}

// ex runs an Ex command as a headless step and returns its messages and
// output.
func (d *diskEnv) ex(cmd string) []string {
	d.t.Helper()
	msgs, err := d.s.Step(Step{Kind: StepEx, Arg: cmd})
	if err != nil {
		d.t.Fatal(err)
	}
	d.note()
	return append(msgTexts(msgs), d.e.TakeOutput()...)
}

func (d *diskEnv) note() {
	s := textOf(d.e)
	if len(d.shown) == 0 || d.shown[len(d.shown)-1] != s {
		d.shown = append(d.shown, s)
	}
}

// check asserts the two promises: nothing written without the user asking,
// and no text the editor showed lost from the undo tree.
func (d *diskEnv) check() {
	d.t.Helper()
	got, err := os.ReadFile(d.path)
	if d.want != nil && string(got) != string(d.want) {
		d.t.Fatalf("the file holds %q (%v), want %q: written without being asked", got, err, d.want)
	}
	reach := reachableTexts(d.t, d.e.Buffer().History())
	for _, s := range d.shown {
		if !reach[s] {
			d.t.Fatalf("text %q, shown earlier, is not in the undo tree any more", s)
		}
	}
}

// reachableTexts is the set of texts of every state of the tree.
func reachableTexts(t *testing.T, tr *undo.Tree) map[string]bool {
	t.Helper()
	s := tr.Snapshot()
	out := map[string]bool{}
	seqs := []int{0}
	for n := range s.Nodes() {
		seqs = append(seqs, n.Seq)
	}
	for _, seq := range seqs {
		r, err := s.TextAt(seq)
		if err != nil {
			t.Fatalf("TextAt(%d): %v", seq, err)
		}
		out[r.String()] = true
	}
	return out
}
