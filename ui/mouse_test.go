package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
)

// edLoop is the UI loop with a real editor behind it, drawing into
// memory: events go in through handle, as from the terminal.
type edLoop struct {
	t *testing.T
	l *loop
	m *MemSurface
}

// startEdLoop opens a file holding text in an editor run behind a loop
// on a w×h memory surface.
func startEdLoop(t *testing.T, text string, w, h int, opt Options) *edLoop {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return startEdLoopFile(t, path, len(strings.TrimSuffix(text, "\n")), w, h, opt)
}

// startEdLoopFile is startEdLoop on an existing file whose text (without
// a final newline) is size bytes long.
func startEdLoopFile(t *testing.T, path string, size, w, h int, opt Options) *edLoop {
	t.Helper()
	ed := editor.New(editor.Config{Clean: true})
	if err := ed.Open(path); err != nil {
		t.Fatal(err)
	}
	m := NewMemSurface(w, h)
	l := newLoop(nil, m, opt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		ed.Run(ctx, l.in, l.publish)
	}()
	l.resized()
	el := &edLoop{t: t, l: l, m: m}
	el.wait("the first view", func(v *editor.View) bool { return v.Text.Len() == size })
	return el
}

// wait draws the newest view until ok accepts it.
func (el *edLoop) wait(what string, ok func(v *editor.View) bool) *editor.View {
	el.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		el.l.pub.mu.Lock()
		v := el.l.pub.view
		el.l.pub.mu.Unlock()
		if v != nil && len(el.l.in) == 0 && ok(v) {
			el.l.drawIfNew(true)
			return v
		}
		time.Sleep(time.Millisecond)
	}
	el.t.Fatalf("never saw %s:\n%s", what, el.m.Text())
	return nil
}

func (el *edLoop) keys(s string) {
	for _, r := range s {
		el.l.handle(tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
	}
}

func (el *edLoop) click(x, y int, b tcell.ButtonMask) {
	el.l.handle(tcell.NewEventMouse(x, y, b, tcell.ModNone))
	el.l.handle(tcell.NewEventMouse(x, y, tcell.ButtonNone, tcell.ModNone))
}

func cursorAt(p editor.Pos) func(v *editor.View) bool {
	return func(v *editor.View) bool { return v.Cursor == p }
}

// TestMouseClickUI clicks through the UI loop: the cursor lands on the
// clicked cluster, no jump is recorded, Insert mode stays and the wheel
// scrolls in Insert mode.
func TestMouseClickUI(t *testing.T) {
	var text strings.Builder
	text.WriteString("a\tb日本x\n")
	for range 40 {
		text.WriteString("line\n")
	}
	el := startEdLoop(t, text.String(), 40, 10, Options{})
	// Cells: a 0, tab 1-7, b 8, 日 9-10, 本 11-12, x 13.
	for _, c := range []struct {
		x    int
		want editor.Pos
	}{{0, editor.Pos{Line: 0, Col: 0}}, {4, editor.Pos{Line: 0, Col: 1}}, {8, editor.Pos{Line: 0, Col: 2}}, {12, editor.Pos{Line: 0, Col: 6}}, {13, editor.Pos{Line: 0, Col: 9}}, {30, editor.Pos{Line: 0, Col: 9}}} {
		el.click(c.x, 0, tcell.Button1)
		el.wait(fmt.Sprintf("the cursor at %v", c.want), cursorAt(c.want))
	}
	// 3G sets the ' mark on line 1; a click must not move it.
	el.keys("3G")
	el.wait("3G", cursorAt(editor.Pos{Line: 2, Col: 0}))
	el.click(2, 5, tcell.Button1)
	el.wait("the click on line 6", cursorAt(editor.Pos{Line: 5, Col: 2}))
	el.keys("''")
	el.wait("'' back to line 1 (the click made no jump)", cursorAt(editor.Pos{Line: 0, Col: 0}))

	el.keys("3Gi")
	el.wait("Insert mode", func(v *editor.View) bool { return v.Mode == editor.ModeInsert })
	el.click(30, 3, tcell.Button1)
	v := el.wait("the click in Insert mode", cursorAt(editor.Pos{Line: 3, Col: 4}))
	if v.Mode != editor.ModeInsert {
		t.Errorf("mode %v after a click in Insert mode", v.Mode)
	}
	el.click(0, 0, tcell.WheelDown)
	v = el.wait("the wheel", func(v *editor.View) bool { return v.Top == 3 })
	// 10 rows: 8 of text (status and command lines), so 'scrolloff' 5
	// counts as 3 and the cursor moves to line 3+3.
	if v.Mode != editor.ModeInsert || v.Cursor != (editor.Pos{Line: 6, Col: 4}) {
		t.Errorf("after the wheel in Insert mode: mode %v cursor %v", v.Mode, v.Cursor)
	}
	el.click(0, 0, tcell.WheelUp)
	el.wait("the wheel up", func(v *editor.View) bool { return v.Top == 0 })

	// The right button extends a Visual selection.
	el.l.handle(tcell.NewEventKey(tcell.KeyEsc, 0, tcell.ModNone))
	el.keys("gg")
	el.click(1, 2, tcell.Button2)
	v = el.wait("the extended selection", func(v *editor.View) bool { return v.Mode == editor.ModeVisual })
	if v.Visual.Anchor != (editor.Pos{Line: 0, Col: 0}) || v.Cursor != (editor.Pos{Line: 2, Col: 1}) {
		t.Errorf("selection %v-%v", v.Visual.Anchor, v.Cursor)
	}
	el.click(1, 1, tcell.Button1)
	el.wait("the click ending Visual mode", func(v *editor.View) bool {
		return v.Mode == editor.ModeNormal && v.Cursor == editor.Pos{Line: 1, Col: 1}
	})
}
