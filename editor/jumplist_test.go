package editor

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestJumpsListing compares :jumps with what Vim 9.0 printed for the same
// keys (recorded with :redir from vim -u NONE -N -Es on jumpText).
func TestJumpsListing(t *testing.T) {
	cases := []struct {
		name  string
		steps []string
		want  []string
	}{
		{
			name:  "after undo and CTRL-O",
			steps: []string{":clearjumps<CR>", "10G", "20G", "3GOnew<CR>x<Esc>", "u", "<C-o>"},
			want: []string{
				" jump line  col file/text",
				"   3     1    0 line 1 foo x",
				"   2    10    2 foo (bar 10). Next one here.",
				"   1    20    2 foo (bar 20). Next one here.",
				">  0     3    0 line 3 foo x",
			},
		},
		{
			name:  "after :g",
			steps: []string{":clearjumps<CR>", ":12<CR>", ":s/line/LINE/<CR>", ":2,4s/foo/FOO/<CR>", "<C-o>", ":g/FOO/s/x/y/<CR>"},
			want: []string{
				" jump line  col file/text",
				"   2     4    0 line 4 FOO y",
				"   1    12    0 LINE 12 foo x",
				">",
			},
		},
		{
			name:  "empty",
			steps: []string{":clearjumps<CR>", "<C-o>"},
			want:  []string{" jump line  col file/text", ">"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newTestEditor(jumpText)
			e.win.width = 80
			feedSteps(t, e, c.steps...)
			got := e.jumpLines()
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestJumpsStartEntry checks the entry a new window starts with (Vim has
// the start of the file it opens in the list).
func TestJumpsStartEntry(t *testing.T) {
	e := newTestEditor(jumpText)
	feedSteps(t, e, "G", "<C-o>")
	if e.win.cur.Line != 0 {
		t.Fatalf("CTRL-O after G: line %d, want 0", e.win.cur.Line+1)
	}
	feedSteps(t, e, "<C-o>")
	if e.win.cur.Line != 0 {
		t.Fatalf("second CTRL-O moved to line %d", e.win.cur.Line+1)
	}
	feedSteps(t, e, "<Tab>")
	if e.win.cur.Line != lineCount(e.text())-1 {
		t.Fatalf("Tab: line %d, want the last", e.win.cur.Line+1)
	}
}

// jumpModel is the jumplist as :h jumplist states it: entries in order,
// a new jump drops an older entry on the same line and the oldest beyond
// jumpListSize.
type jumpModel []int

func (m jumpModel) push(l int) jumpModel {
	var out jumpModel
	for _, x := range m {
		if x != l {
			out = append(out, x)
		}
	}
	out = append(out, l)
	return out
}

// TestJumpListModel checks push and cleanup against two models over long
// random mixes of jumps and cleanups (CTRL-O, :jumps), whose lengths
// cross push's slide of the list down its backing array many times:
//
//   - the list as a plain slice: a jump appends and drops the oldest
//     beyond jumpListSize, a cleanup keeps each line's latest entry;
//   - without cleanups in between, :h jumplist's statement: the cleaned
//     list holds each line once, in the order of its last jump, among
//     the last jumpListSize jumps (Vim drops the oldest before merging).
func TestJumpListModel(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	b := &Buffer{}
	for round := 0; round < 300; round++ {
		var j jumpList
		var m []int
		var pushed []int // the jumps since the last cleanup
		for n := rng.Intn(2000); n > 0; n-- {
			if round%2 == 1 && rng.Intn(50) == 0 {
				j.cleanup()
				m, pushed = cleanedModel(m), nil
				continue
			}
			l := rng.Intn(1 + rng.Intn(400))
			j.push(b, Pos{Line: l})
			pushed = append(pushed, l)
			if m = append(m, l); len(m) > jumpListSize {
				m = m[1:]
			}
		}
		checkJumps(t, round, &j, m)
		j.cleanup()
		checkJumps(t, round, &j, cleanedModel(m))
		if round%2 == 0 {
			var jm jumpModel
			for _, l := range pushed[max(len(pushed)-jumpListSize, 0):] {
				jm = jm.push(l)
			}
			checkJumps(t, round, &j, jm)
		}
	}
}

// checkJumps fails unless j's entries are the lines of want, in order,
// with the list's position at its end.
func checkJumps(t *testing.T, round int, j *jumpList, want []int) {
	t.Helper()
	if len(j.entries) != len(want) || j.idx != len(j.entries) {
		t.Fatalf("round %d: %d entries idx %d, model %d", round, len(j.entries), j.idx, len(want))
	}
	for i, en := range j.entries {
		if en.pos.Line != want[i] {
			t.Fatalf("round %d: entry %d is line %d, model %d", round, i, en.pos.Line, want[i])
		}
	}
}

// cleanedModel keeps each line's last entry of m, in order.
func cleanedModel(m []int) []int {
	var out []int
	for i, l := range m {
		if !slices.Contains(m[i+1:], l) {
			out = append(out, l)
		}
	}
	return out
}
