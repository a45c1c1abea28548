package session

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// corpusKnownMessages lists scenarios whose messages still differ from
// Vim's because of the undo tree's message rules (the lead empties this list
// when the undo side is done). Text, cursor and undo counters must match
// everywhere.
var corpusKnownMessages = map[string]bool{}

type corpusFile struct {
	Meta struct {
		Epoch int64 `json:"epoch"`
	} `json:"meta"`
	Scenarios []struct {
		Name    string   `json:"name"`
		Initial string   `json:"initial"`
		Setup   []string `json:"setup"`
		Steps   []struct {
			Keys    *string  `json:"keys"`
			Ex      *string  `json:"ex"`
			Advance *float64 `json:"advance_seconds"`
		} `json:"steps"`
		Expect struct {
			FileOnDisk *string `json:"file_on_disk"`
			Steps      []struct {
				Lines    []string `json:"lines"`
				Cursor   [2]int   `json:"cursor"`
				Modified int      `json:"modified"`
				SeqCur   int      `json:"seq_cur"`
				SeqLast  int      `json:"seq_last"`
				SaveCur  *int     `json:"save_cur"`
				SaveLast *int     `json:"save_last"`
				Messages []string `json:"messages"`
			} `json:"steps"`
		} `json:"expect"`
	} `json:"scenarios"`
}

// sharedDir finds ../shared beside the repository root.
func sharedDir(t *testing.T) string {
	t.Helper()
	dir, ok := testkit.Shared(filepath.Join("vim-cases", "undo_corpus.json"))
	if !ok {
		t.Skip("needs ../shared (vim-cases): absent")
	}
	return dir
}

// TestUndoCorpus replays the Vim undo corpus the way check_kjx.py drives
// kjx --headless, and compares every step with Vim's record.
func TestUndoCorpus(t *testing.T) {
	shared := sharedDir(t)
	data, err := os.ReadFile(filepath.Join(shared, "vim-cases", "undo_corpus.json"))
	if err != nil {
		t.Fatal(err)
	}
	var corpus corpusFile
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	for _, sc := range corpus.Scenarios {
		t.Run(sc.Name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			if err := os.WriteFile("buf.txt", []byte(sc.Initial), 0o644); err != nil {
				t.Fatal(err)
			}
			s := New(Config{Clock: clock.NewVirtual(time.Unix(corpus.Meta.Epoch, 0)),
				Editor: editor.Config{Clean: true, Location: time.UTC}})
			e := s.Editor()
			if err := e.Open("buf.txt"); err != nil {
				t.Fatal(err)
			}
			e.TakeMessages()
			for _, cmd := range sc.Setup {
				s.Step(Step{Kind: StepEx, Arg: cmd})
			}
			msgsOK := true
			for i, st := range sc.Steps {
				var step Step
				switch {
				case st.Keys != nil:
					step = Step{Kind: StepKeys, Arg: *st.Keys}
				case st.Ex != nil:
					step = Step{Kind: StepEx, Arg: *st.Ex}
				default:
					step = Step{Kind: StepEx, Arg: "sleep " + strconv.Itoa(int(*st.Advance))}
				}
				msgs, err := s.Step(step)
				if err != nil {
					t.Fatalf("step %d: %v", i+1, err)
				}
				got := s.StepState(msgs)
				want := sc.Expect.Steps[i]
				name := step.Arg
				if !reflect.DeepEqual(got.Lines, want.Lines) {
					t.Errorf("step %d %q: lines %q, want %q", i+1, name, got.Lines, want.Lines)
				}
				if got.Cursor != want.Cursor {
					t.Errorf("step %d %q: cursor %v, want %v", i+1, name, got.Cursor, want.Cursor)
				}
				if got.SeqCur != want.SeqCur || got.SeqLast != want.SeqLast {
					t.Errorf("step %d %q: seq %d/%d, want %d/%d", i+1, name, got.SeqCur, got.SeqLast, want.SeqCur, want.SeqLast)
				}
				if want.SaveCur != nil && (got.SaveCur != *want.SaveCur || got.SaveLast != *want.SaveLast) {
					t.Errorf("step %d %q: save %d/%d, want %d/%d", i+1, name, got.SaveCur, got.SaveLast, *want.SaveCur, *want.SaveLast)
				}
				if got.Modified != (want.Modified != 0) {
					t.Errorf("step %d %q: modified %v, want %v", i+1, name, got.Modified, want.Modified != 0)
				}
				if !reflect.DeepEqual(got.Messages, want.Messages) && !(len(got.Messages) == 0 && len(want.Messages) == 0) {
					msgsOK = false
					if !corpusKnownMessages[sc.Name] {
						t.Errorf("step %d %q: messages %q, want %q", i+1, name, got.Messages, want.Messages)
					}
				}
			}
			if msgsOK && corpusKnownMessages[sc.Name] {
				t.Errorf("messages match now: remove %s from corpusKnownMessages", sc.Name)
			}
			if sc.Expect.FileOnDisk != nil {
				disk, err := os.ReadFile("buf.txt")
				if err != nil || string(disk) != *sc.Expect.FileOnDisk {
					t.Errorf("file on disk %q, want %q (%v)", disk, *sc.Expect.FileOnDisk, err)
				}
			}
		})
	}
}
