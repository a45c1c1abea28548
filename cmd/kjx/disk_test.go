package main

// End-to-end tests of changes on disk and of the live configuration: the
// whole interactive stack (session.Run under ui.RunWith on a tcell
// simulation screen, the real watchers on real files), with real programs
// changing the files. Waits are bounded and generous, for a loaded
// machine; nothing depends on how fast events arrive.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui"
)

// diskScreen is a simulation screen whose Init is reported and whose
// Show and Sync are serialised with the test's reads of its cells.
type diskScreen struct {
	tcell.SimulationScreen
	ready chan struct{}
	mu    sync.Mutex
}

func (s *diskScreen) Init() error {
	err := s.SimulationScreen.Init()
	close(s.ready)
	return err
}

func (s *diskScreen) Show() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Show()
}

func (s *diskScreen) Sync() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Sync()
}

// diskSim is the editor running on a simulation screen.
type diskSim struct {
	t    *testing.T
	scr  *diskScreen
	done chan struct{} // closed when RunWith returned
	err  error         // what it returned, once done is closed
}

func startDiskSim(t *testing.T, ctx context.Context, sess *session.Session) *diskSim {
	t.Helper()
	s := &diskSim{t: t, scr: &diskScreen{SimulationScreen: tcell.NewSimulationScreen("UTF-8"), ready: make(chan struct{})}, done: make(chan struct{})}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		s.err = ui.RunWith(ctx, sess, s.scr, ui.Options{})
		close(s.done)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			t.Error("the UI did not stop")
		}
	})
	<-s.scr.ready
	s.scr.SetSize(80, 12)
	return s
}

func (s *diskSim) text() string {
	s.scr.mu.Lock()
	defer s.scr.mu.Unlock()
	cells, w, h := s.scr.GetContents()
	var b strings.Builder
	for y := range h {
		for x := range w {
			c := cells[y*w+x]
			if len(c.Runes) == 0 {
				b.WriteByte(' ')
			} else {
				b.WriteString(string(c.Runes))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// waitFor waits (at most 15 s) until the screen shows every part.
func (s *diskSim) waitFor(parts ...string) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		txt := s.text()
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(txt, p)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen never showed %q:\n%s", parts, txt)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *diskSim) keys(k string) {
	for _, r := range k {
		s.scr.InjectKey(tcell.KeyRune, r, tcell.ModNone)
		time.Sleep(3 * time.Millisecond)
	}
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=kjx", "GIT_AUTHOR_EMAIL=kjx@example.com", "GIT_COMMITTER_NAME=kjx", "GIT_COMMITTER_EMAIL=kjx@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestDiskGitCheckoutEndToEnd: a git checkout under the running editor is
// reloaded on screen, u brings the text back, and the file keeps what git
// wrote.
func TestDiskGitCheckoutEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git: not on PATH")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "f.go")
	gitIn(t, dir, "init", "-q", "-b", "main")
	if err := os.WriteFile(path, []byte("package alpha\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "add", "f.go")
	gitIn(t, dir, "commit", "-q", "-m", "alpha")
	gitIn(t, dir, "checkout", "-q", "-b", "beta")
	if err := os.WriteFile(path, []byte("package beta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "commit", "-q", "-am", "beta")
	gitIn(t, dir, "checkout", "-q", "main")

	sess := session.New(session.Config{Editor: editor.Config{Clean: true}})
	if err := sess.Editor().Open(path); err != nil {
		t.Fatal(err)
	}
	s := startDiskSim(t, context.Background(), sess)
	s.waitFor("package alpha")
	gitIn(t, dir, "checkout", "-q", "beta")
	s.waitFor("package beta", "changed on disk: reloaded (u to undo)")
	s.keys("u")
	s.waitFor("package alpha")
	s.keys(":q!\r")
	select {
	case <-s.done:
		if s.err != nil {
			t.Fatalf("RunWith: %v", s.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf(":q! did not end the editor:\n%s", s.text())
	}
	if got, _ := os.ReadFile(path); string(got) != "package beta\n" {
		t.Fatalf("the file holds %q: written without being asked", got)
	}
}

// TestConfigLiveEndToEnd: the configuration file changes while the editor
// runs; good values apply at once, bad ones are reported and change
// nothing.
func TestConfigLiveEndToEnd(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.toml")
	env := func(string) string { return "" }
	if err := os.WriteFile(cfgPath, []byte("[editor]\nnumber = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, warns := loadConfig(options{configFile: cfgPath}, env)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("alpha\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sess := session.New(session.Config{Editor: editor.Config{Options: session.OptionsFromConfig(cfg, editor.DefaultOptions()), Clean: true}, Env: env})
	if err := sess.Editor().Open(file); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := sess.WatchConfig(cfgPath, cfg, 20*time.Millisecond); err != nil {
		t.Skipf("cannot watch here: %v", err)
	}
	t.Cleanup(func() { _ = sess.Close() }) // after the UI stopped (cleanups run last first)
	s := startDiskSim(t, ctx, sess)
	s.waitFor("alpha")
	if err := os.WriteFile(cfgPath, []byte("[editor]\nnumber = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.waitFor("  1 alpha", "reloaded: number")
	if err := os.WriteFile(cfgPath, []byte("[editor]\nnumber = true\ntabstop = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s.waitFor("keeping the previous setting (8)")
	s.waitFor("  1 alpha")
}

// TestConfigErrorsAtStartup: every kind of problem in the configuration
// file at start-up gives one FILE:LINE message, and the editor starts with
// the good values and defaults for the bad ones.
func TestConfigErrorsAtStartup(t *testing.T) {
	dir := t.TempDir()
	env := func(string) string { return "" }
	write := func(name, src string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, src string
		want      []string // one message each, in order
		check     func(editor.Options) bool
	}{
		{"values.toml", "[editor]\nnumber = true\ntabstop = 0\nshiftwidth = \"4\"\nscrolloff = -1\n",
			[]string{"values.toml:3: editor.tabstop = 0", "values.toml:4: editor.shiftwidth", "values.toml:5: editor.scrolloff = -1"},
			func(o editor.Options) bool {
				return o.Number && o.TabStop == 8 && o.ShiftWidth == 8 && o.ScrollOff == 0
			}},
		{"unknown.toml", "[editor]\ntabstp = 4\n[nosuch]\nx = 1\n",
			[]string{"unknown.toml:2: unknown key \"editor.tabstp\"", "unknown.toml:3"},
			func(o editor.Options) bool { return o.TabStop == 8 }},
		{"syntax.toml", "[editor]\nnumber = true\ntabstop = = 4\n",
			[]string{"syntax.toml:3: syntax error"},
			func(o editor.Options) bool { return !o.Number }},
		// undo.levels = -5 is valid since the limits are Vim's (any
		// 'undolevels'); tabstop beyond Vim's 9999 is not.
		{"enum.toml", "[panel]\nside = \"middle\"\n[editor]\ntabstop = 10000\n",
			[]string{"enum.toml:2: panel.side = \"middle\"", "enum.toml:4: editor.tabstop = 10000"},
			func(o editor.Options) bool { return o.TabStop == 8 }},
		// -u naming a missing file is Vim's E282 (vim -u nothere), and the
		// defaults are used.
		{"missing.toml", "", []string{`E282: Cannot read from "` + filepath.Join(dir, "missing.toml") + `"`},
			func(o editor.Options) bool { return o.TabStop == 8 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, tc.name)
			if tc.src != "" {
				p = write(tc.name, tc.src)
			}
			cfg, _, warns := loadConfig(options{configFile: p}, env)
			ed := editor.New(editor.Config{Options: session.OptionsFromConfig(cfg, editor.DefaultOptions()), Clean: true})
			for _, w := range warns {
				ed.ShowError(w.Error())
			}
			msgs := ed.TakeMessages()
			if len(msgs) != len(tc.want) {
				t.Fatalf("%d messages %v, want %d", len(msgs), msgs, len(tc.want))
			}
			for i, w := range tc.want {
				if !strings.Contains(msgs[i].Text, w) || !msgs[i].Error {
					t.Errorf("message %d = %q, want one with %q", i, msgs[i].Text, w)
				}
			}
			if !tc.check(ed.Options()) {
				t.Errorf("the editor started with %+v", ed.Options())
			}
		})
	}
	if os.Geteuid() != 0 {
		p := write("unreadable.toml", "[editor]\nnumber = true\n")
		if err := os.Chmod(p, 0); err != nil {
			t.Fatal(err)
		}
		cfg, _, warns := loadConfig(options{configFile: p}, env)
		if len(warns) != 1 || !strings.Contains(warns[0].Error(), "cannot read") || cfg.Editor.Number {
			t.Fatalf("unreadable file: %v, number %v", warns, cfg.Editor.Number)
		}
	}
}
