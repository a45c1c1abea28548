package ui

import (
	"context"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

// TestPanelMapsFeed checks the mapping rules on key sequences: exact
// left sides, held prefixes, release of keys that stop matching (the
// longest mapped prefix first, the rest typed again), flush, <Nop> and no
// recursion.
func TestPanelMapsFeed(t *testing.T) {
	cases := []struct {
		name  string
		maps  map[string]string
		typed []string // "" flushes (the timeout)
		want  []string // per typed key: the keys given to the panel
	}{
		{"plain", map[string]string{"<C-j>": "j"}, []string{"<C-j>", "x", "j"}, []string{"j", "x", "j"}},
		{"not recursive", map[string]string{"j": "k", "k": "j"}, []string{"j", "k"}, []string{"k", "j"}},
		{"nop", map[string]string{"x": "<Nop>"}, []string{"x", "j"}, []string{"", "j"}},
		{"held then complete", map[string]string{"ab": "G", "a": "k"}, []string{"a", "b"}, []string{"", "G"}},
		{"held then other key", map[string]string{"ab": "G", "a": "k"}, []string{"a", "c"}, []string{"", "kc"}},
		{"held then timeout", map[string]string{"ab": "G", "a": "k"}, []string{"a", ""}, []string{"", "k"}},
		{"unmapped prefix released", map[string]string{"abc": "G"}, []string{"a", "b", "x"}, []string{"", "", "abx"}},
		{"released key maps again", map[string]string{"ab": "G", "bc": "q"}, []string{"a", "b"}, []string{"", "G"}},
		{"released rest held again", map[string]string{"ax": "G", "bc": "q"}, []string{"a", "b", "c"}, []string{"", "a", "q"}},
		{"multi-key rhs", map[string]string{"<C-g>": "gg"}, []string{"<C-g>"}, []string{"gg"}},
		{"timeout unmapped", map[string]string{"jj": "G"}, []string{"j", ""}, []string{"", "j"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := parsePanelMaps(c.maps)
			if err != nil {
				t.Fatal(err)
			}
			var pm panelMaps
			pm.set(m)
			for i, typed := range c.typed {
				var out []editor.Key
				if typed == "" {
					out = pm.flush()
				} else {
					out = pm.feed(editor.MustParseKeys(typed)[0])
				}
				if got := editor.FormatKeys(out); got != c.want[i] {
					t.Errorf("step %d (%q): panel got %q, want %q", i, typed, got, c.want[i])
				}
			}
		})
	}
}

// TestParsePanelMapsErrors: bad entries are reported and left out.
func TestParsePanelMapsErrors(t *testing.T) {
	m, err := parsePanelMaps(map[string]string{"": "j", "x": "k"})
	if err == nil || len(m) != 1 || editor.FormatKeys(m[0].lhs) != "x" {
		t.Errorf("maps %v, err %v", m, err)
	}
}

// panelLoop is a loop with a real editor whose buffer has a linear
// history of n changes, the panel open with the keyboard.
func panelLoop(t *testing.T, n int, opt Options) *edLoop {
	t.Helper()
	el := startEdLoop(t, "abcdefghijklmnop\n", 100, 30, opt)
	for range n {
		el.keys("x")
	}
	el.wait("the changes", func(v *editor.View) bool { return v.Status.SeqCur == n })
	el.l.handle(tcell.NewEventKey(tcell.KeyF5, 0, tcell.ModNone))
	el.wait("the panel", func(*editor.View) bool { return true })
	if !el.l.r.Panel.Focus {
		t.Fatal("F5 did not focus the panel")
	}
	return el
}

func (el *edLoop) ctrl(r rune) {
	el.l.handle(tcell.NewEventKey(tcell.Key(r-'a'+1), r, tcell.ModCtrl))
}

// TestPanelMapsInLoop: [keys.panel] maps keys typed while the panel has
// the keyboard; a held prefix is given to the panel when 'timeoutlen'
// passes.
func TestPanelMapsInLoop(t *testing.T) {
	el := panelLoop(t, 3, Options{PanelKeys: map[string]string{"<C-j>": "j", "<C-k>": "k", "jj": "G"}})
	m := &el.l.r.Panel.model
	if m.Sel != 3 {
		t.Fatalf("selection %d, want the current state 3", m.Sel)
	}
	el.ctrl('j')
	if m.Sel != 2 {
		t.Errorf("<C-j> (mapped to j): selection %d, want 2", m.Sel)
	}
	el.ctrl('k')
	if m.Sel != 3 {
		t.Errorf("<C-k> (mapped to k): selection %d, want 3", m.Sel)
	}
	el.keys("jj")
	if m.Sel != 0 {
		t.Errorf("jj (mapped to G): selection %d, want the root", m.Sel)
	}
	el.keys("k")
	if m.Sel != 1 {
		t.Fatalf("k: selection %d, want 1", m.Sel)
	}
	// A lone j waits for a second one, then times out and is a j.
	el.l.timeoutMs = 20
	el.keys("j")
	if m.Sel != 1 || !el.l.pmaps.holding() {
		t.Fatalf("j was not held: selection %d", m.Sel)
	}
	deadline := time.Now().Add(10 * time.Second)
	for el.l.held.fired.Load() != el.l.held.gen && time.Now().Before(deadline) {
		<-el.l.wake
	}
	el.l.checkHeldTimeout()
	if m.Sel != 0 || el.l.pmaps.holding() {
		t.Errorf("after the timeout: selection %d, holding %v; want 0 and not", m.Sel, el.l.pmaps.holding())
	}
	// A mapping whose right side gives the keyboard back to the text
	// sends the rest to the editor.
	el.l.applyConfig(session.UIConfig{PanelWidth: 36, PanelKeys: map[string]string{"Q": "<Tab>x"}})
	el.keys("Q")
	el.wait("x typed into the text", func(v *editor.View) bool { return v.Status.SeqCur == 4 })
	if el.l.r.Panel.Focus {
		t.Error("the panel kept the keyboard after <Tab>")
	}
}

// TestPanelConfigLive: a configuration posted by the editor's hook (as
// after saving the file) applies to the open panel at once: side, width,
// glyphs, preview place and time format, and new key maps.
func TestPanelConfigLive(t *testing.T) {
	el := panelLoop(t, 2, Options{Panel: PanelOptions{Width: 30}})
	l, p := el.l, el.l.r.Panel
	row := func(y int) string { return strings.Split(el.m.Text(), "\n")[y] }
	if !strings.HasPrefix(row(0), " Undo tree") || !strings.Contains(el.m.Text(), "p: diff") {
		t.Fatalf("panel not drawn on the left with its preview:\n%s", el.m.Text())
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the editor's goroutine calls the hook
		defer wg.Done()
		l.setConfig(session.UIConfig{PanelRight: true, PanelWidth: 40, PanelDiff: "off", PanelAbsolute: true, PanelASCII: true,
			PanelKeys: map[string]string{"<C-j>": "j"}})
	}()
	wg.Wait()
	<-l.wake
	l.takeConfig()
	el.wait("the resize", func(*editor.View) bool { return true })
	l.drawIfNew(true)
	if !p.Opts.Right || p.Opts.Width != 40 || p.Opts.Diff != DiffOff || !p.model.Absolute {
		t.Errorf("options not applied: %+v absolute %v", p.Opts, p.model.Absolute)
	}
	if got := row(0); !strings.HasPrefix(got[100-40:], " Undo tree") || got[100-41] != '|' {
		t.Errorf("panel not on the right, 40 wide, with an ASCII border:\n%s", el.m.Text())
	}
	if strings.Contains(el.m.Text(), "p: diff") || strings.ContainsRune(el.m.Text(), '│') {
		t.Errorf("preview still shown or Unicode glyphs left:\n%s", el.m.Text())
	}
	el.ctrl('j')
	if p.model.Sel != 1 {
		t.Errorf("the new map <C-j> → j: selection %d, want 1", p.model.Sel)
	}
	// The user's t survives a reload that does not change time_format.
	el.keys("t")
	l.applyConfig(session.UIConfig{PanelRight: true, PanelWidth: 40, PanelDiff: "replace", PanelAbsolute: true})
	l.drawIfNew(true)
	if p.model.Absolute {
		t.Error("a reload about something else undid t")
	}
	// diff = "replace": the preview takes the text window's place while
	// the panel has the keyboard.
	if !strings.HasPrefix(row(0), " p: diff") {
		t.Errorf("replace: the preview is not over the text:\n%s", el.m.Text())
	}
	el.l.handle(tcell.NewEventKey(tcell.KeyTab, 0, tcell.ModNone))
	l.drawIfNew(true)
	if strings.HasPrefix(row(0), " p: diff") || !strings.HasPrefix(row(0), "abcdefghijklmn") && !strings.HasPrefix(row(0), "cdefghijklmnop") {
		t.Errorf("replace: the text did not come back with the keyboard:\n%s", el.m.Text())
	}
}

// TestPanelTimeoutFollowsOption: the panel waits 'timeoutlen' of the
// newest view for the rest of a mapping.
func TestPanelTimeoutFollowsOption(t *testing.T) {
	el := startEdLoop(t, "x\n", 40, 8, Options{})
	if el.l.timeoutMs != 1000 {
		t.Errorf("timeout %d ms at start, want Vim's 1000", el.l.timeoutMs)
	}
	el.l.send(session.Input{Ex: "set tm=30"})
	el.wait(":set tm=30", func(v *editor.View) bool { return v.Options.TimeoutLen == 30 })
	if el.l.timeoutMs != 30 {
		t.Errorf("timeout %d ms after :set tm=30", el.l.timeoutMs)
	}
}

// TestPanelMapsProperty compares panelMaps, fed one key at a time and
// flushed at the end, with a model that sees the whole input at once:
// at each point the longest left side that starts the remaining input
// maps; without one the next key passes unmapped.
func TestPanelMapsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	runs := 3000
	if testkit.RaceEnabled || testing.Short() {
		runs = 300
	}
	alpha := []string{"a", "b", "c"}
	word := func(max int) string {
		var b strings.Builder
		for range 1 + rng.IntN(max) {
			b.WriteString(alpha[rng.IntN(len(alpha))])
		}
		return b.String()
	}
	for run := range runs {
		m := map[string]string{}
		for range 1 + rng.IntN(4) {
			m[word(3)] = strings.ToUpper(word(2))
		}
		typed := word(12)
		parsed, err := parsePanelMaps(m)
		if err != nil {
			t.Fatal(err)
		}
		var pm panelMaps
		pm.set(parsed)
		var got []editor.Key
		for _, k := range editor.MustParseKeys(typed) {
			got = append(got, pm.feed(k)...)
		}
		for pm.holding() { // each flush is one 'timeoutlen' passing
			got = append(got, pm.flush()...)
		}

		var want strings.Builder
		for rest := typed; rest != ""; {
			best := ""
			for lhs := range m {
				if strings.HasPrefix(rest, lhs) && len(lhs) > len(best) {
					best = lhs
				}
			}
			if best == "" {
				want.WriteString(rest[:1])
				rest = rest[1:]
				continue
			}
			want.WriteString(m[best])
			rest = rest[len(best):]
		}
		if g := editor.FormatKeys(got); g != want.String() {
			t.Fatalf("run %d: maps %v, typed %q: panel got %q, model %q", run, m, typed, g, want.String())
		}
	}
}

// TestRunAppliesPostedConfig: in the running UI loop, a configuration
// posted from another goroutine (as the editor's hook does after a
// reload) moves the open panel to the right without a key press.
func TestRunAppliesPostedConfig(t *testing.T) {
	scr := tcell.NewSimulationScreen("UTF-8")
	spy := &initSpy{SimulationScreen: scr, ready: make(chan struct{})}
	if err := spy.Init(); err != nil {
		t.Fatal(err)
	}
	defer spy.Fini()
	scr.SetSize(80, 20)
	l := newLoop(spy, NewTcellSurface(spy), Options{Panel: PanelOptions{Width: 30}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.run(ctx, session.New(session.Config{Editor: editor.Config{Clean: true}})) }()
	defer func() { cancel(); <-done }()
	sr := &simRun{t: t, scr: scr, spy: spy}
	sr.waitFor("~")
	sr.key(tcell.KeyF5)
	sr.waitFor(" Undo tree")
	if !strings.HasPrefix(sr.text(), " Undo tree") {
		t.Fatalf("panel not on the left:\n%s", sr.text())
	}
	go l.setConfig(session.UIConfig{PanelRight: true, PanelWidth: 30})
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if first := strings.SplitN(sr.text(), "\n", 2)[0]; strings.Contains(first, "│ Undo tree") && !strings.HasPrefix(first, " Undo tree") {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("the posted configuration did not move the panel:\n%s", sr.text())
}
