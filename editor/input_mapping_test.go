package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		v := e.TakeView()
		if v.Top != s.top || e.win.cur.Line != s.curLine {
			t.Fatalf("after %s: top %d cursor line %d, want %d %d", s.keys, v.Top, e.win.cur.Line, s.top, s.curLine)
		}
	}
}
