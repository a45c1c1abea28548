package ui

import (
	"context"
	"fmt"
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/session"
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
	sess := session.New(session.Config{Editor: editor.Config{Clean: true}})
	if err := sess.Editor().Open(path); err != nil {
		t.Fatal(err)
	}
	m := NewMemSurface(w, h)
	l := newLoop(nil, m, opt)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		sess.Run(ctx, l.in, l.publish)
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

// TestClickAt maps screen cells to the line and display column sent to
// the editor: wrapped rows, a wide cluster moved to the next row (its
// filler cell), the number column and clicks past the end of a line.
func TestClickAt(t *testing.T) {
	v := view("abc日\nxy\n", 0, 0)
	v.Opts.Wrap = true
	s := NewMemSurface(4, 6)
	r := NewRenderer()
	r.Draw(s, &Frame{Text: v})
	// Rows: "abc>" (日 does not fit), "日", "xy".
	cases := []struct {
		x, y, line, vcol int
		ok               bool
	}{
		{0, 0, 0, 0, true},
		{2, 0, 0, 2, true},
		{0, 1, 0, 3, true}, // 日, first cell
		{1, 1, 0, 3, true}, // 日, second cell
		{3, 1, 0, 6, true}, // past the end: 日 ends at 5, then one more
		{1, 2, 1, 1, true},
		{3, 2, 1, 3, true},
		{0, 4, 0, 0, false}, // a ~ row
	}
	for _, c := range cases {
		line, vcol, ok := r.text.clickAt(c.x, c.y)
		if line != c.line || vcol != c.vcol || ok != c.ok {
			t.Errorf("click %d,%d: line %d col %d ok %v; want %d %d %v\n%s", c.x, c.y, line, vcol, ok, c.line, c.vcol, c.ok, s.Dump(false))
		}
	}
	v = view("one\ntwo\n", 0, 0)
	v.Opts.Number = true
	s = NewMemSurface(20, 4)
	r.Draw(s, &Frame{Text: v})
	if line, vcol, ok := r.text.clickAt(1, 1); !ok || line != 1 || vcol != 0 {
		t.Errorf("click on the number of line 2: line %d col %d ok %v", line, vcol, ok)
	}
	if line, vcol, ok := r.text.clickAt(5, 1); !ok || line != 1 || vcol != 1 {
		t.Errorf("click on w of two: line %d col %d ok %v\n%s", line, vcol, ok, s.Dump(false))
	}
}

// BenchmarkClickAtLongLine maps a click near the start of a 1 MB line
// (drawn without wrap from its start) to a column.
func BenchmarkClickAtLongLine(b *testing.B) {
	line := strings.Repeat("abcdefghij", 100000)
	f := &Frame{Text: TextView{Text: buffer.FromString(line + "\nx"), Cursor: Pos{0, 0}, Top: -1,
		Opts: DisplayOptions{TabStop: 8}}}
	s := NewMemSurface(200, 60)
	r := NewRenderer()
	r.Draw(s, f)
	b.ReportAllocs()
	for b.Loop() {
		if _, vcol, ok := r.text.clickAt(100, 0); !ok || vcol != 100 {
			b.Fatalf("vcol %d ok %v", vcol, ok)
		}
	}
}
