package main

import (
	"strings"
	"testing"
)

// twoTxns is a trace of two transactions a day apart; the second has two
// patches and types a newline.
func twoTxns() *Trace {
	return &Trace{Start: "ab", End: "Xa\nb",
		Txns: []Txn{
			{Time: 1000, Patches: []Patch{{1, 1, ""}}},
			{Time: 1000 + 86400, Patches: []Patch{{1, 0, "\nb"}, {0, 0, "X"}}},
		}}
}

func TestTraceScriptRendered(t *testing.T) {
	s, err := traceScript(twoTxns())
	if err != nil {
		t.Fatal(err)
	}
	d := Dirs{Out: "/o", State: "/s"}
	vim, err := renderVim(s, d)
	if err != nil {
		t.Fatal(err)
	}
	wantVim := `call test_settime(1000)
set ul=1000
goto 2|normal! x
let &ul=&ul
call test_settime(87400)
goto 1|normal! a¶b
undojoin|s/¶/\r/g
undojoin|goto 1|normal! iX
let &ul=&ul
w! /o/replay.txt
earlier 1d
later 1d
w! /o/travel.txt
undo 0
w! /o/undo0.txt
qa!
`
	if string(vim) != wantVim {
		t.Errorf("Vim script:\n%s\nwant:\n%s", vim, wantVim)
	}
	kjx, err := renderKjx(s, d)
	if err != nil {
		t.Fatal(err)
	}
	wantKjx := `set ul=1000
goto 2|normal! x
sleep 86400
goto 1|normal! a¶b
undojoin|s/¶/\r/g
undojoin|goto 1|normal! iX
w! /o/replay.txt
earlier 1d
later 1d
w! /o/travel.txt
undo 0
w! /o/undo0.txt
q!
`
	if string(kjx) != wantKjx {
		t.Errorf("kjx script:\n%s\nwant:\n%s", kjx, wantKjx)
	}
	if got := kjxArgs("kjx", s.Clock, "sc", "f"); strings.Join(got, " ") != "kjx --headless --clean --clock 1000 -S sc f" {
		t.Errorf("kjx args %q", got)
	}
}

// TestScriptsSameExLines checks the central promise: apart from the clock,
// undo-block ends and quitting, both scripts are the same lines.
func TestScriptsSameExLines(t *testing.T) {
	s, err := traceScript(synthTrace())
	if err != nil {
		t.Fatal(err)
	}
	d := Dirs{Out: "/o", State: "/s"}
	vim, _ := renderVim(s, d)
	kjx, _ := renderKjx(s, d)
	keep := func(script []byte, drop ...string) []string {
		var out []string
	next:
		for _, l := range strings.Split(strings.TrimSpace(string(script)), "\n") {
			for _, p := range drop {
				if strings.HasPrefix(l, p) {
					continue next
				}
			}
			out = append(out, l)
		}
		return out
	}
	v := keep(vim, "call test_settime(", "let &ul=&ul", "qa!")
	k := keep(kjx, "sleep ", "q!")
	if strings.Join(v, "\n") != strings.Join(k, "\n") {
		t.Errorf("Ex lines differ:\nvim %q\nkjx %q", v, k)
	}
}

func TestScriptRejectsBadLines(t *testing.T) {
	s := NewScript(0)
	s.Ex("normal! a\nb")
	if s.Err() == nil {
		t.Error("a line with a newline was accepted")
	}
	s = NewScript(0)
	s.SetTime(5)
	if s.Err() == nil {
		t.Error("SetTime on a real-clock script was accepted")
	}
	s = NewScript(0)
	s.Path("w!", DirOut, "a b")
	if _, err := renderVim(s, Dirs{Out: "/o"}); err == nil {
		t.Error("a path with a space was accepted")
	}
}

func TestSetTimeMonotonic(t *testing.T) {
	s := NewScript(100)
	s.SetTime(50)
	s.SetTime(100)
	s.SetTime(160)
	kjx, err := renderKjx(s, Dirs{})
	if err != nil {
		t.Fatal(err)
	}
	if string(kjx) != "sleep 60\n" {
		t.Errorf("got %q", kjx)
	}
}

func TestJSONScript(t *testing.T) {
	doc := genJSON(newRNG(1), 2000)
	if strings.Contains(doc, "\n") || len(doc) < 2000 {
		t.Fatalf("genJSON: %d bytes, newline %v", len(doc), strings.Contains(doc, "\n"))
	}
	s, edited, err := jsonScript(doc, 50)
	if err != nil {
		t.Fatal(err)
	}
	sim := newSim(doc, "¶")
	edits := 0
	for _, c := range s.Cmds {
		if c.Kind == CmdEx && strings.HasPrefix(c.Line, "goto ") {
			sim.run(t, c.Line)
			edits++
		}
	}
	if edits != 50 || sim.text() != edited {
		t.Errorf("%d edits; simulated text equals the model: %v", edits, sim.text() == edited)
	}
	if edited == doc {
		t.Error("the edits changed nothing")
	}
}

func TestBranchModel(t *testing.T) {
	text := genCode(newRNG(7), 30)
	s, want, err := branchScript(text, 40, 40)
	if err != nil {
		t.Fatal(err)
	}
	undos, gminus := 0, 0
	for _, c := range s.Cmds {
		switch c.Line {
		case "normal! 3u":
			undos++
		case "normal! g-":
			gminus++
		}
	}
	if undos != 9 || gminus != 40 {
		t.Errorf("%d undos, %d g-; want 9 and 40", undos, gminus)
	}
	if want[2] != text {
		t.Error("g- as many times as there are edits does not end at the original text")
	}
	// Replaying the script through the simulator, with undo modelled by
	// textAt, must give the model's texts.
	_, b, err := branchEdits(text, 40)
	if err != nil {
		t.Fatal(err)
	}
	if b.textAt(b.cur) != want[0] || b.cur != 40 {
		t.Errorf("textAt(cur) is not the edited text (cur %d)", b.cur)
	}
	if len(b.nodes) != 40 || b.nodes[4].parent != 1 {
		t.Errorf("node 5 should branch from node 1 after 3u: parent %d", b.nodes[4].parent)
	}
	if want[1] != b.textAt(20) {
		t.Error("halfway text is not the text of sequence number 20")
	}
}

func TestPersistScripts(t *testing.T) {
	setup, measured, err := persistScripts(genCode(newRNG(7), 10), 8)
	if err != nil {
		t.Fatal(err)
	}
	vim, _ := renderVim(setup, Dirs{Out: "/o", State: "/s"})
	if !strings.Contains(string(vim), "\nwundo /s/hist.undo\nqa!\n") {
		t.Errorf("setup does not write the undo file into the state dir:\n%s", vim)
	}
	kjx, _ := renderKjx(measured, Dirs{Out: "/o", State: "/s"})
	want := "set ul=1000\nrundo /s/hist.undo\nwundo /o/hist2.undo\nundo 0\nw! /o/orig.txt\nq!\n"
	if string(kjx) != want {
		t.Errorf("measured script %q, want %q", kjx, want)
	}
}
