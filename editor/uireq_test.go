package editor

import (
	"reflect"
	"strings"
	"testing"
)

// TestUIRequests checks each panel command publishes a new request.
func TestUIRequests(t *testing.T) {
	e := newTestEditor("a\n")
	if r := e.TakeView().UIRequest; r.Seq != 0 {
		t.Fatalf("request before any command: %+v", r)
	}
	tests := []struct{ cmd, want string }{
		{"undotree", UICmdPanelToggle},
		{"UndotreeToggle", UICmdPanelToggle},
		{"UndotreeShow", UICmdPanelShow},
		{"UndotreeH", UICmdPanelHide},
		{"UndotreeFocus", UICmdPanelFocus},
		{"undot", UICmdPanelToggle},
	}
	for i, tc := range tests {
		if !e.ExecEx(tc.cmd) {
			t.Fatalf(":%s failed: %v", tc.cmd, e.TakeMessages())
		}
		r := e.TakeView().UIRequest
		if r.Seq != uint64(i+1) || r.Cmd != tc.want {
			t.Errorf(":%s: request %+v, want seq %d %q", tc.cmd, r, i+1, tc.want)
		}
	}
	// Like Vim's user commands, an ambiguous prefix is an error.
	if e.ExecEx("Und") {
		t.Error(":Und is ambiguous but succeeded")
	} else if msgs := e.TakeMessages(); len(msgs) == 0 || !strings.HasPrefix(msgs[len(msgs)-1].Text, "E464") {
		t.Errorf(":Und: %v, want E464", msgs)
	}
	// A view without a new command repeats the request unchanged.
	if r := e.TakeView().UIRequest; r.Seq != uint64(len(tests)) {
		t.Errorf("request changed without a command: %+v", r)
	}
}

// TestViewMatches checks the 'hlsearch' closure against the matches of
// the pattern found line by line.
func TestViewMatches(t *testing.T) {
	e := newTestEditor("foo bar foo\nxfoo\n\nfoofoo\n")
	if e.TakeView().Matches != nil {
		t.Fatal("Matches set with no pattern")
	}
	e.ExecEx("set hlsearch")
	e.Feed(MustParseKeys("/foo<CR>"), true)
	v := e.TakeView()
	if v.Matches == nil {
		t.Fatal("no Matches with 'hlsearch' and a pattern")
	}
	all := v.Matches(v.Text, 0, v.Text.Len())
	want := [][2]int{{0, 3}, {8, 11}, {13, 16}, {18, 21}, {21, 24}}
	if !reflect.DeepEqual(all, want) {
		t.Errorf("Matches(all) = %v, want %v", all, want)
	}
	if got := v.Matches(v.Text, 9, 14); !reflect.DeepEqual(got, [][2]int{{8, 11}, {13, 16}}) {
		t.Errorf("Matches(9, 14) = %v", got)
	}
	if got := v.Matches(v.Text, 17, 18); got != nil {
		t.Errorf("Matches(17, 18) = %v, want none", got)
	}
	e.ExecEx("nohlsearch")
	if e.TakeView().Matches != nil {
		t.Error("Matches set after :nohlsearch")
	}
	e.Feed(MustParseKeys("n"), true)
	e.ExecEx("set nohlsearch")
	if e.TakeView().Matches != nil {
		t.Error("Matches set with 'nohlsearch'")
	}
}

// TestViewIncSearch checks the match shown while a search is typed.
func TestViewIncSearch(t *testing.T) {
	e := newTestEditor("abc abc\nabc\n")
	e.Feed(MustParseKeys("/ab"), true)
	if got := e.TakeView().IncSearch; got != [2]int{4, 6} {
		t.Errorf("/ab from 0: IncSearch %v, want [4 6]", got)
	}
	e.Feed(MustParseKeys("<Esc>$?bc"), true)
	if got := e.TakeView().IncSearch; got != [2]int{5, 7} {
		t.Errorf("?bc from col 6: IncSearch %v, want [5 7]", got)
	}
	e.Feed(MustParseKeys("<Esc>/zzz"), true)
	if got := e.TakeView().IncSearch; got != [2]int{} {
		t.Errorf("no match: IncSearch %v", got)
	}
	e.Feed(MustParseKeys("<Esc>"), true)
	e.ExecEx("set noincsearch")
	e.Feed(MustParseKeys("/ab"), true)
	if got := e.TakeView().IncSearch; got != [2]int{} {
		t.Errorf("'noincsearch': IncSearch %v", got)
	}
}

// TestInputRestore checks the panel's Enter (RestoreState, which the
// session's Input.Restore calls): one movement to the state,
// the root included, with the : history untouched.
func TestInputRestore(t *testing.T) {
	e := newTestEditor("")
	e.Feed(MustParseKeys("ione<Esc>otwo<Esc>othree<Esc>"), true)
	hist := len(*e.historyFor(':'))
	e.RestoreState(1)
	if got := e.text().String(); got != "one" {
		t.Errorf("Restore 1: %q", got)
	}
	e.RestoreState(RestoreRoot)
	if got := e.text().String(); got != "" || e.buf().tree.Current() != 0 {
		t.Errorf("RestoreRoot: %q at state %d", got, e.buf().tree.Current())
	}
	e.RestoreState(3)
	if got := e.text().String(); got != "one\ntwo\nthree" {
		t.Errorf("Restore 3: %q", got)
	}
	if n := len(*e.historyFor(':')); n != hist {
		t.Errorf(": history grew from %d to %d", hist, n)
	}
	// Restore from Insert mode leaves it first, as the panel's Enter may
	// come at any time.
	e.Feed(MustParseKeys("Ax"), true)
	e.RestoreState(2)
	if e.mode != ModeNormal || e.text().String() != "one\ntwo" {
		t.Errorf("Restore from Insert: mode %v text %q", e.mode, e.text().String())
	}
}
