package ui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

// simRun runs the UI on a tcell simulation screen. The simulation screen
// is only fed keys without control bytes (it hangs on those) and slowly
// (it queues ten events).
type simRun struct {
	t    *testing.T
	scr  tcell.SimulationScreen
	spy  *initSpy
	done chan error
}

func startSim(t *testing.T, w, h int) *simRun {
	t.Helper()
	scr := tcell.NewSimulationScreen("UTF-8")
	sess := session.New(session.Config{Editor: editor.Config{Clean: true}})
	sr := &simRun{t: t, scr: scr, done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ready := make(chan struct{})
	sr.spy = &initSpy{SimulationScreen: scr, ready: ready}
	go func() { sr.done <- RunWith(ctx, sess, sr.spy, Options{}) }()
	<-ready // the simulation screen's Init races with GetContents
	sr.waitFor("~")
	scr.SetSize(w, h)
	return sr
}

// text returns the simulation screen's rows.
func (sr *simRun) text() string {
	sr.spy.mu.Lock()
	defer sr.spy.mu.Unlock()
	cells, w, h := sr.scr.GetContents()
	var b strings.Builder
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
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

func (sr *simRun) waitFor(s string) {
	sr.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(sr.text(), s) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	sr.t.Fatalf("screen never showed %q:\n%s", s, sr.text())
}

func (sr *simRun) keys(s string) {
	for _, r := range s {
		sr.scr.InjectKey(tcell.KeyRune, r, tcell.ModNone)
		time.Sleep(2 * time.Millisecond)
	}
}

func (sr *simRun) key(k tcell.Key) {
	sr.scr.InjectKey(k, 0, tcell.ModNone)
	time.Sleep(2 * time.Millisecond)
}

func TestRunOnSimulationScreen(t *testing.T) {
	sr := startSim(t, 60, 12)
	sr.keys("ihello")
	sr.waitFor("-- INSERT --")
	sr.key(tcell.KeyEsc)
	sr.waitFor("hello")
	sr.waitFor("NORMAL")
	sr.key(tcell.KeyF5)
	sr.waitFor("Undo tree")
	sr.keys("q")
	deadline := time.Now().Add(5 * time.Second)
	for strings.Contains(sr.text(), "Undo tree") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if strings.Contains(sr.text(), "Undo tree") {
		t.Fatalf("q did not close the panel:\n%s", sr.text())
	}
	sr.keys(":q!")
	sr.key(tcell.KeyEnter)
	select {
	case err := <-sr.done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("Run did not return after :q!\n%s", sr.text())
	}
}

func TestRunRestoresTerminalOnPanic(t *testing.T) {
	scr := tcell.NewSimulationScreen("UTF-8")
	var fini bool
	s := &finiSpy{SimulationScreen: scr, fini: &fini}
	defer func() {
		r := recover()
		if r == nil {
			t.Fatal("the panic was swallowed")
		}
		if !fini {
			t.Fatal("the terminal was not restored before the panic went on")
		}
	}()
	// A nil editor makes the editor goroutine panic at once.
	_ = RunWith(context.Background(), nil, s, Options{})
}

// finiSpy records that Fini was called.
type finiSpy struct {
	tcell.SimulationScreen
	fini *bool
}

func (f *finiSpy) Fini() {
	*f.fini = true
	f.SimulationScreen.Fini()
}

// initSpy reports when Init has finished, and serialises Show and Sync
// with the test's reads of the contents (the simulation screen hands out
// its cells without a copy).
type initSpy struct {
	tcell.SimulationScreen
	ready chan struct{}
	mu    sync.Mutex
}

func (s *initSpy) Show() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Show()
}

func (s *initSpy) Sync() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.SimulationScreen.Sync()
}

func (s *initSpy) Init() error {
	err := s.SimulationScreen.Init()
	close(s.ready)
	return err
}

// testLoop is a loop drawing into memory, without a terminal.
func testLoop() (*loop, *MemSurface) {
	m := NewMemSurface(40, 8)
	l := newLoop(nil, m, Options{})
	return l, m
}

func TestHitEnterPrompt(t *testing.T) {
	for _, tc := range []struct {
		key     *tcell.EventKey
		forward bool
	}{
		{tcell.NewEventKey(tcell.KeyEnter, 0, 0), false},
		{tcell.NewEventKey(tcell.KeyRune, ' ', 0), false},
		{tcell.NewEventKey(tcell.KeyEsc, 0, 0), false},
		{tcell.NewEventKey(tcell.KeyRune, ':', 0), true},
		{tcell.NewEventKey(tcell.KeyRune, 'j', 0), true},
	} {
		l, m := testLoop()
		l.publish(editor.View{Output: []string{"line 1", "line 2"}})
		l.drawIfNew(true)
		if !strings.Contains(m.Text(), "Press ENTER") {
			t.Fatalf("no hit-enter prompt:\n%s", m.Text())
		}
		l.handle(tc.key)
		if got := len(l.in) == 1; got != tc.forward {
			t.Errorf("%s at the prompt: forwarded %v, want %v", tc.key.Name(), got, tc.forward)
		}
		l.drawIfNew(true)
		if strings.Contains(m.Text(), "line 1") {
			t.Errorf("%s did not dismiss the output:\n%s", tc.key.Name(), m.Text())
		}
	}
}

func TestDrawOnlyWhenSomethingChanged(t *testing.T) {
	l, m := testLoop()
	l.publish(editor.View{})
	l.drawIfNew(true)
	l.drawIfNew(true)
	if shows, _ := m.Counts(); shows != 1 {
		t.Errorf("%d frames shown for one view, want 1", shows)
	}
	l.publish(editor.View{})
	l.drawIfNew(false) // input still on its way to the editor, drawn a moment ago
	if shows, _ := m.Counts(); shows != 1 {
		t.Errorf("drew while input was pending")
	}
	l.drawIfNew(true)
	if shows, _ := m.Counts(); shows != 2 {
		t.Errorf("%d frames after a second view, want 2", shows)
	}
	l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0)) // opens the panel: UI state only
	l.drawIfNew(true)
	if shows, syncs := m.Counts(); shows != 3 || syncs != 0 {
		t.Errorf("after F5: %d shows, %d syncs; want 3 and 0", shows, syncs)
	}
	l.handle(tcell.NewEventKey(tcell.KeyCtrlL, 0, tcell.ModCtrl))
	l.publish(editor.View{})
	l.drawIfNew(true)
	if _, syncs := m.Counts(); syncs != 1 {
		t.Errorf("CTRL-L did not Sync (%d syncs)", syncs)
	}
}
