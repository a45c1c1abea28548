package ui

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/diff"
)

// liveSession is an editor with five states of a small text.
func liveSession(t *testing.T) (*keyedEditor, *Frame) {
	t.Helper()
	s := newSession()
	for _, k := range []string{"ione<CR>two<CR>three<Esc>", "ggAx<Esc>", "Gdd", "uoFOUR<Esc>", "ggdd"} {
		s.keys(t, k)
		s.clock.Sleep(time.Minute)
	}
	fb := frameBuilder{now: func() time.Time { return editorEpoch.Add(time.Hour) }}
	v := s.ed.TakeView()
	return s, fb.build(&v)
}

func TestLivePreviewDraws(t *testing.T) {
	_, f := liveSession(t)
	r := NewRenderer()
	r.Panel = NewPanel(diff.NewWorker(nil, 0, func() {}))
	defer runWorker(t, r.Panel.worker)()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Panel.Opts.Width = 30
	r.Panel.Opts.Diff = DiffOff // the diff worker's timing would show
	m := NewMemSurface(80, 12)
	checkSurface(t, m)
	r.Draw(m, f)
	before := m.Text()
	r.Panel.Key(keys.Char('P'))
	r.Panel.Key(keys.Char('j')) // #4: FOUR added, "onex" still there
	r.Draw(m, f)
	golden(t, "screen_panel_live_preview", m.Dump(true))
	if !strings.Contains(m.Text(), "[preview #4]") || !strings.Contains(m.Text(), "│onex") {
		t.Fatalf("the preview of #4:\n%s", m.Text())
	}
	r.Panel.Key(keys.Char('G')) // the root: the text as it was loaded (empty)
	r.Draw(m, f)
	if !strings.Contains(m.Text(), "[preview #0]") || strings.Contains(m.Text(), "│onex") {
		t.Fatalf("the preview of #0:\n%s", m.Text())
	}
	r.Panel.Key(keys.Special(keys.Esc))
	r.Draw(m, f)
	if m.Text() != before {
		t.Fatalf("Esc did not bring the screen back:\n%s\nwant:\n%s", m.Text(), before)
	}
}

// TestLivePreviewEscRestoresProperty browses random states of random
// histories in the live preview, through the UI loop's own key handling,
// then presses Esc: every input the loop sent the editor meanwhile is
// applied, and the text, the cursor, the undo tree and 'modified' must
// be exactly what they were, and the screen what it showed before P.
func TestLivePreviewEscRestoresProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	edits := []string{"ia<Esc>", "ob<Esc>", "x", "dd", "u", "u", "<C-r>", "g-", "3g-", "yyp", "Ac<Esc>"}
	browse := []string{"j", "k", "J", "K", "h", "l", "[", "]", "{", "}", "G", "gg", "<C-d>", "<C-u>", "p", "z", "t", "m", "<Down>", "<Up>", "<PageDown>"}
	rounds := 30
	if testing.Short() {
		rounds = 8
	}
	for round := 0; round < rounds; round++ {
		s := newSession()
		s.keys(t, "ione<CR>two<CR>three<Esc>")
		for i := 0; i < 10+rng.IntN(60); i++ {
			s.keys(t, edits[rng.IntN(len(edits))])
			if rng.IntN(4) == 0 {
				s.keys(t, ":w! "+t.TempDir()+"/f<CR>")
			}
		}
		m := NewMemSurface(80, 16)
		l := newLoop(nil, m, Options{Panel: PanelOptions{Width: 30}})
		l.fb.now = func() time.Time { return editorEpoch.Add(time.Hour) }
		before := s.ed.TakeView()
		l.publish(before)
		l.handle(tcell.NewEventKey(tcell.KeyF5, 0, 0))
		l.drawIfNew(true)
		screen := textWindow(m, 31)
		var sent []session.Input
		drain := func() {
			for len(l.in) > 0 {
				sent = append(sent, <-l.in)
			}
		}
		drain()
		sent = nil
		press := func(notation string) {
			for _, k := range editor.MustParseKeys(notation) {
				l.handle(keyEvent(k))
				l.drawIfNew(true)
			}
			drain()
		}
		press("P")
		var walked []string
		for i := rng.IntN(25); i >= 0; i-- {
			k := browse[rng.IntN(len(browse))]
			walked = append(walked, k)
			press(k)
		}
		press("<Esc>")
		for _, in := range sent {
			applyInput(t, s.sess, in)
		}
		after := s.ed.TakeView()
		if after.Text.String() != before.Text.String() || after.Cursor != before.Cursor ||
			after.Status.Modified != before.Status.Modified ||
			!reflect.DeepEqual(after.Undo.Export(), before.Undo.Export()) {
			t.Fatalf("round %d, keys %q: the editor changed (inputs %+v)", round, walked, sent)
		}
		if p := l.r.Panel; p.model.Live || p.model.Sel != before.Undo.Current() {
			t.Fatalf("round %d, keys %q: live %v, selection #%d, want #%d", round, walked, p.model.Live, p.model.Sel, before.Undo.Current())
		}
		// The text window and the status line show what they showed
		// before P (the panel's own list may have scrolled).
		if got := textWindow(m, 31); got != screen {
			t.Fatalf("round %d, keys %q: the screen after Esc:\n%s\nbefore P:\n%s", round, walked, got, screen)
		}
	}
}

// keyEvent is the terminal event for k (the test's side of translateKey).
func keyEvent(k keys.Key) *tcell.EventKey {
	switch {
	case k.Code == keys.Rune && k.Mod == keys.ModCtrl:
		return tcell.NewEventKey(tcell.KeyCtrlA+tcell.Key(k.Rune-'a'), 0, tcell.ModCtrl)
	case k.Code == keys.Rune:
		return tcell.NewEventKey(tcell.KeyRune, k.Rune, 0)
	}
	for tk, c := range specialKeys {
		if c == k.Code && tk != tcell.KeyBackspace {
			return tcell.NewEventKey(tk, 0, 0)
		}
	}
	panic("no event for " + k.String())
}

// textWindow is what m shows right of column x0 (the text window beside
// a panel on the left) on every row but the last two, then the status
// line whole.
func textWindow(m *MemSurface, x0 int) string {
	w, h := m.Size()
	var b strings.Builder
	for y := 0; y < h-2; y++ {
		for x := x0; x < w; x++ {
			c, _, _ := m.Cell(x, y)
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString(m.Row(h - 2))
	return b.String()
}
