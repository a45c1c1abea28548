package exparse

import (
	"errors"
	"reflect"
	"testing"
)

func num(n int) Addr { return Addr{Kind: AddrNumber, Number: n} }

// TestParseCommands checks names, bangs, arguments, counts and registers.
// Expected values and error texts were checked against Vim 9.0 (typed
// command lines, where Vim does not append the command to E488).
func TestParseCommands(t *testing.T) {
	tests := []struct {
		line string
		want Cmd
		err  string
	}{
		{line: "", want: Cmd{}},
		{line: `" comment`, want: Cmd{}},
		{line: "w", want: Cmd{Name: "write", Raw: "w"}},
		{line: ":::  w", want: Cmd{Name: "write", Raw: "w"}},
		{line: "wq!x", want: Cmd{Name: "wq", Bang: true, Arg: "x", Raw: "wq!x"}},
		{line: "x", want: Cmd{Name: "xit", Raw: "x"}},
		{line: "exi", want: Cmd{Name: "exit", Raw: "exi"}},
		{line: "wqa", want: Cmd{Name: "wqall", Raw: "wqa"}},
		{line: "xa", want: Cmd{Name: "xall", Raw: "xa"}},
		{line: "sav f", want: Cmd{Name: "saveas", Arg: "f", Raw: "sav f"}},
		{line: "up", want: Cmd{Name: "update", Raw: "up"}},
		{line: "co 5", want: Cmd{Name: "copy", Arg: "5", Raw: "co 5"}},
		{line: "t.", want: Cmd{Name: "t", Arg: ".", Raw: "t."}},
		{line: "m0", want: Cmd{Name: "move", Arg: "0", Raw: "m0"}},
		{line: "u", want: Cmd{Name: "undo", Raw: "u"}},
		{line: "undo 0", want: Cmd{Name: "undo", HasCount: true, Raw: "undo 0"}},
		{line: "u 12", want: Cmd{Name: "undo", Count: 12, HasCount: true, Raw: "u 12"}},
		{line: "undo -1", err: "E488: Trailing characters: -1"},
		{line: "red", want: Cmd{Name: "redo", Raw: "red"}},
		{line: "redo 3", err: "E488: Trailing characters: 3"},
		{line: "undoj", want: Cmd{Name: "undojoin", Raw: "undoj"}},
		{line: "undojoin x", err: "E488: Trailing characters: x"},
		{line: "undol", want: Cmd{Name: "undolist", Raw: "undol"}},
		{line: "ea 10m", want: Cmd{Name: "earlier", Arg: "10m", Raw: "ea 10m"}},
		{line: "lat 3f", want: Cmd{Name: "later", Arg: "3f", Raw: "lat 3f"}},
		{line: "sl 100m", want: Cmd{Name: "sleep", Count: 100, HasCount: true, Arg: "m", Raw: "sl 100m"}},
		{line: "mes", want: Cmd{Name: "messages", Raw: "mes"}},
		{line: "reg a", want: Cmd{Name: "registers", Arg: "a", Raw: "reg a"}},
		{line: "di", want: Cmd{Name: "display", Raw: "di"}},
		{line: "ls!", want: Cmd{Name: "ls", Bang: true, Raw: "ls!"}},
		{line: "b 3", want: Cmd{Name: "buffer", Count: 3, HasCount: true, Raw: "b 3"}},
		{line: "b 3x", want: Cmd{Name: "buffer", Arg: "3x", Raw: "b 3x"}},
		{line: "bN", want: Cmd{Name: "bNext", Raw: "bN"}},
		{line: "bp", want: Cmd{Name: "bprevious", Raw: "bp"}},
		{line: "bd!", want: Cmd{Name: "bdelete", Bang: true, Raw: "bd!"}},
		{line: "h :s", want: Cmd{Name: "help", Arg: ":s", Raw: "h :s"}},
		{line: "go 10", want: Cmd{Name: "goto", Count: 10, HasCount: true, Raw: "go 10"}},
		{line: "noh", want: Cmd{Name: "nohlsearch", Raw: "noh"}},
		{line: "ka", want: Cmd{Name: "k", Arg: "a", Raw: "ka"}},
		{line: "ma b", want: Cmd{Name: "mark", Arg: "b", Raw: "ma b"}},
		{line: "dl", want: Cmd{Name: "delete", Flags: "l", Raw: "dl"}},
		{line: "dep", want: Cmd{Name: "delete", Flags: "p", Raw: "dep"}},
		{line: "d x 3", want: Cmd{Name: "delete", Register: 'x', Count: 3, HasCount: true, Raw: "d x 3"}},
		{line: "d 3 x", err: "E488: Trailing characters: x"},
		{line: "d 3 p", err: "E488: Trailing characters: p"},
		{line: "d 0", err: "E939: Positive count required"},
		{line: "ya3", want: Cmd{Name: "yank", Count: 3, HasCount: true, Raw: "ya3"}},
		{line: "y _", want: Cmd{Name: "yank", Register: '_', Raw: "y _"}},
		{line: "pu +", want: Cmd{Name: "put", Register: '+', Raw: "pu +"}},
		{line: "pu :", want: Cmd{Name: "put", Register: ':', Raw: "pu :"}},
		{line: "pu x y", err: "E488: Trailing characters: y"},
		{line: "pu =3+4", want: Cmd{Name: "put", Register: '=', Arg: "3+4", Raw: "pu =3+4"}},
		{line: "j 2 l", want: Cmd{Name: "join", Count: 2, HasCount: true, Flags: "l", Raw: "j 2 l"}},
		{line: ">>> 2", want: Cmd{Name: ">", Amount: 3, Count: 2, HasCount: true, Raw: ">>> 2"}},
		{line: "> > 2", want: Cmd{Name: ">", Amount: 2, Count: 2, HasCount: true, Raw: "> > 2"}},
		{line: "<", want: Cmd{Name: "<", Amount: 1, Raw: "<"}},
		{line: "norm! ihi|x  ", want: Cmd{Name: "normal", Bang: true, Arg: "ihi|x  ", Raw: "norm! ihi|x  "}},
		{line: "normal", err: "E471: Argument required"},
		{line: "k", err: "E471: Argument required"},
		{line: "ka b", err: "E488: Trailing characters: a b"},
		{line: "ma ab", err: "E488: Trailing characters: ab"},
		{line: "v!/x/d", err: "E477: No ! allowed"},
		{line: "3undojoin", err: "E481: No range allowed"},
		{line: "foo bar", err: "E492: Not an editor command: foo bar"},
		{line: "::  3,5foo x", err: "E492: Not an editor command: 3,5foo x"},
		{line: "foo|p", err: "E492: Not an editor command: foo|p"},
		{line: "w >x", err: "E494: Use w or w>>"},
		{line: "w >> f", want: Cmd{Name: "write", Append: true, Arg: "f", Raw: "w >> f"}},
		{line: "w !cat -n", want: Cmd{Name: "write", Filter: true, Arg: "cat -n", Raw: "w !cat -n"}},
		{line: "r! ls", want: Cmd{Name: "read", Filter: true, Arg: "ls", Raw: "r! ls"}},
		{line: "e ++ff=dos +5 f", want: Cmd{Name: "edit", Opts: []string{"ff=dos"}, PlusCmd: "5", HasPlusCmd: true, Arg: "f", Raw: "e ++ff=dos +5 f"}},
		{line: "e ++ff=x f", err: "E474: Invalid argument"},
		{line: "e + f", want: Cmd{Name: "edit", PlusCmd: "$", HasPlusCmd: true, Arg: "f", Raw: "e + f"}},
		{line: `w " comment`, want: Cmd{Name: "write", Raw: "w "}},
		{line: `w a\ b `, want: Cmd{Name: "write", Arg: `a\ b`, Raw: `w a\ b `}},
		{line: "silent! keepj d", want: Cmd{Name: "delete", Mods: []string{"silent!", "keepjumps"}, Raw: "silent! keepj d"}},
		{line: "kee d", want: Cmd{Name: "delete", Mods: []string{"keepmarks"}, Raw: "kee d"}},
		{line: "ke", want: Cmd{Name: "k", Arg: "e", Raw: "ke"}},
		{line: "silent", want: Cmd{Mods: []string{"silent"}}},
		{line: "checkpo before refactor", want: Cmd{Name: "checkpoint", Arg: "before refactor", Raw: "checkpo before refactor"}},
		{line: "undot", want: Cmd{Name: "undotree", Raw: "undot"}},
		{line: "UndotreeT", want: Cmd{Name: "UndotreeToggle", Raw: "UndotreeT"}},
		{line: "UndotreeS", want: Cmd{Name: "UndotreeShow", Raw: "UndotreeS"}},
		{line: "UndotreeH", want: Cmd{Name: "UndotreeHide", Raw: "UndotreeH"}},
		{line: "UndotreeF", want: Cmd{Name: "UndotreeFocus", Raw: "UndotreeF"}},
		{line: "undos", want: Cmd{Name: "undostats", Raw: "undos"}},
		{line: "diffd", want: Cmd{Name: "diffdisk", Raw: "diffd"}},
		{line: "wundo f|x", want: Cmd{Name: "wundo", Arg: "f|x", Raw: "wundo f|x"}},
		{line: "rund f", want: Cmd{Name: "rundo", Arg: "f", Raw: "rund f"}},
		{line: "set ts=4|p", want: Cmd{Name: "set", Arg: "ts=4", Raw: "set ts=4", Next: "p"}},
		{line: `se x=a\|b`, want: Cmd{Name: "set", Arg: "x=a|b", Raw: `se x=a\|b`}},
		{line: "d|", want: Cmd{Name: "delete", Raw: "d"}},
	}
	for _, tc := range tests {
		got, err := Parse(tc.line)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Parse(%q) error = %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q) error = %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Parse(%q)\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
	}
}

func TestParseNotAvailable(t *testing.T) {
	c, err := Parse("tabnew x")
	if !errors.Is(err, ErrNotAvailable) || c.Name != "tabnew" {
		t.Fatalf("Parse(tabnew x) = %+v, %v; want Name tabnew and ErrNotAvailable", c, err)
	}
	if _, err := Parse("zzz"); !errors.Is(err, ErrNotEditorCommand) {
		t.Fatalf("Parse(zzz) error %v does not wrap ErrNotEditorCommand", err)
	}
	if _, err := Parse("undojoin 1"); !errors.Is(err, ErrTrailing) {
		t.Fatalf("Parse(undojoin 1) error %v does not wrap ErrTrailing", err)
	}
}

func TestParseRanges(t *testing.T) {
	cur := func(off int) Addr { return Addr{Kind: AddrCurrent, Offset: off} }
	tests := []struct {
		line string
		want Range
		name string
	}{
		{"5", Range{Addrs: []Addr{num(5)}}, ""},
		{"%s/a/b/", Range{Whole: true}, "substitute"},
		{"1,$d", Range{Addrs: []Addr{num(1), {Kind: AddrLast}}}, "delete"},
		{".+3", Range{Addrs: []Addr{cur(3)}}, ""},
		{"+3", Range{Addrs: []Addr{cur(3)}}, ""},
		{"-", Range{Addrs: []Addr{cur(-1)}}, ""},
		{"+-+", Range{Addrs: []Addr{cur(1)}}, ""},
		{"5 3", Range{Addrs: []Addr{{Kind: AddrNumber, Number: 5, Offset: 3}}}, ""},
		{"'a,'b-2d", Range{Addrs: []Addr{{Kind: AddrMark, Mark: 'a'}, {Kind: AddrMark, Mark: 'b', Offset: -2}}}, "delete"},
		{"'<,'>s/x/y/", Range{Addrs: []Addr{{Kind: AddrMark, Mark: '<'}, {Kind: AddrMark, Mark: '>'}}}, "substitute"},
		{"*p", Range{Addrs: []Addr{{Kind: AddrMark, Mark: '<'}, {Kind: AddrMark, Mark: '>'}}}, "print"},
		{"/foo/+1d", Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: "foo", Offset: 1}}}, "delete"},
		{"/a|b/d", Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: "a|b"}}}, "delete"},
		{"/[/]/d", Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: "[/]"}}}, "delete"},
		{`/a\/b/d`, Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: `a\/b`}}}, "delete"},
		{`?a\?b?d`, Range{Addrs: []Addr{{Kind: AddrSearchBack, Pattern: "a?b"}}}, "delete"},
		{"/foo", Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: "foo"}}}, ""},
		{"//", Range{Addrs: []Addr{{Kind: AddrSearch}}}, ""},
		{"/a//b/", Range{Addrs: []Addr{{Kind: AddrSearch, Pattern: "a", Then: []Addr{{Kind: AddrSearch, Pattern: "b"}}}}}, ""},
		{"5/x/-1", Range{Addrs: []Addr{{Kind: AddrNumber, Number: 5, Then: []Addr{{Kind: AddrSearch, Pattern: "x", Offset: -1}}}}}, ""},
		{`\/d`, Range{Addrs: []Addr{{Kind: AddrPrevSearch, Mark: '/'}}}, "delete"},
		{`\&`, Range{Addrs: []Addr{{Kind: AddrPrevSearch, Mark: '&'}}}, ""},
		{"2;+1p", Range{Semicolon: true, Addrs: []Addr{{Kind: AddrNumber, Number: 2, SetCursor: true}, cur(1)}}, "print"},
		{",5p", Range{Addrs: []Addr{cur(0), num(5)}}, "print"},
		{"5,p", Range{Addrs: []Addr{num(5), cur(0)}}, "print"},
		{"5;", Range{Semicolon: true, Addrs: []Addr{{Kind: AddrNumber, Number: 5, SetCursor: true}, cur(0)}}, ""},
		{"1,2,3p", Range{Addrs: []Addr{num(1), num(2), num(3)}}, "print"},
		{"%;+1p", Range{Semicolon: true, Addrs: []Addr{num(1), {Kind: AddrLast, SetCursor: true}, cur(1)}}, "print"},
		{"0put", Range{Addrs: []Addr{num(0)}}, "put"},
		{" 3 , 4 d", Range{Addrs: []Addr{num(3), num(4)}}, "delete"},
		{"3 : d", Range{Addrs: []Addr{num(3)}}, "delete"},
	}
	for _, tc := range tests {
		got, err := Parse(tc.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.line, err)
			continue
		}
		if !reflect.DeepEqual(got.Range, tc.want) || got.Name != tc.name {
			t.Errorf("Parse(%q) = %q %+v\nwant %q %+v", tc.line, got.Name, got.Range, tc.name, tc.want)
		}
	}
}

func TestParseRangeErrors(t *testing.T) {
	for line, want := range map[string]string{
		`\x`:           `E10: \ should be followed by /, ? or &`,
		"'":            "E20: Mark not set",
		"99999999999":  "E1247: Line number out of range",
		"1+9999999999": "E1247: Line number out of range",
	} {
		if _, err := Parse(line); err == nil || err.Error() != want {
			t.Errorf("Parse(%q) error = %v, want %q", line, err, want)
		}
	}
}

func TestBareRangeBar(t *testing.T) {
	c, err := Parse("3|d")
	if err != nil || c.Name != "print" || c.Next != "d" || c.Raw != "3|" {
		t.Fatalf("Parse(3|d) = %+v, %v; want print line 3 then d", c, err)
	}
	c, err = Parse("|")
	if err != nil || c.Name != "print" || c.Range.Count() != 0 {
		t.Fatalf("Parse(|) = %+v, %v; want print of the current line", c, err)
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"", []string{""}},
		{"d", []string{"d"}},
		{"d|p", []string{"d", "p"}},
		{"s/a|b/x|y/g|p", []string{"s/a|b/x|y/g", "p"}},
		{"g/a|b/s//x/|p", []string{"g/a|b/s//x/|p"}},
		{"norm ix|y", []string{"norm ix|y"}},
		{`set x=a\|b|p`, []string{`set x=a\|b`, "p"}},
		{`w "x|p`, []string{"w "}},
		{"/a|b/d|p", []string{"/a|b/d", "p"}},
		{"3|d", []string{"3|", "d"}},
		{"d|foo|p", []string{"d", "foo|p"}},
		{"d|undojoin x|p", []string{"d", "undojoin x|p"}},
		{"g/x/d\np", []string{"g/x/d", "p"}},
	}
	for _, tc := range tests {
		if got := Split(tc.line); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Split(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}
