package ui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
)

func TestTranslateKey(t *testing.T) {
	tests := []struct {
		name string
		ev   *tcell.EventKey
		want string // editor key notation
	}{
		{"letter", tcell.NewEventKey(tcell.KeyRune, 'a', 0), "a"},
		{"capital", tcell.NewEventKey(tcell.KeyRune, 'A', 0), "A"},
		{"shifted punctuation", tcell.NewEventKey(tcell.KeyRune, '!', tcell.ModShift), "!"},
		{"unicode", tcell.NewEventKey(tcell.KeyRune, 'é', 0), "é"},
		{"ctrl letter", tcell.NewEventKey(tcell.KeyCtrlR, 0, tcell.ModCtrl), "<C-r>"},
		{"ctrl from byte", tcell.NewEventKey(tcell.KeyRune, 0x12, 0), "<C-r>"},
		{"ctrl-@ from byte", tcell.NewEventKey(tcell.KeyNUL, 0, 0), "<C-@>"},
		{"ctrl-\\ from byte", tcell.NewEventKey(tcell.KeyFS, 0, 0), "<C-\\>"},
		{"lf is ctrl-j", tcell.NewEventKey(tcell.KeyLF, 0, 0), "<C-j>"},
		{"ctrl-[ is esc", tcell.NewEventKey(tcell.KeyCtrlLeftSq, 0, tcell.ModCtrl), "<Esc>"},
		{"esc", tcell.NewEventKey(tcell.KeyEsc, 0, 0), "<Esc>"},
		{"enter", tcell.NewEventKey(tcell.KeyEnter, 0, 0), "<CR>"},
		{"ctrl-m rune is enter", tcell.NewEventKey(tcell.KeyRune, 'm', tcell.ModCtrl), "<CR>"},
		{"ctrl-i rune is tab", tcell.NewEventKey(tcell.KeyRune, 'i', tcell.ModCtrl), "<Tab>"},
		{"tab", tcell.NewEventKey(tcell.KeyTab, 0, 0), "<Tab>"},
		{"backtab", tcell.NewEventKey(tcell.KeyBacktab, 0, 0), "<S-Tab>"},
		{"backspace", tcell.NewEventKey(tcell.KeyBackspace, 0, 0), "<BS>"},
		{"del byte is backspace", tcell.NewEventKey(tcell.KeyBackspace2, 0, 0), "<BS>"},
		{"delete", tcell.NewEventKey(tcell.KeyDelete, 0, 0), "<Del>"},
		{"arrows", tcell.NewEventKey(tcell.KeyUp, 0, 0), "<Up>"},
		{"ctrl arrow", tcell.NewEventKey(tcell.KeyRight, 0, tcell.ModCtrl), "<C-Right>"},
		{"shift arrow", tcell.NewEventKey(tcell.KeyLeft, 0, tcell.ModShift), "<S-Left>"},
		{"home end", tcell.NewEventKey(tcell.KeyEnd, 0, 0), "<End>"},
		{"pages", tcell.NewEventKey(tcell.KeyPgDn, 0, 0), "<PageDown>"},
		{"insert", tcell.NewEventKey(tcell.KeyInsert, 0, 0), "<Insert>"},
		{"f5", tcell.NewEventKey(tcell.KeyF5, 0, 0), "<F5>"},
		{"f12", tcell.NewEventKey(tcell.KeyF12, 0, 0), "<F12>"},
		{"alt letter", tcell.NewEventKey(tcell.KeyRune, 'x', tcell.ModAlt), "<M-x>"},
		{"ctrl-space", tcell.NewEventKey(tcell.KeyCtrlSpace, 0, tcell.ModCtrl), "<C-@>"},
		{"ctrl-]", tcell.NewEventKey(tcell.KeyCtrlRightSq, 0, tcell.ModCtrl), "<C-]>"},
		{"ctrl-^", tcell.NewEventKey(tcell.KeyCtrlCarat, 0, tcell.ModCtrl), "<C-^>"},
		{"ctrl-shift letter", tcell.NewEventKey(tcell.KeyRune, 'V', tcell.ModCtrl|tcell.ModShift), "<C-v>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, ok := translateKey(tc.ev)
			if !ok {
				t.Fatalf("%v not translated", tc.ev.Name())
			}
			want, err := editor.ParseKeys(tc.want)
			if err != nil || len(want) != 1 {
				t.Fatalf("bad notation %q", tc.want)
			}
			if k != want[0] {
				t.Errorf("%s → %s (%+v), want %s (%+v)", tc.ev.Name(), editor.FormatKey(k), k, tc.want, want[0])
			}
		})
	}
	if _, ok := translateKey(tcell.NewEventKey(tcell.KeyF40, 0, 0)); ok {
		t.Error("F40 has no editor name but was translated")
	}
}

// TestTypedKeys: a character with Alt is ESC and that character read in
// one piece (a fast <Esc>:, or Alt+x, which terminals send as ESC x), and
// Vim reads <Esc> then the character; other keys stand for themselves.
func TestTypedKeys(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"<M-:>", "<Esc>:"},
		{"<M-x>", "<Esc>x"},
		{"<M-C-r>", "<Esc><C-r>"},
		{"<M-Up>", "<M-Up>"},
		{"x", "x"},
		{"<Esc>", "<Esc>"},
	} {
		in, err := editor.ParseKeys(tc.in)
		if err != nil || len(in) != 1 {
			t.Fatalf("bad notation %q", tc.in)
		}
		if got := editor.FormatKeys(typedKeys(in[0])); got != tc.want {
			t.Errorf("typedKeys(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestPasteText(t *testing.T) {
	l := &loop{in: make(chan session.Input, 10), r: NewRenderer(), wake: make(chan struct{}, 1)}
	events := []tcell.Event{tcell.NewEventPaste(true)}
	for _, r := range "a\tb" {
		events = append(events, tcell.NewEventKey(tcell.KeyRune, r, 0))
	}
	events = append(events,
		tcell.NewEventKey(tcell.KeyEnter, 0, 0),             // CR
		tcell.NewEventKey(tcell.KeyCtrlJ, 0, tcell.ModCtrl), // LF of CR LF
		tcell.NewEventKey(tcell.KeyEnter, 0, 0),             // lone CR
		tcell.NewEventKey(tcell.KeyCtrlA, 0, tcell.ModCtrl), // a literal ^A
		tcell.NewEventKey(tcell.KeyEsc, 0, 0),               // a literal ESC
		tcell.NewEventKey(tcell.KeyRune, '中', 0),
		tcell.NewEventPaste(false))
	for _, ev := range events {
		l.handle(ev)
		if len(l.in) > 0 && ev != events[len(events)-1] {
			t.Fatal("input sent before the paste ended")
		}
	}
	if len(l.in) != 1 {
		t.Fatalf("%d inputs for one paste, want 1", len(l.in))
	}
	if got, want := (<-l.in).Paste, "a\tb\n\n\x01\x1b中"; got != want {
		t.Errorf("pasted %q, want %q", got, want)
	}
}
