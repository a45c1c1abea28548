package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
)

func noEnv(string) string { return "" }

func TestOptionsFromConfig(t *testing.T) {
	c := config.Default(noEnv)
	c.Editor = config.EditorConfig{
		TabStop: 3, ShiftWidth: 5, SoftTabStop: -1, ExpandTab: true, AutoIndent: true, ShiftRound: true,
		Number: true, RelativeNumber: true, Wrap: false, IgnoreCase: true, SmartCase: true,
		HLSearch: true, IncSearch: false, WrapScan: false, FixEndOfLine: true, ScrollOff: 7, TimeoutLen: 250,
		Syntax: false, ColorScheme: "monokai",
	}
	c.Undo.Levels, c.Undo.Persistent, c.Undo.Dir = 42, true, "/u"
	base := editor.DefaultOptions()
	base.Report, base.NrFormats, base.TildeOp = 9, "alpha", true
	got := OptionsFromConfig(c, base)
	want := base
	want.TabStop, want.ShiftWidth, want.SoftTabStop = 3, 5, -1
	want.ExpandTab, want.AutoIndent, want.ShiftRound = true, true, true
	want.Number, want.RelativeNumber, want.Wrap = true, true, false
	want.IgnoreCase, want.SmartCase, want.HLSearch, want.IncSearch, want.WrapScan = true, true, true, false, false
	want.FixEndOfLine, want.ScrollOff, want.TimeoutLen = true, 7, 250
	want.UndoLevels, want.UndoFile, want.UndoDir = 42, true, "/u"
	want.Syntax, want.ColorScheme = false, "monokai"
	if got != want {
		t.Fatalf("OptionsFromConfig:\n got %+v\nwant %+v", got, want)
	}
}

func TestApplyConfigLive(t *testing.T) {
	start := config.Default(noEnv)
	s := New(Config{Editor: editor.Config{Clean: true, Options: OptionsFromConfig(start, editor.DefaultOptions())}})
	e := s.Editor()
	s.live = configLive{cur: start, path: "kjx.toml"}
	e.ExecEx("set ts=2") // the user's own setting during the session

	next := start
	next.Editor.Number = true
	next.Undo.Levels = 5
	s.ApplyConfig(next, nil)
	msgs := msgTexts(e.TakeMessages())
	if !slices.Contains(msgs, `"kjx.toml" reloaded: number undolevels=5`) {
		t.Fatalf("messages %q", msgs)
	}
	if o := e.Options(); !o.Number || o.TabStop != 2 || o.UndoLevels != 5 || e.Buffer().History().Levels() != 5 {
		t.Fatalf("options %+v, tree levels %d", o, e.Buffer().History().Levels())
	}
	// The configured tabstop changes: now it applies.
	next2 := next
	next2.Editor.TabStop = 4
	next2.Editor.Number = false
	s.ApplyConfig(next2, nil)
	if o := e.Options(); o.TabStop != 4 || o.Number {
		t.Fatalf("options %+v", o)
	}
	wantMsg(t, msgTexts(e.TakeMessages()), "reloaded: tabstop=4 nonumber")
	// Only the panel changed: said so, nothing touched.
	next3 := next2
	next3.Panel.Width = 50
	s.ApplyConfig(next3, nil)
	wantMsg(t, msgTexts(e.TakeMessages()), "no editor option changed")
}

// configErrors writes a configuration with every kind of problem and
// returns what config.Load says about it.
func configErrors(t *testing.T, dir string) (config.Config, []error) {
	t.Helper()
	p := filepath.Join(dir, "bad.toml")
	src := "[editor]\ntabstop = 0\nnumber = \"yes\"\ntabstopp = 4\n[panel]\nside = \"top\"\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return config.Load(p, noEnv)
}

func TestLiveConfigErrorWording(t *testing.T) {
	dir := t.TempDir()
	_, errs := configErrors(t, dir)
	if len(errs) != 4 {
		t.Fatalf("config.Load found %d problems: %v", len(errs), errs)
	}
	var got []string
	for _, err := range errs {
		got = append(got, liveConfigError(err))
	}
	for _, w := range []string{
		"bad.toml:2: editor.tabstop = 0: ", "; keeping the previous setting (8)",
		"bad.toml:3: editor.number: ", "\"yes\"; keeping the previous setting (false)",
		"bad.toml:4: unknown key \"editor.tabstopp\"", "; ignored",
		"bad.toml:6: panel.side = \"top\": ", "; keeping the previous setting (\"left\")",
	} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, w) }) {
			t.Errorf("no message with %q in\n%s", w, strings.Join(got, "\n"))
		}
	}
	p := filepath.Join(dir, "syntax.toml")
	if err := os.WriteFile(p, []byte("[editor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs = config.Load(p, noEnv)
	if len(errs) != 1 || !strings.HasSuffix(liveConfigError(errs[0]), "; keeping the previous settings") {
		t.Fatalf("syntax error: %v → %q", errs, liveConfigError(errs[0]))
	}
}

// TestWatchConfigLive changes a real configuration file under Run: the
// real file watcher (fsnotify, a short debounce on the real clock) and
// bounded waits.
func TestWatchConfigLive(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	write := func(s string) {
		t.Helper()
		tmp := p + ".tmp"
		if err := os.WriteFile(tmp, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, p); err != nil { // as editors save
			t.Fatal(err)
		}
	}
	write("[editor]\ntabstop = 8\n")
	cfg, errs := config.Load(p, noEnv)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	s := New(Config{Editor: editor.Config{Options: OptionsFromConfig(cfg, editor.DefaultOptions()), Clean: true}, Env: noEnv})
	if err := s.WatchConfig(p, cfg, 20*time.Millisecond); err != nil {
		t.Skipf("cannot watch here: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() }) // after Run stopped (cleanups run last first)
	h := startRun(t, s)
	h.waitView("the first view", func(editor.View) bool { return true })
	write("[editor]\ntabstop = 4\nnumber = true\n")
	h.waitView("tabstop 4", func(v editor.View) bool { return v.Options.TabStop == 4 && v.Options.Number })
	write("[editor]\ntabstop = 0\nnumber = true\n")
	v := h.waitView("the warning", func(editor.View) bool { return h.sawMsg("keeping the previous setting (4)") })
	if v.Options.TabStop != 4 {
		t.Fatalf("a bad value changed tabstop to %d", v.Options.TabStop)
	}
	write("[editor\n")
	v = h.waitView("the syntax error", func(editor.View) bool { return h.sawMsg("keeping the previous settings") })
	if v.Options.TabStop != 4 || !v.Options.Number {
		t.Fatalf("a broken file changed the options: %+v", v.Options)
	}
	h.stop()
}

// TestApplyConfigMappings: a live reload replaces the mappings.
func TestApplyConfigMappings(t *testing.T) {
	s := newTestSession(t, "abc\n")
	e := s.Editor()
	c := config.Default(noEnv)
	c.Keys.Normal = map[string]string{"Q": "x"}
	s.ApplyConfig(c, nil)
	e.Feed(editor.MustParseKeys("Q"), true)
	if got := textOf(e) + "\n"; got != "bc\n" {
		t.Fatalf("after first config: %q", got)
	}
	c2 := config.Default(noEnv)
	c2.Keys.Normal = map[string]string{"Q": "$x"}
	c2.Keys.Insert = map[string]string{"jk": "<Esc>"}
	s.ApplyConfig(c2, nil)
	e.Feed(editor.MustParseKeys("Qijkx"), true)
	if got := textOf(e) + "\n"; got != "\n" {
		t.Fatalf("after reload: %q", got)
	}
	s.ApplyConfig(config.Default(noEnv), nil)
	e.Feed(editor.MustParseKeys("iQ<Esc>"), true)
	if got := textOf(e) + "\n"; got != "Q\n" {
		t.Fatalf("after mappings removed: %q", got)
	}
}
