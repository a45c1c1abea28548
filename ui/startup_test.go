package ui

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor"
)

// TestStartupMessages is Vim's start-up: one message in the message line;
// several as a list waiting for a key, after which the last (the file's
// line) stays, as Vim shows it after a vimrc error.
func TestStartupMessages(t *testing.T) {
	one := frameBuilder{startup: true}
	v := editor.View{Messages: []editor.Message{{Text: `"f" 3L, 40B`}}}
	if f := one.build(&v); f.HitEnter || len(f.Messages) != 1 {
		t.Fatalf("one start-up message: %+v", f)
	}
	fb := frameBuilder{startup: true}
	v = editor.View{Messages: []editor.Message{{Text: `config.toml:2: unknown key "editor.no_such_key"`, Error: true}, {Text: `"f" 3L, 40B`}}}
	f := fb.build(&v)
	if !f.HitEnter || len(f.Messages) != 2 || !f.Messages[0].Error || f.Messages[1].Text != `"f" 3L, 40B` {
		t.Fatalf("start-up list: %+v", f)
	}
	fb.dismiss()
	fb.fill(f)
	if f.HitEnter || len(f.Messages) != 1 || f.Messages[0].Text != `"f" 3L, 40B` {
		t.Fatalf("after the prompt: %+v", f)
	}
	// After start-up, several messages of one view are typeahead: the
	// last one wins, as before.
	v = editor.View{Messages: []editor.Message{{Text: "one"}, {Text: "two"}}}
	if f := fb.build(&v); f.HitEnter || len(f.Messages) != 1 || f.Messages[0].Text != "two" {
		t.Fatalf("later messages: %+v", f)
	}
}

// TestLongMessageWraps: a start-up message wider than the screen is
// wrapped, never cut in the middle, and waits for a key.
func TestLongMessageWraps(t *testing.T) {
	fb := frameBuilder{width: 20, startup: true}
	long := "E999: " + strings.Repeat("abcdefghij", 4) + "<end>"
	v := editor.View{Messages: []editor.Message{{Text: long, Error: true}}}
	f := fb.build(&v)
	if !f.HitEnter {
		t.Fatalf("a long message does not wait for a key: %+v", f)
	}
	s := NewMemSurface(20, 8)
	NewRenderer().Draw(s, f)
	var got strings.Builder
	for y := 0; y < 8; y++ {
		got.WriteString(strings.TrimRight(s.Row(y), " "))
	}
	if !strings.Contains(got.String(), long) || !strings.Contains(got.String(), "Press ENTER") {
		t.Fatalf("the screen does not hold the whole message:\n%q", got.String())
	}
}

func TestWrapCells(t *testing.T) {
	tests := []struct {
		in   string
		w    int
		want []string
	}{
		{"short", 10, []string{"short"}},
		{"abcdef", 3, []string{"abc", "def"}},
		{"ab\u202ecd", 4, []string{"ab", "\u202e", "cd"}}, // <202e> is 6 cells: a row of its own, never split
		{"日本語", 4, []string{"日本", "語"}},
		{"ab\x01cd", 4, nil}, // ^A is two cells: only the invariants
	}
	for _, tc := range tests {
		got := wrapCells(tc.in, tc.w)
		if len(tc.want) == 0 {
			// Only check that nothing is lost and rows fit.
			if strings.Join(got, "") != tc.in {
				t.Errorf("wrapCells(%q) lost text: %q", tc.in, got)
			}
			for _, r := range got {
				if stringWidth(r) > tc.w {
					t.Errorf("wrapCells(%q): row %q wider than %d", tc.in, r, tc.w)
				}
			}
			continue
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapCells(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
	}
}

// TestMessagesOfUndrawnViewsCarried: start-up publishes twice before the
// first frame; the first view's messages must reach the screen.
func TestMessagesOfUndrawnViewsCarried(t *testing.T) {
	var l loop
	l.wake = make(chan struct{}, 1)
	l.publish(editor.View{Messages: []editor.Message{{Text: "first"}}, Output: []string{"o1"}, OutputDiff: [][2]int{{0, 1}}})
	l.publish(editor.View{Messages: []editor.Message{{Text: "second"}}, Output: []string{"o2"}, OutputDiff: [][2]int{{0, 1}}})
	v := l.pub.view
	if len(v.Messages) != 2 || v.Messages[0].Text != "first" || strings.Join(v.Output, ",") != "o1,o2" || len(v.OutputDiff) != 2 || v.OutputDiff[1] != [2]int{1, 2} {
		t.Fatalf("carried view: %+v", v)
	}
	l.pub.taken = true
	l.publish(editor.View{Messages: []editor.Message{{Text: "third"}}})
	if len(l.pub.view.Messages) != 1 {
		t.Fatalf("a drawn view's messages carried again: %+v", l.pub.view.Messages)
	}
	// i typed before the first frame: the file's line would have been
	// overwritten by -- INSERT --, an error would not be lost.
	for _, tc := range []struct {
		msg  editor.Message
		want int
	}{{editor.Message{Text: `"f" [New]`}, 0}, {editor.Message{Text: "E1: bad", Error: true}, 1}} {
		l.pub.taken = true
		l.publish(editor.View{Mode: editor.ModeNormal, Messages: []editor.Message{tc.msg}})
		l.publish(editor.View{Mode: editor.ModeInsert})
		if got := len(l.pub.view.Messages); got != tc.want {
			t.Errorf("%q then Insert mode: %d messages carried, want %d", tc.msg.Text, got, tc.want)
		}
	}
}
