package undo

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// sharedDir locates ../shared beside the repository root.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, ok := testkit.Shared(".")
	if !ok {
		t.Skip("needs ../shared (vim-cases, traces): absent")
	}
	return dir
}

type corpusFile struct {
	Meta struct {
		Epoch int64 `json:"epoch"`
	} `json:"meta"`
	Scenarios []corpusScenario `json:"scenarios"`
}

type corpusScenario struct {
	Name    string        `json:"name"`
	Initial string        `json:"initial"`
	Setup   []string      `json:"setup"`
	Steps   []corpusStep  `json:"steps"`
	Expect  corpusExpects `json:"expect"`
}

type corpusStep struct {
	Keys           *string `json:"keys"`
	Ex             *string `json:"ex"`
	AdvanceSeconds *int64  `json:"advance_seconds"`
}

type corpusExpects struct {
	Steps    []corpusState `json:"steps"`
	Undolist []string      `json:"undolist"`
}

type corpusState struct {
	Lines    []string `json:"lines"`
	Cursor   [2]int   `json:"cursor"`
	Modified int      `json:"modified"`
	SeqCur   int      `json:"seq_cur"`
	SeqLast  int      `json:"seq_last"`
	SaveCur  int      `json:"save_cur"`
	SaveLast int      `json:"save_last"`
	TimeCur  *int64   `json:"time_cur"`
	Messages []string `json:"messages"`
}

func loadCorpus(t *testing.T) corpusFile {
	path := filepath.Join(sharedDir(t), "vim-cases", "undo_corpus.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("needs ../shared/vim-cases/undo_corpus.json: %v", err)
	}
	var c corpusFile
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	return c
}

// TestVimCorpus replays the recorded Vim scenarios at the tree level and
// compares every step: text, cursor, 'modified', the undo counters, the
// messages of the undo commands and the final :undolist.
// TestVimExtra replays testdata/vim_extra.json: more scenarios recorded
// from the same Vim 9.0 with ../shared/vim-cases/run_vim_corpus.py --update
// (zero counts, 'undolevels' -1 and 0, x on an empty line, double writes,
// counts across branches, an empty history, time ties across branches).
func TestVimExtra(t *testing.T) {
	name := "vim_extra.json"
	if f := os.Getenv("UNDO_EXTRA_CORPUS"); f != "" {
		name = f // another recorded file, for trying new scenarios
	}
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var c corpusFile
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	for _, literal := range []bool{false, true} {
		t.Run(fmt.Sprint("literal=", literal), func(t *testing.T) { runCorpus(t, c, literal) })
	}
}

// Each scenario runs twice: with the search shortcuts and with Vim's
// literal walk only.
func TestVimCorpus(t *testing.T) {
	c := loadCorpus(t)
	for _, literal := range []bool{false, true} {
		name := "shortcuts"
		if literal {
			name = "literal"
		}
		t.Run(name, func(t *testing.T) { runCorpus(t, c, literal) })
	}
}

func runCorpus(t *testing.T, c corpusFile, literal bool) {
	ran := 0
	for _, sc := range c.Scenarios {
		t.Run(sc.Name, func(t *testing.T) {
			clock := c.Meta.Epoch
			sim, err := newSim(sc.Initial, &clock, sc.Setup)
			if err != nil {
				t.Skipf("setup: %v", err)
			}
			sim.tree.literal = literal
			for i, st := range sc.Steps {
				var desc string
				switch {
				case st.Keys != nil:
					desc = "keys " + *st.Keys
					err = sim.keys(*st.Keys)
				case st.Ex != nil:
					desc = ":" + *st.Ex
					err = sim.ex(*st.Ex)
				case st.AdvanceSeconds != nil:
					desc = fmt.Sprintf("sleep %d", *st.AdvanceSeconds)
					clock += *st.AdvanceSeconds
					sim.msgs, sim.treeOp = nil, false
				}
				var unsup *unsupportedError
				if errors.As(err, &unsup) {
					t.Skipf("step %d (%s): simulator: %v", i, desc, err)
				}
				if err != nil {
					t.Fatalf("step %d (%s): %v", i, desc, err)
				}
				checkState(t, i, desc, sim, sc.Expect.Steps[i], c.Meta.Epoch)
			}
			if sc.Expect.Undolist != nil {
				if got := sim.tree.List(); !reflect.DeepEqual(got, sc.Expect.Undolist) {
					t.Errorf("undolist:\n got %q\nwant %q", got, sc.Expect.Undolist)
				}
			}
			ran++
		})
	}
	if ran < len(c.Scenarios)*9/10 {
		t.Errorf("only %d of %d scenarios ran", ran, len(c.Scenarios))
	}
}

func checkState(t *testing.T, i int, desc string, s *vimSim, want corpusState, epoch int64) {
	t.Helper()
	tr := s.tree
	if got := s.lines(); !reflect.DeepEqual(got, want.Lines) {
		t.Errorf("step %d (%s): lines %q, want %q", i, desc, got, want.Lines)
	}
	if got := [2]int{s.cur.Line + 1, s.cur.Col + 1}; got != want.Cursor {
		t.Errorf("step %d (%s): cursor %v, want %v", i, desc, got, want.Cursor)
	}
	if got := b2i(tr.Modified()); got != want.Modified {
		t.Errorf("step %d (%s): modified %d, want %d", i, desc, got, want.Modified)
	}
	got := [4]int{tr.SeqCur(), tr.SeqLast(), tr.SaveCur(), tr.SaveLast()}
	if w := [4]int{want.SeqCur, want.SeqLast, want.SaveCur, want.SaveLast}; got != w {
		t.Errorf("step %d (%s): seq_cur/seq_last/save_cur/save_last %v, want %v", i, desc, got, w)
	}
	if want.TimeCur != nil && tr.TimeCur()-epoch != *want.TimeCur {
		t.Errorf("step %d (%s): time_cur %d, want %d", i, desc, tr.TimeCur()-epoch, *want.TimeCur)
	}
	if s.treeOp {
		msgs := s.msgs
		if msgs == nil {
			msgs = []string{}
		}
		if !reflect.DeepEqual(msgs, want.Messages) {
			t.Errorf("step %d (%s): messages %q, want %q", i, desc, msgs, want.Messages)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
