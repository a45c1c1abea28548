package editor

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/kjx-editor/kjx/editor/exparse"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzExprCommands runs :echo, :sort and :retab with arbitrary arguments
// on a small text: they must never panic, keep the editor's invariants,
// and show no control character but a tab. A '|' (which would run any
// command, :w and :! included) is not fuzzed.
func FuzzExprCommands(f *testing.F) {
	for _, s := range []string{
		`echo 1 + 2 * (3 - "4x") . &ts`, `echo "a\x41\u263a\e" 'it''s' 1.5/0 -7 % 0`,
		`echo 1 ? "y" : 0 || 1 && "a" =~? "A"`, `echo "abc`, `echo (1`, `echo &`,
		`sort! /\d\+/ r`, `sort nu`, `sort x`, `sort i /[/`, `2,4sort`,
		`retab! 3`, `retab -1`, `retab 4,8`, `2,3retab 0`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if !utf8.ValidString(cmd) || strings.ContainsAny(cmd, "|\r\n") {
			return
		}
		c, err := exparse.Parse(cmd)
		if err != nil || c.Name != "echo" && c.Name != "sort" && c.Name != "retab" {
			return
		}
		e := newTestEditor("b 10\n\tA 0x1F\n  a -3\n\nc x7 0b101\n")
		e.execExLine(cmd, true)
		checkInvariants(t, e, cmd)
		for _, l := range e.TakeOutput() {
			for _, r := range l {
				if r < 0x20 && r != '\t' || r == 0x7f {
					t.Fatalf("%q: output %q holds a control character", cmd, l)
				}
			}
		}
		if ts := e.opt.TabStop; ts < 1 || ts > maxTabStop {
			t.Fatalf("%q: 'tabstop' %d", cmd, ts)
		}
	})
}

// TestSortNumberParsing checks parseSortNumber on the forms :sort meets.
func TestSortNumberParsing(t *testing.T) {
	for _, tc := range []struct {
		s    string
		base int
		want int64
		ok   bool
	}{
		{"x 12 y", 10, 12, true}, {"a-3", 10, -3, true}, {"none", 10, 0, false},
		{"0x1F", 16, 31, true}, {"xyz ff", 16, 0xff, true}, {"id ff", 16, 0xd, true}, {"0b101", 2, 5, true},
		{"0o17", 8, 0, true}, {"017", 8, 15, true}, {"99999999999999999999", 10, 1<<63 - 1, true},
	} {
		got, ok := parseSortNumber(tc.s, tc.base)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseSortNumber(%q, %d) = %d, %v; want %d, %v", tc.s, tc.base, got, ok, tc.want, tc.ok)
		}
	}
}

// TestEchoValues checks the formatting of :echo's values.
func TestEchoValues(t *testing.T) {
	e := newTestEditor("")
	for _, tc := range []struct{ expr, want string }{
		{`1.0/3`, "0.333333"}, {`2.5e3`, "2500.0"}, {`1.0/0`, "inf"}, {`-1.0/0`, "-inf"},
		{`"a" . 1.5`, "a1.5"}, {`0x7fffffffffffffff + 1`, fmt.Sprint(-1 << 63)}, {`"\x01"`, "^A"},
	} {
		e.TakeOutput()
		e.execExLine("echo "+tc.expr, true)
		if got := e.TakeOutput(); len(got) != 1 || got[0] != tc.want {
			t.Errorf(":echo %s = %q, want %q", tc.expr, got, tc.want)
		}
	}
}

// TestSourceBangAndRecursion checks what the Vim corpus cannot: :source!
// types a file's bytes as Normal-mode commands (Vim reads them later,
// from its main loop), and a script that sources itself stops with E169.
func TestSourceBangAndRecursion(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys.vim")
	loop := filepath.Join(dir, "loop.vim")
	if err := os.WriteFile(keys, []byte("ggdd:s/e/E/\rix\x1b"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(loop, []byte("so "+loop+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newTestEditor("abc\ndef\nlast\n")
	e.execExLine("so! "+keys, true)
	if got := e.text().String(); got != "xdEf\nlast" {
		t.Errorf(":so! keys: text %q, want %q", got, "xdEf\nlast")
	}
	e.TakeMessages()
	e.execExLine("so "+loop, true)
	var last string
	for _, m := range e.TakeMessages() {
		last = m.Text
	}
	if last != "E169: Command too recursive" {
		t.Errorf(":so of a script that sources itself: last message %q", last)
	}
}
