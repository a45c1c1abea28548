package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undofile"
)

// persistEnv is one test's world: a text file and an undo directory in a
// temporary directory, and editors on a virtual clock that share them.
type persistEnv struct {
	t     testing.TB
	root  string
	dir   string // the undo directory
	file  string // the text file
	clock *clock.Virtual
	conf  config.UndoConfig
}

func newPersistEnv(t testing.TB, text string) *persistEnv {
	t.Helper()
	root := t.TempDir()
	p := &persistEnv{
		t: t, root: root, dir: filepath.Join(root, "undo"), file: filepath.Join(root, "f.txt"),
		clock: clock.NewVirtual(testEpoch),
		conf: config.UndoConfig{MaxFileSize: 10 << 20, MaxEntries: 10000, SaveInterval: 10 * time.Second,
			PersistDays: 90},
	}
	if text != "" {
		p.write(text)
	}
	return p
}

// write replaces the text file's bytes (an outside change).
func (p *persistEnv) write(text string) {
	p.t.Helper()
	if err := os.WriteFile(p.file, []byte(text), 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// editor returns a new editor with persistent undo in p.dir, not yet
// editing anything.
func (p *persistEnv) editor() *Editor {
	opt := DefaultOptions()
	opt.UndoDir = p.dir
	c := p.conf
	e := New(Config{Options: opt, Clock: p.clock, Undo: &c, Location: time.UTC})
	p.t.Cleanup(func() { _ = e.Close() })
	return e
}

// open returns a new editor editing p.file and the messages of the open.
func (p *persistEnv) open() (*Editor, []string) {
	p.t.Helper()
	e := p.editor()
	if err := e.Open(p.file); err != nil {
		p.t.Fatalf("open %s: %v", p.file, err)
	}
	return e, msgTexts(e.TakeMessages())
}

// undoFile is the undo file of p.file.
func (p *persistEnv) undoFile() string {
	p.t.Helper()
	abs, err := undofile.Canonical(p.file)
	if err != nil {
		p.t.Fatal(err)
	}
	name, err := undofile.Locate(p.dir, abs)
	if err != nil {
		p.t.Fatal(err)
	}
	return name
}

// crash stops e's writer without the exit writes, as a killed kjx would:
// what the writer had finished is on disk, nothing else.
func crash(e *Editor) {
	if e.persist.w != nil {
		e.persist.w.Close()
		e.persist.w = nil
	}
	e.persist.bufs = nil // nothing left for Close to write
}

func msgTexts(ms []Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

// do runs Ex command lines and keys on e: an entry starting with ':' is an
// Ex command, anything else keys in Vim notation, typed.
func do(t *testing.T, e *Editor, steps ...string) {
	t.Helper()
	for _, s := range steps {
		if strings.HasPrefix(s, ":") {
			e.ExecEx(s[1:])
			continue
		}
		keys, err := ParseKeys(s)
		if err != nil {
			t.Fatalf("keys %q: %v", s, err)
		}
		e.Feed(keys, true)
		e.EndStep()
	}
}

func hasMsg(ms []string, want string) bool {
	for _, m := range ms {
		if m == want {
			return true
		}
	}
	return false
}

func textOf(e *Editor) string { return e.Buffer().Text().String() }
