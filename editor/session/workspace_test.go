package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// wsEnv is a workspace (a directory with .git) with files, an undo
// directory and a data directory outside it, and sessions on a virtual
// clock started in the workspace.
type wsEnv struct {
	t     *testing.T
	root  string // the workspace
	undo  string
	data  string
	clock *clock.Virtual
}

func newWsEnv(t *testing.T) *wsEnv {
	t.Helper()
	tmp := t.TempDir()
	w := &wsEnv{t: t, root: filepath.Join(tmp, "proj"), undo: filepath.Join(tmp, "undo"),
		data: filepath.Join(tmp, "data"), clock: clock.NewVirtual(testEpoch)}
	if err := os.MkdirAll(filepath.Join(w.root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *wsEnv) path(name string) string { return filepath.Join(w.root, name) }

func (w *wsEnv) write(name, text string) {
	w.t.Helper()
	if err := os.WriteFile(w.path(name), []byte(text), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

// read returns a file's text, or "<absent>".
func (w *wsEnv) read(name string) string {
	w.t.Helper()
	b, err := os.ReadFile(w.path(name))
	if os.IsNotExist(err) {
		return "<absent>"
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return string(b)
}

// session starts a session in the workspace; the wall clock is the
// virtual one, so checkpoint times are deterministic.
func (w *wsEnv) session() *Session {
	opt := editor.DefaultOptions()
	opt.UndoDir = w.undo
	c := config.UndoConfig{MaxFileSize: 10 << 20, MaxEntries: 10000, SaveInterval: 10 * time.Second, PersistDays: 90}
	env := func(k string) string {
		if k == "XDG_DATA_HOME" {
			return w.data
		}
		return ""
	}
	s := New(Config{Editor: editor.Config{Options: opt, Location: time.UTC}, Clock: w.clock, Wall: w.clock,
		Undo: &c, Env: env, WorkDir: w.root})
	w.t.Cleanup(func() { _ = s.Close() })
	return s
}

// ex runs Ex command lines and returns the messages and output they left.
func (w *wsEnv) ex(s *Session, lines ...string) string {
	w.t.Helper()
	for _, l := range lines {
		s.Editor().ExecEx(l)
		w.clock.Advance(time.Second)
	}
	v := s.Editor().TakeView()
	var out []string
	for _, m := range v.Messages {
		out = append(out, m.Text)
	}
	out = append(out, v.Output...)
	return strings.Join(out, "\n")
}

// edit replaces the current buffer's text with text by an Ex command.
func (w *wsEnv) edit(s *Session, text string) {
	w.t.Helper()
	s.Editor().ExecEx("%d")
	s.Editor().ExecEx("normal! i" + text)
}

// threeFiles runs the first session of the scenario: a, b, c edited and
// written, a named checkpoint "before", then all three edited and
// written again. It returns the texts at "before" and after.
func (w *wsEnv) threeFiles() (before, after map[string]string) {
	w.t.Helper()
	for _, n := range []string{"a.txt", "b.txt", "c.txt"} {
		w.write(n, n+" original\n")
	}
	s := w.session()
	before, after = map[string]string{}, map[string]string{}
	for _, n := range []string{"a.txt", "b.txt", "c.txt"} {
		w.ex(s, "e "+w.path(n))
		w.edit(s, n+" v1")
		w.ex(s, "w")
		before[n] = w.read(n)
	}
	if got := w.ex(s, "checkpoint before"); !strings.Contains(got, "«before»") {
		w.t.Fatalf(":checkpoint before said %q", got)
	}
	for _, n := range []string{"a.txt", "b.txt", "c.txt"} {
		w.ex(s, "e "+w.path(n))
		w.edit(s, n+" v2")
		w.ex(s, "w")
		after[n] = w.read(n)
	}
	if err := s.Close(); err != nil {
		w.t.Fatal(err)
	}
	return before, after
}

func (w *wsEnv) wantFiles(want map[string]string) {
	w.t.Helper()
	for n, text := range want {
		if got := w.read(n); got != text {
			w.t.Errorf("%s = %q, want %q", n, got, text)
		}
	}
}

func TestRewindScenarioAcrossSessions(t *testing.T) {
	w := newWsEnv(t)
	before, after := w.threeFiles()
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"))
	got := w.ex(s, "rewind! before")
	if !strings.Contains(got, "3 files rewound to «before»") {
		t.Fatalf(":rewind! before said %q", got)
	}
	w.wantFiles(before)
	if v := s.Editor().TakeView(); v.Status.Rewound != "before" {
		t.Errorf("status Rewound = %q, want before", v.Status.Rewound)
	}
	got = w.ex(s, `rewind! "before rewind"`)
	if !strings.Contains(got, "3 files rewound") {
		t.Fatalf(":rewind! \"before rewind\" said %q", got)
	}
	w.wantFiles(after)
	// Every state is still reachable: a's history has v1 and v2.
	w.ex(s, "undo 0")
	if txt := textOf(s.Editor()); txt != "a.txt original" {
		t.Errorf("a.txt at state 0 = %q", txt)
	}
	list := w.ex(s, "checkpoints")
	for _, want := range []string{"«before»", "«before rewind»", "«write»", "«opened»", "a.txt +1 −1"} {
		if !strings.Contains(list, want) {
			t.Errorf(":checkpoints lacks %q:\n%s", want, list)
		}
	}
}

func TestRewindAsksFirst(t *testing.T) {
	w := newWsEnv(t)
	before, after := w.threeFiles()
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"))
	got := w.ex(s, "rewind before")
	if !strings.Contains(got, "Rewind 3 files (6 changes) to «before»") || !strings.Contains(got, "b.txt") {
		t.Fatalf(":rewind before said %q", got)
	}
	s.Editor().Feed(mustKeys(t, "n"), true)
	w.wantFiles(after)
	w.ex(s, "rewind before")
	s.Editor().Feed(mustKeys(t, "y"), true)
	w.wantFiles(before)
}

func TestRewindRefusesOutsideChange(t *testing.T) {
	w := newWsEnv(t)
	_, after := w.threeFiles()
	w.write("b.txt", "changed outside\n")
	after["b.txt"] = "changed outside\n"
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"))
	got := w.ex(s, "rewind! before")
	if !strings.Contains(got, "rewind refused: b.txt changed on disk since kjx last saw it; nothing was changed") {
		t.Fatalf(":rewind! said %q", got)
	}
	w.wantFiles(after)
}

func TestRewindRollsBackAFailedWrite(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes read-only files")
	}
	w := newWsEnv(t)
	_, after := w.threeFiles()
	// c.txt cannot be replaced: its directory entry is fine but the file
	// is read-only and kjx writes in place to keep links.
	if err := os.Chmod(w.path("c.txt"), 0o444); err != nil {
		t.Fatal(err)
	}
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"))
	got := w.ex(s, "rewind! before")
	if !strings.Contains(got, "rewind failed: c.txt") || !strings.Contains(got, "every file was put back") {
		t.Fatalf(":rewind! said %q", got)
	}
	w.wantFiles(after)
}

func TestRewindRefusesSymlinkOutside(t *testing.T) {
	w := newWsEnv(t)
	outside := filepath.Join(filepath.Dir(w.root), "outside.txt")
	if err := os.WriteFile(outside, []byte("out\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.session()
	w.ex(s, "e "+w.path("in.txt"))
	w.edit(s, "in v1")
	w.ex(s, "w", "checkpoint one")
	w.edit(s, "in v2")
	w.ex(s, "w")
	_ = s.Close()
	// in.txt becomes a link to a file outside the workspace.
	if err := os.Remove(w.path("in.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, w.path("in.txt")); err != nil {
		t.Fatal(err)
	}
	s = w.session()
	got := w.ex(s, "rewind! one")
	if !strings.Contains(got, "rewind refused: in.txt leads outside the workspace") {
		t.Fatalf(":rewind! said %q", got)
	}
	if b, _ := os.ReadFile(outside); string(b) != "out\n" {
		t.Errorf("outside file = %q", b)
	}
}

func TestRewindDeletesACreatedFileAndBringsItBack(t *testing.T) {
	w := newWsEnv(t)
	w.write("a.txt", "a\n")
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"), "checkpoint start")
	w.ex(s, "e "+w.path("new.txt"))
	w.edit(s, "brand new")
	w.ex(s, "w")
	if w.read("new.txt") != "brand new\n" {
		t.Fatalf("new.txt = %q", w.read("new.txt"))
	}
	got := w.ex(s, "rewind! start")
	if !strings.Contains(got, "1 file rewound to «start»") {
		t.Fatalf(":rewind! start said %q", got)
	}
	if w.read("new.txt") != "<absent>" {
		t.Errorf("new.txt after the rewind = %q, want it deleted", w.read("new.txt"))
	}
	got = w.ex(s, `rewind! before rewind`)
	if !strings.Contains(got, "1 file rewound") || w.read("new.txt") != "brand new\n" {
		t.Errorf("after :rewind! before rewind: %q, new.txt = %q", got, w.read("new.txt"))
	}
}

// TestForkCheckpoint: :fork NAME opens the current file's text at the
// workspace checkpoint NAME (a file whose own tree has no such label) as
// a new buffer; the file does not move.
func TestForkCheckpoint(t *testing.T) {
	w := newWsEnv(t)
	before, after := w.threeFiles()
	s := w.session()
	w.ex(s, "e "+w.path("a.txt"))
	got := w.ex(s, "fork before")
	b := s.Editor().Buffer()
	if !strings.HasPrefix(filepath.Base(b.Name()), "a.txt~") || b.Text().String()+"\n" != before["a.txt"] {
		t.Fatalf(":fork before: buffer %q text %q (%s)", b.Name(), b.Text().String(), got)
	}
	w.ex(s, "w "+w.path("copy.txt"))
	if w.read("copy.txt") != before["a.txt"] || w.read("a.txt") != after["a.txt"] {
		t.Errorf("copy.txt %q, a.txt %q", w.read("copy.txt"), w.read("a.txt"))
	}
}

// TestUndostatsWorkspace: :undostats reports the workspace history and
// its store.
func TestUndostatsWorkspace(t *testing.T) {
	w := newWsEnv(t)
	w.threeFiles()
	s := w.session()
	got := w.ex(s, "undostats")
	for _, want := range []string{"Workspace history of " + w.root + ": ", "checkpoints, 3 files known", "Store: ", "dedup ratio"} {
		if !strings.Contains(got, want) {
			t.Errorf(":undostats lacks %q:\n%s", want, got)
		}
	}
}

// TestRewindPicker: :rewind opens the picker over the checkpoints,
// newest first; / filters, Enter chooses, a rewinds all files after the
// question, f only the current file, Esc cancels.
func TestRewindPicker(t *testing.T) {
	w := newWsEnv(t)
	before, after := w.threeFiles()
	s := w.session()
	ed := s.Editor()
	w.ex(s, "e "+w.path("a.txt"))
	w.ex(s, "rewind")
	v := ed.TakeView()
	if !v.Picker.Active || len(v.Picker.Items) < 5 || !strings.Contains(v.Picker.Items[0], "«write»") {
		t.Fatalf("picker: %+v", v.Picker)
	}
	ed.Feed(mustKeys(t, "/bef<CR>"), true)
	v = ed.TakeView()
	if len(v.Picker.Items) != 1 || !strings.Contains(v.Picker.Items[0], "«before»") {
		t.Fatalf("filtered picker: %+v", v.Picker.Items)
	}
	ed.Feed(mustKeys(t, "<CR>f"), true)
	v = ed.TakeView()
	if !v.Confirm.Active || !strings.Contains(v.Confirm.Prompt, "Rewind 1 file (2 changes) to «before»") {
		t.Fatalf("after f: confirm %+v, messages %v", v.Confirm, v.Messages)
	}
	ed.Feed(mustKeys(t, "y"), true)
	if w.read("a.txt") != before["a.txt"] || w.read("b.txt") != after["b.txt"] {
		t.Errorf("f rewound a.txt %q, b.txt %q", w.read("a.txt"), w.read("b.txt"))
	}
	w.ex(s, "rewind")
	ed.Feed(mustKeys(t, "<Esc>"), true)
	if v := ed.TakeView(); v.Picker.Active || v.Mode != 0 {
		t.Errorf("Esc left the picker open: %+v", v.Picker)
	}
}
