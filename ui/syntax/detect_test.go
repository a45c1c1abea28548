package syntax

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// TestModelineFileType: the cases were checked against Vim 9.0 with
// 'modeline' on (vim -Nu NONE --cmd 'set modeline' -Es, then &ft and
// &syntax).
func TestModelineFileType(t *testing.T) {
	tests := []struct{ line, want string }{
		{"// vim: set ft=python :", "python"},
		{"// vim: set ft=python", ""}, // the set form needs its closing ':'
		{"# vim:ft=python", "python"},
		{"#vim:ft=python", ""}, // vim: must follow white space
		{"# vi:ft=python:ts=4", "python"},
		{"# ex:ft=python", "python"},
		{"ex:ft=python", ""}, // ex: never at the start of a line
		{"vi:ft=python", "python"},
		{"vim: filetype=go", "go"},
		{"# vim600: ft=python", "python"},
		{"# vim>600: ft=python", "python"},
		{"# Vim: ft=python", ""}, // Vim: only in the set form
		{"# Vim: set ft=python:", "python"},
		{"/* vim: set syntax=python: */", "python"},
		{"x vim:noai:ft=python", "python"},
		{"vim: set ts=4 ft=sh sw=2: ft=go", "sh"},
		{"vim: ft=$(rm -rf /)", ""}, // not a name: ignored
		{"vim: ft=", ""},
		{"no modeline here", ""},
		{"", ""},
	}
	for _, tc := range tests {
		if got := ModelineFileType(tc.line); got != tc.want {
			t.Errorf("ModelineFileType(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

func FuzzModelineFileType(f *testing.F) {
	for _, s := range []string{"# vim: set ft=go:", "vi:ft=c", "vim600:ft=x", "Vim: se ft=a\\:b:", "\xff vim:ft=\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		ft := ModelineFileType(line)
		if ft != "" && (!plainName(ft) || !strings.Contains(line, ft)) {
			t.Fatalf("ModelineFileType(%q) = %q", line, ft)
		}
	})
}

func TestDetect(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"main.go", "package main\n", "go"},
		{"/a/b/script.py", "", "python"},
		{"README.md", "# x\n", "markdown"},
		{"Makefile", "all:\n", "make"},
		{"x.sh", "", "sh"},
		{"x.c", "", "c"},
		{"x.cpp", "", "cpp"},
		{"change.diff", "", "diff"},
		{"notes", "#!/bin/sh\necho\n", "sh"},
		{"tool", "#!/usr/bin/env python3\n", "python"},
		{"tool", "#!/usr/bin/env -S node --flag\n", "javascript"},
		{"tool", "#!/usr/bin/perl -w\n", "perl"},
		{"tool", "#!\n", ""},
		{"plain", "just text\n", ""},
		{"", "", ""},
		// A modeline wins over the name, as in Vim (it is applied last);
		// the last modeline wins over earlier ones.
		{"x.txt", "a\n# vim: ft=go\n", "go"},
		{"x.py", "# vim: set ft=sh:\n" + strings.Repeat("x\n", 20) + "# vim: ft=ruby\n", "ruby"},
		// Only the first and last five lines are read.
		{"x", strings.Repeat("x\n", 6) + "# vim: ft=go\n" + strings.Repeat("x\n", 6), ""},
	}
	for _, tc := range tests {
		if got := Detect(tc.name, buffer.FromString(tc.text)); got != tc.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", tc.name, tc.text, got, tc.want)
		}
	}
}

func TestLexerFor(t *testing.T) {
	for _, ft := range []string{"go", "sh", "cpp", "python", "markdown", "diff", "make", "Go", "golang"} {
		if LexerFor(ft) == nil {
			t.Errorf("no lexer for %q", ft)
		}
	}
	for _, ft := range []string{"", "text", "no-such-type"} {
		if l := LexerFor(ft); l != nil {
			t.Errorf("LexerFor(%q) = %s", ft, l.Config().Name)
		}
	}
	// Vim's names come back from the lexers.
	for _, ft := range []string{"go", "sh", "cpp", "python", "markdown", "make"} {
		if got := FileTypeOf(LexerFor(ft)); got != ft {
			t.Errorf("FileTypeOf(LexerFor(%q)) = %q", ft, got)
		}
	}
}

func FuzzDetect(f *testing.F) {
	f.Add("x.go", "package x\n")
	f.Add("tool", "#!/usr/bin/env -S python3 -u\n")
	f.Add("a", "x\n# vim: set ft=sh:\n")
	f.Fuzz(func(t *testing.T, name, text string) {
		ft := Detect(name, buffer.FromString(text))
		if ft != "" && LexerFor(ft) == nil && !plainName(ft) {
			t.Fatalf("Detect(%q, %q) = %q", name, text, ft)
		}
	})
}
