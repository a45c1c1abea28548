package editor

import (
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
)

// TestUndograb: a function deleted three hours and 500 states ago comes
// back into a register without travelling; the tree does not move.
func TestUndograb(t *testing.T) {
	e := newTestEditor("package main\n\nfunc keep() {}\n\nfunc lost() {\n\treturn\n}\n")
	vc := e.clock.(*clock.Virtual)
	feedSteps(t, e, "5G3dd") // state 1: lost() goes
	vc.Sleep(3 * time.Hour)
	for i := 0; i < 500; i++ {
		feedSteps(t, e, "ggx")
		if i%2 == 1 {
			feedSteps(t, e, "ggip<Esc>")
		}
	}
	tr := e.buf().tree
	seq, text := tr.Current(), e.text().String()
	e.TakeMessages()
	feedSteps(t, e, ":undograb a /func lost/<CR>")
	msgs := e.TakeMessages()
	if want := `3 lines yanked into "a from #0, taken out by #1  ` + time.Unix(1700000000, 0).In(time.Local).Format("15:04:05"); len(msgs) != 1 || msgs[0].Text != want {
		t.Fatalf("messages %v", msgs)
	}
	if r, _ := e.getReg('a'); r.text != "func lost() {\n\treturn\n}" || r.kind != regLine {
		t.Fatalf("register a holds %q (%v)", r.text, r.kind)
	}
	if tr.Current() != seq || e.text().String() != text {
		t.Fatalf("the tree moved: #%d", tr.Current())
	}
	feedSteps(t, e, `G"ap`)
	if !strings.HasSuffix(e.text().String(), "func lost() {\n\treturn\n}") {
		t.Errorf("\"ap put %q", e.text().String())
	}
	// Without a register: the unnamed one (and "0, like a yank).
	feedSteps(t, e, ":undograb /^package/<CR>")
	if r, _ := e.getReg('0'); !strings.HasPrefix(r.text, "package") {
		t.Errorf("\"0 holds %q", r.text)
	}
}

func TestUndograbErrorsAndList(t *testing.T) {
	e := newTestEditor("one\ntwo\nthree\n")
	feedSteps(t, e, "jdd", "x")
	for _, tc := range []struct{ cmd, msg string }{
		{"undograb /nowhere/", "E486: Pattern not found in the undo history: nowhere"},
		{"undograb /one/", "E486: Pattern not found in the undo history: one"}, // still there
		{"undograb a", "E471: Argument required: :undograb [x] /pattern/"},
		{"undograb x/y/", "E146: Regular expressions can't be delimited by letters: x/y/"},
		{"undograb /a/ b", "E488: Trailing characters: b"},
		{`undograb /\(/`, "E54: Unmatched \\("},
	} {
		e.TakeMessages()
		e.ExecEx(tc.cmd)
		if m := e.TakeMessages(); len(m) != 1 || m[0].Text != tc.msg {
			t.Errorf(":%s said %v, want %q", tc.cmd, m, tc.msg)
		}
	}
	e.ExecEx("undograb")
	out := e.TakeOutput()
	if len(out) != 3 || !strings.HasPrefix(out[1], "    2  1 byte") || !strings.HasSuffix(out[2], "two") {
		t.Fatalf(":undograb lists %q", out)
	}
	e.ExecEx("undograb /two")
	if r, _ := e.getReg('"'); r.text != "two\nthree" { // the hunk: "three" became "hree"
		t.Errorf("/two without the closing delimiter: %q", r.text)
	}
}

// TestUndograbBounded: :undograb searches the newest e.grabStates states
// (grabMaxStates in use) and says so when it stops there; :undograb!
// searches them all.
func TestUndograbBounded(t *testing.T) {
	e := newTestEditor("gone\nkeep\n")
	feedSteps(t, e, "dd") // state 1 takes "gone" out
	for range 150 {
		feedSteps(t, e, "ia<Esc>")
	}
	e.grabStates = 100
	for _, tc := range []struct{ cmd, msg string }{
		{"undograb a /gone/", "E486: Pattern not found in the newest 100 states of the undo history (:undograb! searches them all): gone"},
		{"undograb! a /gone/", `2 lines yanked into "a from #0, taken out by #1`}, // "keep" changed too
		{"undograb! /nowhere/", "E486: Pattern not found in the undo history: nowhere"},
	} {
		e.TakeMessages()
		e.ExecEx(tc.cmd)
		if m := e.TakeMessages(); len(m) != 1 || !strings.HasPrefix(m[0].Text, tc.msg) {
			t.Errorf(":%s said %v, want %q", tc.cmd, m, tc.msg)
		}
	}
	if r, _ := e.getReg('a'); r.text != "gone\nkeep" {
		t.Errorf("register a holds %q", r.text)
	}
	e.grabStates = 0 // grabMaxStates: 151 states are searched
	e.TakeMessages()
	e.ExecEx("undograb /gone/")
	if m := e.TakeMessages(); len(m) != 1 || !strings.HasPrefix(m[0].Text, "2 lines yanked from #0") {
		t.Errorf(":undograb said %v", m)
	}
}
