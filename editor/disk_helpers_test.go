package editor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// diskEnv is an editor with one file open in a temporary directory, and
// what the test expects of it: every text the editor showed must stay
// reachable in the undo tree, and the file must hold what the test (as the
// outside world) or an explicit :w wrote, never anything else.
type diskEnv struct {
	t     *testing.T
	e     *Editor
	dir   string
	path  string
	want  []byte   // the file's bytes as last written by the test or by a :w
	shown []string // every text the buffer showed
}

func newDiskEnv(t *testing.T, name, content string) *diskEnv {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return openDiskEnv(t, dir, path)
}

// openDiskEnv opens the existing file path (in dir).
func openDiskEnv(t *testing.T, dir, path string) *diskEnv {
	t.Helper()
	d := &diskEnv{t: t, dir: dir, path: path}
	d.reread()
	d.e = New(Config{Clock: clock.NewVirtual(time.Unix(1_700_000_000, 0)), Clean: true})
	if err := d.e.Open(d.path); err != nil {
		t.Fatal(err)
	}
	d.e.TakeMessages()
	d.note()
	return d
}

// reread takes the file as it is now as what it must hold (an outside
// program just wrote it).
func (d *diskEnv) reread() {
	d.t.Helper()
	data, err := os.ReadFile(d.path)
	switch {
	case os.IsNotExist(err):
		d.want = nil
	case err != nil:
		d.t.Fatal(err)
	default:
		d.want = data
	}
}

// outside writes the file as another program would. When the file system's
// clock did not move since the previous version (same tick, same size),
// the modification time is moved on by a millisecond, as a program that
// took that long would have: the editor compares Stats, and this suite is
// about what it does with a change, not about timestamp resolution.
func (d *diskEnv) outside(content string) {
	d.t.Helper()
	before, _ := os.Stat(d.path)
	if err := os.WriteFile(d.path, []byte(content), 0o644); err != nil {
		d.t.Fatal(err)
	}
	d.bumpIfSameTime(before)
	d.want = []byte(content)
}

// bumpIfSameTime moves the file's modification time on when it equals the
// one before a change.
func (d *diskEnv) bumpIfSameTime(before os.FileInfo) {
	d.t.Helper()
	after, err := os.Stat(d.path)
	if err != nil || before == nil || !after.ModTime().Equal(before.ModTime()) {
		return
	}
	mt := before.ModTime().Add(time.Millisecond)
	if err := os.Chtimes(d.path, mt, mt); err != nil {
		d.t.Fatal(err)
	}
}

// step runs one empty step as the headless runner does (the files are
// checked by stat first) and returns the messages it produced.
func (d *diskEnv) step() []string {
	d.t.Helper()
	return d.keys("")
}

// keys runs typed keys as a headless step: the files are checked first,
// then the keys run and the step ends as a --keys step does.
func (d *diskEnv) keys(k string) []string {
	d.t.Helper()
	keys, err := ParseKeys(k)
	if err != nil {
		d.t.Fatal(err)
	}
	d.e.PollFiles()
	d.e.Feed(keys, true)
	d.e.EndStep()
	d.note()
	return diskTexts(d.e.TakeMessages())
}

// ex runs an Ex command as a headless step (the files are checked first)
// and returns its messages and output.
func (d *diskEnv) ex(cmd string) []string {
	d.t.Helper()
	d.e.PollFiles()
	d.e.ExecEx(cmd)
	d.note()
	return append(diskTexts(d.e.TakeMessages()), d.e.TakeOutput()...)
}

// wrote records that the test expects the file to hold the buffer now (an
// explicit :w succeeded).
func (d *diskEnv) wrote(content string) { d.want = []byte(content) }

func (d *diskEnv) note() {
	s := d.e.buf().Text().String()
	if len(d.shown) == 0 || d.shown[len(d.shown)-1] != s {
		d.shown = append(d.shown, s)
	}
}

func (d *diskEnv) text() string { return d.e.buf().Text().String() }

// check asserts the two promises: nothing written without the user asking,
// and no text the editor showed lost from the undo tree.
func (d *diskEnv) check() {
	d.t.Helper()
	got, err := os.ReadFile(d.path)
	switch {
	case d.want == nil && !os.IsNotExist(err):
		d.t.Fatalf("the file exists (%q, %v) though nothing should have written it", got, err)
	case d.want != nil && string(got) != string(d.want):
		d.t.Fatalf("the file holds %q, want %q: written without being asked", got, d.want)
	}
	reach := reachableTexts(d.t, d.e.buf().tree)
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

// lastNode is the newest node of the current buffer's tree.
func (d *diskEnv) lastNode() undo.Node {
	d.t.Helper()
	tr := d.e.buf().tree
	n, ok := tr.Snapshot().Node(tr.SeqLast())
	if !ok {
		d.t.Fatalf("no node #%d", tr.SeqLast())
	}
	return n
}

func diskTexts(msgs []Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Text)
	}
	return out
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
