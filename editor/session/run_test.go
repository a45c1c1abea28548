package session

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// TestRunPublishes drives the UI loop: inputs in, views out, quit ends it.
func TestRunPublishes(t *testing.T) {
	s := newTestSession(t, "one two\n")
	e := s.Editor()
	in := make(chan Input, 4)
	views := make(chan editor.View, 16)
	done := make(chan struct{})
	go func() {
		s.Run(context.Background(), in, func(v editor.View) { views <- v })
		close(done)
	}()
	first := <-views
	if first.Text.String() != "one two" || first.Mode != editor.ModeNormal {
		t.Fatalf("first view: %q %v", first.Text.String(), first.Mode)
	}
	in <- Input{Keys: editor.MustParseKeys("x")}
	var v editor.View
	for v = range views {
		if v.Text.String() == "ne two" {
			break
		}
	}
	if v.Status.SeqCur != 1 || !v.Status.Modified || v.Undo.SeqCur() != 1 {
		t.Errorf("after x: seq %d modified %v undo snapshot seq %d", v.Status.SeqCur, v.Status.Modified, v.Undo.SeqCur())
	}
	in <- Input{Paste: "AB"}
	in <- Input{Ex: "q!"}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after :q!")
	}
	if got := textOf(e); got != "ABne two" {
		t.Errorf("after paste: %q", got)
	}
	// The paste was one undo step.
	if e.Buffer().History().SeqCur() != 2 {
		t.Errorf("paste made seq %d, want 2", e.Buffer().History().SeqCur())
	}
}

// TestRunContextCancel ends the loop from outside.
func TestRunContextCancel(t *testing.T) {
	s := newTestSession(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.Run(ctx, make(chan Input), func(editor.View) {})
		close(done)
	}()
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run ignored the cancelled context")
	}
}

// TestRunMouse: clicks and scrolls arrive through Run's input.
func TestRunMouse(t *testing.T) {
	s := newTestSession(t, strings.Repeat("line\n", 40))
	in := make(chan Input, 4)
	views := make(chan editor.View, 16)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx, in, func(v editor.View) { views <- v })
	<-views
	in <- Input{Height: 11, Width: 40}
	in <- Input{Click: &editor.Click{Line: 4, Col: 2}}
	in <- Input{Scroll: 3}
	for v := range views {
		if v.Top == 3 {
			if v.Cursor != (editor.Pos{Line: 4, Col: 2}) && v.Cursor.Line < 3 {
				t.Errorf("cursor %v", v.Cursor)
			}
			break
		}
	}
}

// TestTimeoutLenRun: under Run, keys held as the start of a longer
// mapping are used once 'timeoutlen' passes without another key, and
// not before; a key in time completes the mapping.
func TestTimeoutLenRun(t *testing.T) {
	const tm = 40 * time.Millisecond
	start := func(t *testing.T) (*editor.Editor, *runHarness) {
		s := newTestSessionOn(t, "one\ntwo\nthree\n", clock.Real()) // 'timeoutlen' in real time
		e := s.Editor()
		if err := e.SetMappings(map[string]string{",": "x", ",d": "dd", ",,d": "G", "jk": "G"}, nil); err != nil {
			t.Fatal(err)
		}
		e.ExecEx("set tm=40")
		h := startRun(t, s)
		h.waitView("the first view", func(editor.View) bool { return true })
		return e, h
	}

	t.Run("held key times out", func(t *testing.T) {
		_, h := start(t)
		sent := time.Now()
		h.in <- Input{Keys: editor.MustParseKeys("j")}
		v := h.waitView("j after the timeout", func(v editor.View) bool { return v.Cursor.Line == 1 })
		if d := time.Since(sent); d < tm {
			t.Errorf("j applied after %v, before 'timeoutlen' (%v)", d, tm)
		}
		if v.Text.String() != "one\ntwo\nthree" {
			t.Errorf("text %q", v.Text.String())
		}
	})
	t.Run("held left side maps on timeout", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Keys: editor.MustParseKeys(",")}
		h.waitView(", mapped to x after the timeout", func(v editor.View) bool { return v.Text.String() == "ne\ntwo\nthree" })
	})
	t.Run("keys held again wait again", func(t *testing.T) {
		// ",," waits for ",,d"; on the timeout the first "," maps to x and
		// the second is held again (a prefix of ",d") until a second
		// timeout, as in Vim.
		_, h := start(t)
		h.in <- Input{Keys: editor.MustParseKeys(",,")}
		h.waitView("both , mapped to x", func(v editor.View) bool { return v.Text.String() == "e\ntwo\nthree" })
	})
	t.Run("next key in time completes the mapping", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Keys: editor.MustParseKeys(",")}
		h.in <- Input{Keys: editor.MustParseKeys("d")}
		v := h.waitView(",d mapped to dd", func(v editor.View) bool { return v.Text.String() == "two\nthree" })
		if v.Status.SeqCur != 1 {
			t.Errorf("seq %d", v.Status.SeqCur)
		}
	})
	t.Run("no flush before the timeout", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Ex: "set tm=5000"}
		h.waitView(":set tm=5000", func(v editor.View) bool { return v.Options.TimeoutLen == 5000 })
		h.in <- Input{Keys: editor.MustParseKeys("j")}
		h.waitView("j held", func(v editor.View) bool { return true })
		time.Sleep(3 * tm)
		h.in <- Input{Keys: editor.MustParseKeys("k")}
		v := h.waitView("jk mapped to G", func(v editor.View) bool { return v.Cursor.Line == 2 })
		if v.Text.String() != "one\ntwo\nthree" {
			t.Errorf("text %q", v.Text.String())
		}
	})
}

// TestRunHooksConfig: RunWith gives the UI its part of the configuration
// at start and again after each reload of the watched file, through the
// real file watcher.
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
	s := New(Config{Editor: editor.Config{Clean: true}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := s.WatchConfig(p, cfg, 10*time.Millisecond); err != nil {
		t.Skipf("cannot watch here: %v", err)
	}
	got := make(chan UIConfig, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.RunWith(ctx, make(chan Input), func(editor.View) {}, RunHooks{Config: func(c UIConfig) { got <- c }})
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
	if c := next("at start"); c.PanelWidth != 30 || c.PanelRight || c.PanelDiff != "auto" {
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

// TestRunInterruptDropsTypeahead: CTRL-C stops a macro that runs itself
// and drops the keys typed before it, as Vim flushes its typeahead: the
// UI sends each key as an input, and a second "@q" typed ahead would
// start the macro again. The keys after the CTRL-C run.
func TestRunInterruptDropsTypeahead(t *testing.T) {
	s := newTestSession(t, "one\ntwo\n")
	in := make(chan Input, 16)
	views := make(chan editor.View, 64)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx, in, func(v editor.View) {
		select {
		case views <- v:
		default:
		}
	})
	in <- Input{Keys: editor.MustParseKeys("qq@q@q@qq")} // q is "@q@q@q"
	for _, k := range editor.MustParseKeys("@q@q") {
		in <- Input{Keys: []editor.Key{k}}
	}
	time.Sleep(200 * time.Millisecond)
	s.Interrupt()
	in <- Input{Keys: editor.MustParseKeys("<C-c>")}
	in <- Input{Keys: editor.MustParseKeys("x")}
	deadline := time.After(10 * time.Second)
	for {
		select {
		case v := <-views:
			if v.Text.String() == "ne\ntwo" {
				return
			}
		case <-deadline:
			t.Fatal("the macro ran on after CTRL-C, or x was lost")
		}
	}
}

// TestRunCancelStopsRunawayMacro: ending the loop from outside (the
// terminal closed) interrupts a macro that runs itself, so Run returns
// and writes the undo files instead of spinning on, an orphan.
func TestRunCancelStopsRunawayMacro(t *testing.T) {
	s := newTestSession(t, "one\ntwo\n")
	in := make(chan Input, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		s.Run(ctx, in, func(editor.View) {})
		close(done)
	}()
	in <- Input{Keys: editor.MustParseKeys("qq@q@q@qq")} // q is "@q@q@q"
	in <- Input{Keys: editor.MustParseKeys("@q")}
	time.Sleep(200 * time.Millisecond)
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
}
