package editor

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor/clock"
)

// TestMappings: typed keys go through the Normal- and Insert-mode maps.
func TestMappings(t *testing.T) {
	tests := []struct {
		name           string
		normal, insert map[string]string
		text           string
		keys           []string // typed, one step each (EndStep after each)
		want           string
	}{
		{"single key", map[string]string{"Q": "dd"}, nil, "a\nb\nc\n", []string{"Q"}, "b\nc\n"},
		{"unmapped keys pass", map[string]string{"Q": "dd"}, nil, "a\nb\n", []string{"x"}, "\nb\n"},
		{"multi-key lhs", map[string]string{",d": "dd"}, nil, "a\nb\nc\n", []string{"j,d"}, "a\nc\n"},
		{"prefix held then released", map[string]string{",d": "dd"}, nil, "a\nb\n", []string{";x"}, "\nb\n"},
		{"prefix then other key", map[string]string{"gx": "dd"}, nil, "abc\nb\n", []string{"gJ"}, "abcb\n"},
		{"held prefix flushed at end of step", map[string]string{"jj": "dd"}, nil, "a\nb\nc\n", []string{"j", "x"}, "a\n\nc\n"},
		{"exact and longer: longer wins", map[string]string{"d": "x", "dd": "j"}, nil, "ab\nc\n", []string{"ddx"}, "ab\n\n"},
		{"exact and longer: other key decides", map[string]string{"Q": "x", "Qj": "dd"}, nil, "abc\n", []string{"Ql"}, "bc\n"},
		{"held exact match applies at end of step", map[string]string{"Q": "x", "Qj": "dd"}, nil, "abc\n", []string{"Q"}, "bc\n"},
		{"non-recursive", map[string]string{"x": "dd", "Q": "x"}, nil, "ab\nc\n", []string{"Q"}, "b\nc\n"},
		{"nop", map[string]string{"x": "<Nop>"}, nil, "ab\n", []string{"x"}, "ab\n"},
		{"insert map", nil, map[string]string{"jk": "<Esc>"}, "ab\n", []string{"ixyjkx"}, "xab\n"},
		{"insert prefix released", nil, map[string]string{"jk": "<Esc>"}, "ab\n", []string{"ijx<Esc>"}, "jxab\n"},
		{"insert map not in normal mode", nil, map[string]string{"x": "y"}, "ab\n", []string{"x"}, "b\n"},
		{"normal map not in insert mode", map[string]string{"x": "dd"}, nil, "ab\n", []string{"ix<Esc>"}, "xab\n"},
		{"not inside a command", map[string]string{"w": "dd"}, nil, "ab cd\nx\n", []string{"dw"}, "cd\nx\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newTestEditor(tt.text)
			if err := e.SetMappings(tt.normal, tt.insert); err != nil {
				t.Fatal(err)
			}
			for _, s := range tt.keys {
				e.Feed(MustParseKeys(s), true)
				e.EndStep()
			}
			if got := textOf(e) + "\n"; got != tt.want {
				t.Fatalf("text %q, want %q", got, tt.want)
			}
		})
	}
}

// TestMappingUndo: a mapped edit is one undo step, as in Vim.
func TestMappingUndo(t *testing.T) {
	e := newTestEditor("abcd\n")
	if err := e.SetMappings(map[string]string{"Q": "xxAz<Esc>"}, nil); err != nil {
		t.Fatal(err)
	}
	e.Feed(MustParseKeys("Q"), true)
	if got := textOf(e) + "\n"; got != "cdz\n" {
		t.Fatalf("after Q: %q", got)
	}
	e.Feed(MustParseKeys("u"), true)
	if got := textOf(e) + "\n"; got != "abcd\n" {
		t.Fatalf("after u: %q, want the whole mapping undone", got)
	}
}

// TestMappingEx: a right side with an Ex command runs it.
func TestMappingEx(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
	if err := e.Open(path); err != nil {
		t.Fatal(err)
	}
	if err := e.SetMappings(map[string]string{"<C-s>": ":w<CR>"}, nil); err != nil {
		t.Fatal(err)
	}
	e.Feed(MustParseKeys("x<C-s>"), true)
	e.EndStep()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "ne\n" {
		t.Fatalf("file %q, want the mapping to have written it", got)
	}
	if e.Mode() != ModeNormal {
		t.Fatalf("mode %v", e.Mode())
	}
}

// TestSetMappingsErrors: a bad entry is reported, the others apply.
func TestSetMappingsErrors(t *testing.T) {
	e := newTestEditor("ab\n")
	err := e.SetMappings(map[string]string{"": "x", "Q": "x"}, nil)
	if err == nil || !strings.Contains(err.Error(), "empty left side") {
		t.Fatalf("err %v", err)
	}
	e.Feed(MustParseKeys("Q"), true)
	if got := textOf(e) + "\n"; got != "b\n" {
		t.Fatalf("text %q", got)
	}
}

// TestApplyConfigMappings: a live reload replaces the mappings.
func TestApplyConfigMappings(t *testing.T) {
	e := newTestEditor("abc\n")
	c := config.Default(noEnv)
	c.Keys.Normal = map[string]string{"Q": "x"}
	e.ApplyConfig(c, nil)
	e.Feed(MustParseKeys("Q"), true)
	if got := textOf(e) + "\n"; got != "bc\n" {
		t.Fatalf("after first config: %q", got)
	}
	c2 := config.Default(noEnv)
	c2.Keys.Normal = map[string]string{"Q": "$x"}
	c2.Keys.Insert = map[string]string{"jk": "<Esc>"}
	e.ApplyConfig(c2, nil)
	e.Feed(MustParseKeys("Qijkx"), true)
	if got := textOf(e) + "\n"; got != "\n" {
		t.Fatalf("after reload: %q", got)
	}
	e.ApplyConfig(config.Default(noEnv), nil)
	e.Feed(MustParseKeys("iQ<Esc>"), true)
	if got := textOf(e) + "\n"; got != "Q\n" {
		t.Fatalf("after mappings removed: %q", got)
	}
}

// TestScrollCtrlEY: CTRL-E/CTRL-Y move the window's top line by [count]
// and the cursor only when it would leave the window ('scrolloff' 0:
// Vim's winline() keeps the cursor's line until it reaches an edge).
func TestScrollCtrlEY(t *testing.T) {
	e := newTestEditor(strings.Repeat("x\n", 100))
	e.Resize(24, 80)
	e.ExecEx("set so=0")
	e.Feed(MustParseKeys("10G"), true)
	steps := []struct {
		keys         string
		top, curLine int
	}{
		{"<C-e>", 1, 9},
		{"3<C-e>", 4, 9},
		{"6<C-e>", 10, 10}, // the cursor would leave the top: first visible line
		{"2<C-y>", 8, 10},
		{"<C-y>", 7, 10},
		{"G", 77, 99},
		{"5<C-y>", 72, 94}, // would leave the bottom: last visible line
	}
	for _, s := range steps {
		e.Feed(MustParseKeys(s.keys), true)
		v := e.View()
		if v.Top != s.top || e.win.cur.Line != s.curLine {
			t.Fatalf("after %s: top %d cursor line %d, want %d %d", s.keys, v.Top, e.win.cur.Line, s.top, s.curLine)
		}
	}
}

// TestRunHooksConfig: RunWith gives the UI its part of the configuration
// at start and again after each reload of the watched file, through the
// real config.Watch.
func TestRunHooksConfig(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "config.toml")
	write := func(s string) {
		t.Helper()
		if err := os.WriteFile(p+".tmp", []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(p+".tmp", p); err != nil {
			t.Fatal(err)
		}
	}
	write("[panel]\nwidth = 30\n")
	cfg, errs := config.Load(p, func(string) string { return "" })
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	e := New(Config{Clean: true})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := e.WatchConfig(ctx, p, func(string) string { return "" }, cfg, 10*time.Millisecond, nil); err != nil {
		t.Skipf("cannot watch here: %v", err)
	}
	got := make(chan UIConfig, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.RunWith(ctx, make(chan Input), func(View) {}, RunHooks{Config: func(c UIConfig) { got <- c }})
	}()
	next := func(what string) UIConfig {
		t.Helper()
		select {
		case c := <-got:
			return c
		case <-time.After(10 * time.Second):
			t.Fatalf("no configuration for the UI: %s", what)
		}
		return UIConfig{}
	}
	if c := next("at start"); c.PanelWidth != 30 || c.PanelRight || c.PanelDiff != "below" {
		t.Errorf("at start: %+v", c)
	}
	write("[panel]\nside = \"right\"\nwidth = 40\ndiff = \"off\"\ntime_format = \"absolute\"\nglyphs = \"ascii\"\n[keys.panel]\n\"<C-j>\" = \"j\"\n")
	want := UIConfig{PanelRight: true, PanelWidth: 40, PanelDiff: "off", PanelAbsolute: true, PanelASCII: true,
		PanelKeys: map[string]string{"<C-j>": "j"}}
	if c := next("after the reload"); !reflect.DeepEqual(c, want) {
		t.Errorf("after the reload: %+v, want %+v", c, want)
	}
	cancel()
	<-done
}
