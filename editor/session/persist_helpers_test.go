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
	"github.com/kjx-editor/kjx/undofile"
)

// persistEnv is one test's world: a text file and an undo directory in a
// temporary directory, and sessions on a virtual clock that share them.
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

// session returns a new session with persistent undo in p.dir, not yet
// editing anything.
func (p *persistEnv) session() *Session {
	opt := editor.DefaultOptions()
	opt.UndoDir = p.dir
	c := p.conf
	s := New(Config{Editor: editor.Config{Options: opt, Location: time.UTC}, Clock: p.clock, Undo: &c})
	p.t.Cleanup(func() { _ = s.Close() })
	return s
}

// cleanSession is a session started with --clean (no undo files unless
// :set undofile), with 'undodir' p.dir.
func (p *persistEnv) cleanSession() *Session {
	opt := editor.DefaultOptions()
	opt.UndoDir = p.dir
	s := New(Config{Editor: editor.Config{Options: opt, Clean: true}, Clock: p.clock})
	p.t.Cleanup(func() { _ = s.Close() })
	return s
}

// open returns a new session editing p.file and the messages of the open.
func (p *persistEnv) open() (*Session, []string) {
	p.t.Helper()
	s := p.session()
	if err := s.Editor().Open(p.file); err != nil {
		p.t.Fatalf("open %s: %v", p.file, err)
	}
	return s, msgTexts(s.Editor().TakeMessages())
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

// crash stops s's writer without the exit writes, as a killed kjx would:
// what the writer had finished is on disk, nothing else.
func crash(s *Session) {
	if s.persist.w != nil {
		s.persist.w.Close()
		s.persist.w = nil
	}
	s.persist.bufs = nil // nothing left for Close to write
}

// do runs Ex command lines and keys on s's core: an entry starting with
// ':' is an Ex command, anything else keys in Vim notation, typed.
func do(t *testing.T, s *Session, steps ...string) {
	t.Helper()
	e := s.Editor()
	for _, s := range steps {
		if strings.HasPrefix(s, ":") {
			e.ExecEx(s[1:])
			continue
		}
		keys, err := editor.ParseKeys(s)
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
