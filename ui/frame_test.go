package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
	"github.com/kjx-editor/kjx/undo"
)

var editorEpoch = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// keyedEditor is an editor driven by key notation, with a virtual clock.
type keyedEditor struct {
	sess  *session.Session
	ed    *editor.Editor // sess's core
	clock *clock.Virtual
}

func newSession() *keyedEditor {
	c := clock.NewVirtual(editorEpoch)
	sess := session.New(session.Config{Clock: c, Editor: editor.Config{Clean: true, Height: 23, Width: 80}})
	return &keyedEditor{sess: sess, ed: sess.Editor(), clock: c}
}

func (s *keyedEditor) keys(t *testing.T, notation string) {
	t.Helper()
	s.ed.Feed(editor.MustParseKeys(notation), true)
}

func TestFrameFromEditorView(t *testing.T) {
	s := newSession()
	s.keys(t, "ione<Esc>")
	s.clock.Sleep(time.Minute)
	s.keys(t, "otwo<Esc>")
	s.clock.Sleep(time.Minute)
	s.keys(t, "uothree<Esc>")
	s.clock.Sleep(time.Minute)
	s.keys(t, "u")
	fb := frameBuilder{now: func() time.Time { return editorEpoch.Add(10 * time.Minute) }}
	v := s.ed.TakeView()
	f := fb.build(&v)
	if f.Status.UndoSeq != 1 || f.Status.UndoLast != 3 {
		t.Errorf("undo position #%d/%d, want #1/3", f.Status.UndoSeq, f.Status.UndoLast)
	}
	if f.Status.Branches != 1 || f.Status.Ahead != 1 {
		t.Errorf("branches %d, ahead %d at state 1 (one alternative, state 3 to redo)", f.Status.Branches, f.Status.Ahead)
	}
	if f.Undo.Tree == nil || f.Undo.Tree.Len() != 4 {
		t.Fatalf("panel tree of %v nodes, want 4 (root and three states)", f.Undo.Tree)
	}
	r := NewRenderer()
	ready := make(chan struct{}, 4)
	r.Panel = NewPanel(diff.NewWorker(nil, 0, func() { ready <- struct{}{} }))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go r.Panel.worker.Run(ctx)
	r.Panel.Open = true
	m := NewMemSurface(80, 24)
	checkSurface(t, m)
	r.Draw(m, f)
	r.Panel.Key(keys.Char('g'))
	r.Panel.Key(keys.Char('g')) // the newest: state 3
	for i := 0; i < 2 && !strings.Contains(m.Text(), "+three"); i++ {
		r.Draw(m, f)
		select {
		case <-ready:
		case <-time.After(5 * time.Second):
			t.Fatal("no preview")
		}
		r.Draw(m, f)
	}
	golden(t, "screen_editor_panel", m.Dump(false))
	if !strings.Contains(m.Text(), "+three") {
		t.Errorf("the diff against state 3 does not show its text:\n%s", m.Text())
	}
}

func TestUndoIndexIncremental(t *testing.T) {
	s := newSession()
	var x undoIndex
	for i := 0; i < 30; i++ {
		s.keys(t, "oline<Esc>")
		if i%7 == 3 {
			s.keys(t, "uu")
		}
		v := s.ed.TakeView()
		inc := x.tree(1, v.Undo)
		var fresh undoIndex
		full := fresh.tree(1, v.Undo)
		if inc.Len() != full.Len() {
			t.Fatalf("step %d: incremental list has %d states, a fresh one %d", i, inc.Len(), full.Len())
		}
		for j := 0; j < full.Len(); j++ {
			if inc.Node(j) != full.Node(j) {
				t.Fatalf("step %d: node %d differs: %+v vs %+v", i, j, inc.Node(j), full.Node(j))
			}
		}
	}
	// Another buffer's tree starts a new list.
	other := newSession()
	other.keys(t, "ix<Esc>")
	v := other.ed.TakeView()
	if got := x.tree(2, v.Undo).Len(); got != 2 {
		t.Errorf("another buffer's tree listed with %d states, want 2", got)
	}
}

// TestFrameSideScrollOff: 'sidescrolloff' reaches the text window.
func TestFrameSideScrollOff(t *testing.T) {
	var fb frameBuilder
	v := editor.View{Options: editor.DefaultOptions()}
	v.Options.SideScrollOff = 5
	if f := fb.build(&v); f.Text.Opts.SideScrollOff != 5 {
		t.Errorf("sidescrolloff %d in the frame, want 5", f.Text.Opts.SideScrollOff)
	}
}

func TestMessagesStayUntilReplaced(t *testing.T) {
	var fb frameBuilder
	v := editor.View{Messages: []editor.Message{{Text: "written"}}}
	if f := fb.build(&v); len(f.Messages) != 1 {
		t.Fatal("message not shown")
	}
	v = editor.View{}
	if f := fb.build(&v); len(f.Messages) != 1 || f.Messages[0].Text != "written" {
		t.Errorf("the message vanished on the next view: %+v", f.Messages)
	}
	v = editor.View{Mode: editor.ModeInsert}
	if f := fb.build(&v); len(f.Messages) != 0 || f.ShowMode != "-- INSERT --" {
		t.Errorf("entering Insert mode kept %+v, showmode %q", f.Messages, f.ShowMode)
	}
	v = editor.View{Output: []string{"a", "b"}}
	f := fb.build(&v)
	if !f.HitEnter || len(f.Messages) != 2 || !fb.hitEnter() {
		t.Fatalf("list output not waiting for a key: %+v", f)
	}
	fb.dismiss()
	v = editor.View{}
	if f := fb.build(&v); len(f.Messages) != 0 || f.HitEnter {
		t.Errorf("output still shown after a key: %+v", f.Messages)
	}
}

// TestOutputUnderItsCommandLine: list output of a typed command line
// shows that line above it, as Vim, not the message before it; a message
// of the same command follows the line.
func TestOutputUnderItsCommandLine(t *testing.T) {
	var fb frameBuilder
	v := editor.View{Messages: []editor.Message{{Text: `"a.txt" 3L, 16B`}}}
	fb.build(&v)
	v = editor.View{OutputHead: ":ls", Output: []string{"  1 %a"}}
	f := fb.build(&v)
	if len(f.Messages) != 2 || f.Messages[0].Text != ":ls" || f.Messages[1].Text != "  1 %a" {
		t.Fatalf("output of :ls shown as %+v, want :ls then the list", f.Messages)
	}
	fb.dismiss()
	v = editor.View{OutputHead: `:echo "x" | ls`, Messages: []editor.Message{{Text: "x"}}, Output: []string{"  1 %a"}}
	f = fb.build(&v)
	var got []string
	for _, m := range f.Messages {
		got = append(got, m.Text)
	}
	if strings.Join(got, "|") != `:echo "x" | ls|x|  1 %a` {
		t.Fatalf("got %q", got)
	}
}

// TestUndoIndexAfterPruning grows a real undo tree past its node limit,
// so the oldest history is folded into the root, and checks that the
// panel's list follows (a rebuild) and matches a fresh one.
func TestUndoIndexAfterPruning(t *testing.T) {
	tr := undo.New(buffer.FromString(""), undo.Options{MaxNodes: 20})
	var x undoIndex
	for i := 0; i < 60; i++ {
		tr.Save(undo.Pos{}, undo.SourceTyped)
		if err := tr.Apply(buffer.Change{Off: tr.Text().Len(), New: "x"}); err != nil {
			t.Fatal(err)
		}
		tr.Sync()
		if i%9 == 4 {
			tr.Undo(2)
		}
		s := tr.Snapshot()
		inc := x.tree(1, s)
		var fresh undoIndex
		full := fresh.tree(1, s)
		if inc.Len() != full.Len() {
			t.Fatalf("step %d: %d states listed, a fresh list has %d (pruned %d)", i, inc.Len(), full.Len(), s.Pruned())
		}
		for j := 0; j < full.Len(); j++ {
			if inc.Node(j) != full.Node(j) {
				t.Fatalf("step %d: node %d differs", i, j)
			}
		}
		var l undopanel.Layout
		l.Sync(inc)
		if l.Len() != inc.Len() {
			t.Fatalf("step %d: layout of %d nodes for %d", i, l.Len(), inc.Len())
		}
	}
	if tr.Snapshot().Pruned() == 0 {
		t.Fatal("the tree never pruned: the test did not test pruning")
	}
}

// TestFrameConfirmMatch checks that the match a :s///c asks about is
// highlighted like the 'incsearch' match and the mode is named.
func TestFrameConfirmMatch(t *testing.T) {
	s := newSession()
	s.keys(t, "ione two one<Esc>")
	s.keys(t, ":s/one/1/gc<CR>")
	var fb frameBuilder
	v := s.ed.TakeView()
	f := fb.build(&v)
	if f.Status.Mode != "CONFIRM" {
		t.Errorf("mode %q, want CONFIRM", f.Status.Mode)
	}
	if got := (Range{Start: 0, End: 3}); f.Text.IncMatch != got {
		t.Errorf("highlighted %+v, want the first \"one\" %+v", f.Text.IncMatch, got)
	}
	s.keys(t, "n")
	v = s.ed.TakeView()
	f = fb.build(&v)
	if got := (Range{Start: 8, End: 11}); f.Text.IncMatch != got {
		t.Errorf("after n highlighted %+v, want the second \"one\" %+v", f.Text.IncMatch, got)
	}
}

// TestShowModeCtrlO: while the command of CTRL-O is typed, the mode line
// and the status line say which mode it returns to, as Vim's showmode,
// and that replaces the message before as a mode change does.
func TestShowModeCtrlO(t *testing.T) {
	for _, tc := range []struct {
		mode, resume     editor.Mode
		showMode, status string
	}{
		{editor.ModeNormal, editor.ModeInsert, "-- (insert) --", "(INSERT)"},
		{editor.ModeNormal, editor.ModeReplace, "-- (replace) --", "(REPLACE)"},
		{editor.ModeVisual, editor.ModeInsert, "-- (insert) VISUAL --", "VISUAL"},
		{editor.ModeVisualBlock, editor.ModeReplace, "-- (replace) VISUAL BLOCK --", "V-BLOCK"},
		{editor.ModeNormal, editor.ModeNormal, "", "NORMAL"},
		{editor.ModeInsert, editor.ModeNormal, "-- INSERT --", "INSERT"},
	} {
		var fb frameBuilder
		v := editor.View{Mode: tc.mode, Resume: tc.resume}
		old := editor.View{Messages: []editor.Message{{Text: "written"}}}
		fb.build(&old)
		f := fb.build(&v)
		if f.ShowMode != tc.showMode || f.Status.Mode != tc.status {
			t.Errorf("mode %v resuming %v: showmode %q, status %q; want %q, %q", tc.mode, tc.resume, f.ShowMode, f.Status.Mode, tc.showMode, tc.status)
		}
		if kept := len(f.Messages) == 1; kept != (tc.showMode == "") {
			t.Errorf("mode %v resuming %v: the message before is kept %v", tc.mode, tc.resume, kept)
		}
	}
}
