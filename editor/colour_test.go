package editor

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
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
	if ft := e.TakeView().FileType; ft != "go" {
		t.Errorf("detected %q, want go", ft)
	}
	e.ExecEx("set ft?")
	if out := e.TakeOutput(); !slices.Equal(out, []string{"  filetype=go"}) {
		t.Errorf(":set ft? says %q", out)
	}
	e.ExecEx("setlocal filetype=python")
	if ft := e.TakeView().FileType; ft != "python" {
		t.Errorf(":setlocal filetype=python gave %q", ft)
	}
	e.ExecEx("set ft=")
	if ft := e.TakeView().FileType; ft != "" {
		t.Errorf(":set ft= gave %q", ft)
	}
	e.ExecEx("set ft=a\\ b")
	if m := lastMessage(e); !strings.HasPrefix(m, "E474: Invalid argument") {
		t.Errorf("a bad file type: %q", m)
	}
	// 'filetype' belongs to the buffer: another buffer has its own.
	e.ExecEx("set ft=go")
	e.ExecEx("e " + shFile)
	if ft := e.TakeView().FileType; ft != "sh" {
		t.Errorf("second buffer: %q, want sh", ft)
	}
	e.ExecEx("b 1")
	if ft := e.TakeView().FileType; ft != "go" {
		t.Errorf("back in the first buffer: %q, want go", ft)
	}
}

// TestSyntaxCommand: the messages and errors were checked against Vim 9.0
// (vim -Nu NONE -Es, :redir).
func TestSyntaxCommand(t *testing.T) {
	e := colourEditor(t)
	if !e.TakeView().Options.Syntax {
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
		if got := e.TakeView().Options.Syntax; got != tc.on {
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
	if got := e.TakeView().Options.ColorScheme; got != "monokai" {
		t.Errorf(":colo monokai gave %q", got)
	}
	e.ExecEx("colorscheme nosuch")
	if m := lastMessage(e); m != "E185: Cannot find color scheme 'nosuch'" {
		t.Errorf("unknown scheme: %q", m)
	}
	if got := e.TakeView().Options.ColorScheme; got != "monokai" {
		t.Errorf("an unknown scheme changed it to %q", got)
	}
	// <Tab> completes scheme names.
	e.Feed(rawKeys(":colorscheme mo\t"), false)
	if got := e.TakeView().Cmdline; got != ":colorscheme monokai" {
		t.Errorf("completion: %q", got)
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
	v := e.TakeView()
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
	if v2 := e.TakeView(); len(v2.OutputDiff) != 0 {
		t.Error("diff ranges outlive their output")
	}
}
