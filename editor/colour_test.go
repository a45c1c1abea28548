package editor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/config"
)

// colourEditor is an editor with a file-type detector that knows ".go"
// and the schemes default, dark and monokai.
func colourEditor(t *testing.T) *Editor {
	t.Helper()
	return New(Config{Clean: true, ColorSchemes: []string{"dark", "default", "monokai"},
		FileType: func(name string, text buffer.Rope) string {
			if strings.HasSuffix(name, ".go") {
				return "go"
			}
			if strings.HasPrefix(text.String(), "#!/bin/sh") {
				return "sh"
			}
			return ""
		}})
}

func TestFileTypeOption(t *testing.T) {
	dir := t.TempDir()
	goFile, shFile := filepath.Join(dir, "a.go"), filepath.Join(dir, "run")
	os.WriteFile(goFile, []byte("package a\n"), 0o644)
	os.WriteFile(shFile, []byte("#!/bin/sh\necho\n"), 0o644)
	e := colourEditor(t)
	if err := e.Open(goFile); err != nil {
		t.Fatal(err)
	}
	if ft := e.View().FileType; ft != "go" {
		t.Errorf("detected %q, want go", ft)
	}
	e.ExecEx("set ft?")
	if out := e.TakeOutput(); !slices.Equal(out, []string{"  filetype=go"}) {
		t.Errorf(":set ft? says %q", out)
	}
	e.ExecEx("setlocal filetype=python")
	if ft := e.View().FileType; ft != "python" {
		t.Errorf(":setlocal filetype=python gave %q", ft)
	}
	e.ExecEx("set ft=")
	if ft := e.View().FileType; ft != "" {
		t.Errorf(":set ft= gave %q", ft)
	}
	e.ExecEx("set ft=a\\ b")
	if m := lastMessage(e); !strings.HasPrefix(m, "E474: Invalid argument") {
		t.Errorf("a bad file type: %q", m)
	}
	// 'filetype' belongs to the buffer: another buffer has its own.
	e.ExecEx("set ft=go")
	e.ExecEx("e " + shFile)
	if ft := e.View().FileType; ft != "sh" {
		t.Errorf("second buffer: %q, want sh", ft)
	}
	e.ExecEx("b 1")
	if ft := e.View().FileType; ft != "go" {
		t.Errorf("back in the first buffer: %q, want go", ft)
	}
}

// TestSyntaxCommand: the messages and errors were checked against Vim 9.0
// (vim -Nu NONE -Es, :redir).
func TestSyntaxCommand(t *testing.T) {
	e := colourEditor(t)
	if !e.View().Options.Syntax {
		t.Fatal("syntax is off by default; Vim's defaults.vim turns it on")
	}
	for _, tc := range []struct {
		cmd  string
		on   bool
		msg  string
		fail bool
	}{
		{"syntax off", false, "", false},
		{"syntax", false, "No Syntax items defined for this buffer", false},
		{"sy on", true, "", false},
		{"syntax", true, "No Syntax items defined for this buffer", false},
		{"syntax clear", false, "", false},
		{"syntax enable", true, "", false},
		{"syntax foo", true, "E410: Invalid :syntax subcommand: foo", true},
	} {
		e.TakeMessages()
		e.ExecEx(tc.cmd)
		if m := lastMessage(e); m != tc.msg {
			t.Errorf(":%s: message %q, want %q", tc.cmd, m, tc.msg)
		}
		if got := e.View().Options.Syntax; got != tc.on {
			t.Errorf(":%s: syntax %v, want %v", tc.cmd, got, tc.on)
		}
	}
}

func TestColorschemeCommand(t *testing.T) {
	e := colourEditor(t)
	e.ExecEx("colorscheme")
	if m := lastMessage(e); m != "default" {
		t.Errorf(":colorscheme says %q", m)
	}
	e.ExecEx("colo monokai")
	if got := e.View().Options.ColorScheme; got != "monokai" {
		t.Errorf(":colo monokai gave %q", got)
	}
	e.ExecEx("colorscheme nosuch")
	if m := lastMessage(e); m != "E185: Cannot find color scheme 'nosuch'" {
		t.Errorf("unknown scheme: %q", m)
	}
	if got := e.View().Options.ColorScheme; got != "monokai" {
		t.Errorf("an unknown scheme changed it to %q", got)
	}
	// <Tab> completes scheme names.
	e.Feed(rawKeys(":colorscheme mo\t"), false)
	if got := e.View().Cmdline; got != ":colorscheme monokai" {
		t.Errorf("completion: %q", got)
	}
}

func TestColourConfig(t *testing.T) {
	c := config.Default(noEnv)
	c.Editor.ColorScheme = "nosuch"
	e := New(Config{Clean: true, Options: OptionsFromConfig(c, DefaultOptions()), ColorSchemes: []string{"monokai"}})
	if m := lastMessage(e); m != "E185: Cannot find color scheme 'nosuch'" {
		t.Errorf("start-up message %q", m)
	}
	if got := e.View().Options.ColorScheme; got != "default" {
		t.Errorf("an unknown configured scheme: %q", got)
	}
	// A reload applies syntax and colorscheme.
	e.live = configLive{cur: config.Default(noEnv), path: "kjx.toml"}
	c2 := config.Default(noEnv)
	c2.Editor.Syntax, c2.Editor.ColorScheme = false, "monokai"
	e.ApplyConfig(c2, nil)
	if m := lastMessage(e); !strings.Contains(m, "syntax=off colorscheme=monokai") {
		t.Errorf("reload message %q", m)
	}
	o := e.View().Options
	if o.Syntax || o.ColorScheme != "monokai" {
		t.Errorf("after reload: syntax %v, scheme %q", o.Syntax, o.ColorScheme)
	}
}

func TestDiffdiskOutputIsMarked(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "x.txt")
	os.WriteFile(f, []byte("a\nb\n"), 0o644)
	e := colourEditor(t)
	if err := e.Open(f); err != nil {
		t.Fatal(err)
	}
	e.Feed(rawKeys("jx"), false)
	e.ExecEx("registers a | diffdisk")
	v := e.View()
	if len(v.OutputDiff) == 0 {
		t.Fatalf("no diff ranges in %q", v.Output)
	}
	var diff []string
	for _, r := range v.OutputDiff {
		diff = append(diff, v.Output[r[0]:r[1]]...)
	}
	want := []string{"--- " + f + " (on disk)", "+++ " + f + " (buffer)", "@@ -1,2 +1,2 @@", " a", "-b", "+"}
	if !slices.Equal(diff, want) {
		t.Errorf("diff lines %q, want %q", diff, want)
	}
	if slices.Contains(diff, v.Output[0]) && v.Output[0] == "--- Registers ---" {
		t.Error("the :registers header is marked as diff")
	}
	if v2 := e.View(); len(v2.OutputDiff) != 0 {
		t.Error("diff ranges outlive their output")
	}
}
