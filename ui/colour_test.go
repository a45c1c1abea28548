package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// highlighted returns a view of text with its tokens, lexed at once.
func highlighted(t *testing.T, ft, text string) TextView {
	t.Helper()
	l := syntax.LexerFor(ft)
	if l == nil {
		t.Fatalf("no lexer for %s", ft)
	}
	h := syntax.NewHighlighter(l)
	h.SetText(buffer.FromString(text))
	for !h.Step() {
	}
	v := view(text, 0, 0)
	v.Syntax = h.Result()
	return v
}

func TestGoldenSyntax(t *testing.T) {
	goSrc := "package main\n\nimport \"fmt\"\n\n/* Block\n   comment */\nfunc main() {\n\tn := 42 // answer\n\tfmt.Println(`raw`, n, true)\n}\n"
	tests := []struct {
		name, ft, text, scheme string
		env                    ColorEnv
		w, h                   int
	}{
		{"go", "go", goSrc, "dark", ColorEnv{}, 40, 12},
		{"go_light", "go", goSrc, "light", ColorEnv{}, 40, 12},
		{"go_monokai_truecolor", "go", goSrc, "monokai", ColorEnv{TrueColor: true}, 40, 12},
		{"go_monokai_256", "go", goSrc, "monokai", ColorEnv{}, 40, 12},
		{"go_no_color", "go", goSrc, "dark", ColorEnv{NoColor: true}, 40, 12},
		{"python", "python", "#!/usr/bin/env python3\nimport os\n\n@cache\ndef f(x: int) -> str:\n    \"\"\"Doc\n    string.\"\"\"\n    return f'{x}' + 'a\\n'  # c\n", "dark", ColorEnv{}, 40, 10},
		{"markdown", "markdown", "# Title\n\nSome *emphasis*, **strong** and `code`.\n\n## Part\n\n- item\n- [link](http://x.y)\n\n```go\nfunc f() {}\n```\n", "dark", ColorEnv{}, 44, 14},
		{"diff", "diff", "--- a/x.go\n+++ b/x.go\n@@ -1,3 +1,3 @@\n package x\n-var a = 1\n+var a = 2\n context\n", "dark", ColorEnv{}, 30, 9},
		// Escape bytes stay escaped (^[, never sent), in SpecialKey's style,
		// whatever token they are in.
		{"escapes", "go", "package p\n\nvar s = \"\x1b[31mred\x1b[0m\" // \x07bell\x1b]0;title\x07\n", "dark", ColorEnv{}, 60, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := highlighted(t, tc.ft, tc.text)
			s := NewMemSurface(tc.w, tc.h)
			r := NewRenderer()
			th, ok := SchemeTheme(tc.scheme, tc.env)
			if !ok {
				t.Fatalf("no scheme %s", tc.scheme)
			}
			r.Theme = th
			r.Draw(s, &Frame{Text: v, Status: StatusInfo{Mode: "NORMAL", Name: "file." + tc.ft}})
			if s.Overlaps() != 0 {
				t.Errorf("%d cells written twice", s.Overlaps())
			}
			golden(t, "syntax_"+tc.name, s.Dump(true))
		})
	}
}

// TestSyntaxColoursKeywords checks the goldens' main claim directly: a
// Go keyword is coloured and the plain text beside it is not.
func TestSyntaxColoursKeywords(t *testing.T) {
	v := highlighted(t, "go", "package main\n")
	s := NewMemSurface(20, 3)
	r := NewRenderer()
	r.Draw(s, &Frame{Text: v})
	_, _, kw := s.Cell(0, 0)
	_, _, name := s.Cell(8, 0)
	if kw.Fg.IsDefault() || !name.Fg.IsDefault() {
		t.Errorf("keyword %v, name %v", kw, name)
	}
	r.Theme, _ = SchemeTheme("dark", ColorEnv{NoColor: true})
	r.Draw(s, &Frame{Text: v})
	if _, _, kw = s.Cell(0, 0); kw != (Style{}) {
		t.Errorf("NO_COLOR: keyword %v", kw)
	}
}

func TestGoldenDiffOutput(t *testing.T) {
	msgs := []Message{{Text: "--- x (on disk)", Diff: true}, {Text: "+++ x (buffer)", Diff: true},
		{Text: "@@ -1,2 +1,2 @@", Diff: true}, {Text: " a", Diff: true}, {Text: "-b\x1b[2J", Diff: true}, {Text: "+c", Diff: true}}
	s := NewMemSurface(30, 9)
	NewRenderer().Draw(s, &Frame{Text: view("x", 0, 0), Messages: msgs, HitEnter: true})
	golden(t, "diffdisk_output", s.Dump(true))
}

func TestSchemes(t *testing.T) {
	names := SchemeNames()
	for _, n := range []string{"default", "dark", "light", "monokai", "github"} {
		if !slices.Contains(names, n) {
			t.Errorf("SchemeNames lacks %s", n)
		}
		if _, ok := SchemeTheme(n, ColorEnv{}); !ok {
			t.Errorf("SchemeTheme(%s) unknown", n)
		}
	}
	if _, ok := SchemeTheme("nosuch", ColorEnv{}); ok {
		t.Error("an unknown scheme is known")
	}
	dark, _ := SchemeTheme("default", ColorEnv{})
	light, _ := SchemeTheme("default", ColorEnv{LightBackground: true})
	if dark.Search == light.Search {
		t.Error("default is the same on dark and light backgrounds")
	}
	// The 16-colour schemes use palette colours only, so that they
	// follow the terminal's own colours.
	for _, th := range []Theme{dark, light} {
		for _, p := range th.roles() {
			for _, c := range []Color{p.Fg, p.Bg} {
				if i, ok := c.PaletteIndex(); !c.IsDefault() && (!ok || i > 15) {
					t.Errorf("colour %v is not one of the 16", c)
				}
			}
		}
	}
	// NO_COLOR keeps roles visible by attributes.
	mono, _ := SchemeTheme("monokai", ColorEnv{NoColor: true, TrueColor: true})
	for _, p := range mono.roles() {
		if !p.Fg.IsDefault() || !p.Bg.IsDefault() {
			t.Errorf("NO_COLOR left a colour: %v", *p)
		}
	}
	if mono.Search.Attr&AttrReverse == 0 || mono.Tokens != nil {
		t.Errorf("NO_COLOR search %v, tokens %v", mono.Search, mono.Tokens)
	}
}

func TestColorEnvFrom(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		getenv      func(string) string
		noColor, lt bool
	}{
		{env(), false, false},
		{env("NO_COLOR", "1"), true, false},
		{env("NO_COLOR", ""), false, false},
		{env("TERM", "dumb"), true, false},
		{env("COLORFGBG", "0;15"), false, true},
		{env("COLORFGBG", "15;default;0"), false, false},
		{env("COLORFGBG", "0;default;7"), false, true},
	}
	for i, tc := range tests {
		e := ColorEnvFrom(tc.getenv, true)
		if e.NoColor != tc.noColor || e.LightBackground != tc.lt || !e.TrueColor {
			t.Errorf("case %d: %+v", i, e)
		}
	}
}

func TestRGBTo256(t *testing.T) {
	for _, tc := range []struct {
		r, g, b uint8
		want    uint8
	}{{0, 0, 0, 16}, {255, 255, 255, 231}, {255, 0, 0, 196}, {0x80, 0x80, 0x80, 244}, {0x27, 0x28, 0x22, 235}, {0xf9, 0x26, 0x72, 197}} {
		if got := rgbTo256(tc.r, tc.g, tc.b); got != tc.want {
			t.Errorf("rgbTo256(%d,%d,%d) = %d, want %d", tc.r, tc.g, tc.b, got, tc.want)
		}
	}
}

func TestChangedWords(t *testing.T) {
	tests := []struct{ old, new, o, n string }{
		{"var a = 1", "var a = 2", "1", "2"},
		{"beta", "BETA", "beta", "BETA"},
		{"call(foo, bar)", "call(foo, baz)", "bar", "baz"},
		{"same", "same", "", ""},
		{"x := compute(a)", "x := compute(a, b)", "", ", b"},
		{"", "new", "", "new"},
		{"héllo wörld", "héllo wärld", "wörld", "wärld"},
	}
	for _, tc := range tests {
		oa, ob, na, nb := changedWords(tc.old, tc.new)
		if tc.old[oa:ob] != tc.o || tc.new[na:nb] != tc.n {
			t.Errorf("changedWords(%q, %q) = %q, %q; want %q, %q", tc.old, tc.new, tc.old[oa:ob], tc.new[na:nb], tc.o, tc.n)
		}
	}
}

func TestColorDiff(t *testing.T) {
	in := "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n keep\n-var a = 1\n+var a = 2\n-gone\x1b[2J\n"
	var plain bytes.Buffer
	if err := ColorDiff(&plain, in, false); err != nil || plain.String() != in {
		t.Fatalf("without colour: %q, %v", plain.String(), err)
	}
	var b bytes.Buffer
	if err := ColorDiff(&b, in, true); err != nil {
		t.Fatal(err)
	}
	want := "\x1b[1m--- a/x\x1b[m\n\x1b[1m+++ b/x\x1b[m\n\x1b[36m@@ -1,3 +1,3 @@\x1b[m\n keep\n" +
		"\x1b[31m-var a = \x1b[1;7;31m1\x1b[m\x1b[31m\x1b[m\n\x1b[32m+var a = \x1b[1;7;32m2\x1b[m\x1b[32m\x1b[m\n" +
		"\x1b[31m-gone^[[2J\x1b[m\n"
	if b.String() != want {
		t.Errorf("coloured:\n got %q\nwant %q", b.String(), want)
	}
	if strings.Count(b.String(), "\x1b[2J") != 0 {
		t.Error("an escape from the diff reached the terminal")
	}
	for _, tc := range []struct {
		env  map[string]string
		tty  bool
		want bool
	}{{nil, true, true}, {nil, false, false}, {map[string]string{"NO_COLOR": "1"}, true, false}, {map[string]string{"TERM": "dumb"}, true, false}} {
		if got := UseColor(func(k string) string { return tc.env[k] }, tc.tty); got != tc.want {
			t.Errorf("UseColor(%v, tty %v) = %v", tc.env, tc.tty, got)
		}
	}
}

// TestWriteDiff: kjx diff's three outputs: a patch to a pipe, escaped
// text to a terminal without colour, coloured text to one with colour.
func TestWriteDiff(t *testing.T) {
	in := "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\tb\x1b]0;PWNED\a\n+a\tc\n"
	for _, tc := range []struct {
		name       string
		tty, color bool
		want       string
	}{
		{"pipe", false, true, in},
		{"terminal, no colour", true, false, "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\tb^[]0;PWNED^G\n+a\tc\n"},
		{"terminal, colour", true, true, ""},
	} {
		var b bytes.Buffer
		if err := WriteDiff(&b, in, tc.tty, tc.color); err != nil {
			t.Fatal(err)
		}
		got := b.String()
		if tc.want != "" && got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
		if tc.tty && strings.Contains(got, "\x1b]") {
			t.Errorf("%s: the diff's escape reached the terminal: %q", tc.name, got)
		}
		if tc.color != strings.Contains(got, sgrAdd) && tc.tty {
			t.Errorf("%s: colour %v, output %q", tc.name, tc.color, got)
		}
	}
}

// TestRunColoursSyntax runs the UI on a simulation screen with a Go file:
// the highlighter's result reaches the screen, and :syntax off and
// :colorscheme take effect.
func TestRunColoursSyntax(t *testing.T) {
	file := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(file, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sess := session.New(session.Config{Editor: editor.Config{Clean: true, FileType: syntax.Detect, ColorSchemes: SchemeNames()}})
	if err := sess.Editor().Open(file); err != nil {
		t.Fatal(err)
	}
	scr := tcell.NewSimulationScreen("UTF-8")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	spy := &initSpy{SimulationScreen: scr, ready: ready}
	done := make(chan error, 1)
	go func() { done <- RunWith(ctx, sess, spy, Options{}) }()
	<-ready
	fgAt := func(x, y int) tcell.Color {
		spy.mu.Lock()
		defer spy.mu.Unlock()
		cells, w, _ := scr.GetContents()
		fg, _, _ := cells[y*w+x].Style.Decompose()
		return fg
	}
	waitFg := func(what string, ok func(tcell.Color) bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if ok(fgAt(0, 0)) {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		t.Fatalf("%s: the keyword's colour is %v", what, fgAt(0, 0))
	}
	waitFg("opened", func(c tcell.Color) bool { return c == tcell.PaletteColor(11) })
	for _, r := range ":syntax off\r" {
		if r == '\r' {
			scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
		} else {
			scr.InjectKey(tcell.KeyRune, r, tcell.ModNone)
		}
		time.Sleep(2 * time.Millisecond)
	}
	waitFg(":syntax off", func(c tcell.Color) bool { return c == tcell.ColorDefault })
	cancel()
	<-done
}

// FuzzColorDiff: whatever the diff holds, the only escape sequences that
// reach the terminal are ColorDiff's own colours.
func FuzzColorDiff(f *testing.F) {
	f.Add("--- a\n+++ b\n@@ -1 +1 @@\n-x\x1b[2J\n+y\n")
	f.Add("-a\n-b\n+c\n+d\n \x9b31m\n")
	f.Fuzz(func(t *testing.T, text string) {
		var b bytes.Buffer
		if err := ColorDiff(&b, text, true); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, sgr := range []string{sgrReset, sgrAddWord, sgrDelWord, sgrBold, sgrHunk, sgrAdd, sgrDelete} {
			out = strings.ReplaceAll(out, sgr, "")
		}
		for i := 0; i < len(out); {
			r, size := utf8.DecodeRuneInString(out[i:])
			if r == 0x1b || r == 0x07 || r == 0x9b || r == utf8.RuneError && size == 1 && out[i] >= 0x80 {
				t.Fatalf("raw control at %d in %q", i, b.String())
			}
			i += size
		}
	})
}
