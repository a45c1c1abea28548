package exparse

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "regenerate testdata golden files by running vim")

// rangeCase is one line of testdata/ranges.golden.json: the lines Vim 9.0
// gives a user command for a range (swapped when backwards, line 0 made 1),
// or its error.
type rangeCase struct {
	Range string `json:"range"`
	Line1 int    `json:"line1"`
	Line2 int    `json:"line2"`
	Err   string `json:"err"`
}

// TestRangesAgainstVim evaluates parsed ranges on the buffer the golden file
// was recorded on and compares with Vim. The evaluator below is the
// reference reading of the Addr and Range documentation.
func TestRangesAgainstVim(t *testing.T) {
	if *update {
		cmd := exec.Command("vim", "--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", "ranges.vim")
		cmd.Dir = "testdata"
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("running vim: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile("testdata/ranges.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []rangeCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Fatalf("golden file has %d cases, want at least 40", len(cases))
	}
	for _, tc := range cases {
		c, err := Parse(tc.Range + "p")
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.Range+"p", err)
			continue
		}
		l1, l2, err := goldenBuffer().eval(c.Range)
		if tc.Err != "" {
			if err == nil {
				t.Errorf("range %q: got %d,%d; Vim: %s", tc.Range, l1, l2, tc.Err)
			}
			continue
		}
		if err != nil {
			t.Errorf("range %q: %v; Vim: %d,%d", tc.Range, err, tc.Line1, tc.Line2)
			continue
		}
		if l1 > l2 {
			l1, l2 = l2, l1
		}
		l1, l2 = max(l1, 1), max(l2, 1)
		if l1 != tc.Line1 || l2 != tc.Line2 {
			t.Errorf("range %q: got %d,%d; Vim: %d,%d (%+v)", tc.Range, l1, l2, tc.Line1, tc.Line2, c.Range)
		}
	}
}

// fakeBuf is the buffer of testdata/ranges.vim.
type fakeBuf struct {
	lines   []string
	marks   map[byte]int
	cursor  int
	lastPat string
}

func goldenBuffer() *fakeBuf {
	b := &fakeBuf{marks: map[byte]int{'a': 3, 'b': 8, '<': 5, '>': 7}, cursor: 10, lastPat: "berry"}
	words := map[int]string{2: "apple", 6: "apple", 15: "apple", 4: "berry", 12: "berry", 18: "cherry"}
	for i := 1; i <= 20; i++ {
		l := fmt.Sprintf("line %d", i)
		if w, ok := words[i]; ok {
			l += " " + w
		}
		b.lines = append(b.lines, l)
	}
	return b
}

func (b *fakeBuf) eval(r Range) (int, int, error) {
	n := len(b.lines)
	if r.Whole {
		return 1, n, nil
	}
	cur := b.cursor
	var got []int
	for _, a := range r.Addrs {
		v, err := b.addr(a, cur)
		if err != nil {
			return 0, 0, err
		}
		if v < 0 || v > n {
			return 0, 0, errors.New("E16: Invalid range")
		}
		got = append(got, v)
		if a.SetCursor {
			cur = v
		}
	}
	switch len(got) {
	case 0:
		return cur, cur, nil
	case 1:
		return got[0], got[0], nil
	}
	return got[len(got)-2], got[len(got)-1], nil
}

func (b *fakeBuf) addr(a Addr, cur int) (int, error) {
	v, err := b.base(a, cur)
	if err != nil {
		return 0, err
	}
	v += a.Offset
	for _, t := range a.Then {
		start := cur
		if v > 0 {
			start = min(v, len(b.lines))
		}
		if v, err = b.base(t, start); err != nil {
			return 0, err
		}
		v += t.Offset
	}
	return v, nil
}

func (b *fakeBuf) base(a Addr, cur int) (int, error) {
	switch a.Kind {
	case AddrNumber:
		return a.Number, nil
	case AddrCurrent:
		return cur, nil
	case AddrLast:
		return len(b.lines), nil
	case AddrMark:
		if l, ok := b.marks[a.Mark]; ok {
			return l, nil
		}
		return 0, errMarkMissing
	case AddrSearch:
		return b.search(a.Pattern, cur, 1)
	case AddrSearchBack:
		return b.search(a.Pattern, cur, -1)
	case AddrPrevSearch:
		if a.Mark == '?' {
			return b.search("", cur, -1)
		}
		return b.search("", cur, 1)
	}
	return 0, fmt.Errorf("unknown kind %v", a.Kind)
}

// search finds the next (dir 1) or previous (dir -1) line after/before
// line from that contains pat, wrapping around; line from itself is
// searched last. A forward search from line 0 can match line 1.
func (b *fakeBuf) search(pat string, from, dir int) (int, error) {
	if pat == "" {
		pat = b.lastPat
	}
	n := len(b.lines)
	for k := 1; k <= n; k++ {
		l := ((from-1+dir*k)%n+n)%n + 1
		if from == 0 && dir > 0 {
			l = k
		}
		if strings.Contains(b.lines[l-1], pat) {
			return l, nil
		}
	}
	return 0, errors.New("E486: Pattern not found: " + pat)
}

// TestNamesAgainstVim resolves every prefix of every Vim command name and
// compares with Vim's fullcommand() (testdata/names.golden).
func TestNamesAgainstVim(t *testing.T) {
	data, err := os.ReadFile("testdata/names.golden")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 2000 {
		t.Fatalf("names.golden has %d lines", len(lines))
	}
	for _, l := range lines {
		prefix, full, _ := strings.Cut(l, " ")
		word, end, _ := commandWord(prefix, 0)
		got, ok, _ := resolveName(word)
		if end != len(prefix) && word != "k" && word != "s" {
			t.Errorf("%q: the command name ends at %d", prefix, end)
		}
		if !ok || got != full {
			t.Errorf("%q resolves to %q (%v); Vim: %q", prefix, got, ok, full)
		}
	}
}
