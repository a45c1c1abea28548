package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

var testNow = time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC)

// histTree is an undo tree kept as full texts per state, for tests.
type histTree struct {
	nodes []undopanel.Node
	texts []string
	cur   int
	saved int
}

func newHist(text string) *histTree {
	return &histTree{nodes: []undopanel.Node{{Seq: 0, Parent: -1, Time: testNow.Add(-time.Hour), Source: "typed"}},
		texts: []string{text}, saved: -1}
}

func (h *histTree) Len() int                  { return len(h.nodes) }
func (h *histTree) Node(i int) undopanel.Node { return h.nodes[i] }
func (h *histTree) Cur() int                  { return h.cur }
func (h *histTree) LastSaved() int            { return h.saved }
func (h *histTree) Writes() int {
	w := 0
	for _, n := range h.nodes {
		w = max(w, n.SaveNr)
	}
	return w
}

// edit makes a new state from the current one.
func (h *histTree) edit(text string, ago time.Duration) {
	seq := len(h.nodes)
	old := h.texts[h.cur]
	h.nodes = append(h.nodes, undopanel.Node{Seq: seq, Parent: h.cur, Time: testNow.Add(-ago),
		Added: max(len(text)-len(old), 0), Deleted: max(len(old)-len(text), 0), Changes: 1, Source: "typed"})
	h.texts = append(h.texts, text)
	h.cur = seq
}

func (h *histTree) textAt(_ context.Context, seq int) (buffer.Rope, error) {
	if seq < 0 || seq >= len(h.texts) {
		return buffer.Rope{}, fmt.Errorf("no state %d", seq)
	}
	return buffer.FromString(h.texts[seq]), nil
}

func (h *histTree) frame() *Frame {
	return &Frame{
		Text:   TextView{Text: buffer.FromString(h.texts[h.cur]), Top: -1, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "notes.txt", UndoSeq: h.cur, UndoLast: len(h.nodes) - 1},
		Undo:   UndoView{Tree: h, TextAt: h.textAt, Tick: uint64(h.cur), Now: testNow},
	}
}

// demoHist is a small history with two branches, a save and a label.
func demoHist() *histTree {
	h := newHist("alpha\nbeta\ngamma")
	h.edit("alpha\nbeta\ngamma\ndelta", 50*time.Minute)
	h.edit("alpha\nBETA\ngamma\ndelta", 40*time.Minute)
	h.nodes[2].SaveNr = 1
	h.cur = 1
	h.edit("alpha\nbeta\ngamma\ndelta\nepsilon", 30*time.Minute)
	h.edit("alpha\nbeta\ngamma\ndelta\nepsilon\nzeta", 20*time.Minute)
	h.nodes[4].Label = "draft"
	h.cur = 0
	h.edit("ALPHA\nbeta\ngamma", 10*time.Minute)
	h.edit("ALPHA\nbeta\ngamma\n\tindented", 2*time.Minute)
	h.saved = 2
	h.cur = 4
	return h
}

// drawWithPreview draws f twice: once to request the preview, and again
// after the worker computed it.
func drawWithPreview(t *testing.T, r *Renderer, s *MemSurface, f *Frame) {
	t.Helper()
	r.Draw(s, f)
	ready := make(chan struct{}, 10)
	r.Panel.worker = diff.NewWorker(nil, 0, func() { ready <- struct{}{} })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go r.Panel.worker.Run(ctx)
	r.Draw(s, f)
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("preview never computed")
	}
	r.Draw(s, f)
}

func TestGoldenPanel(t *testing.T) {
	tests := []struct {
		name  string
		w, h  int
		keys  string
		setup func(r *Renderer)
		quiet bool // no preview is shown
	}{
		{"panel_open", 90, 24, "", nil, false},
		{"panel_moved", 90, 24, "jj", nil, false},
		{"panel_diff_parent", 90, 24, "jp", nil, false},
		{"panel_full_preview", 90, 24, "jjjpp", nil, false},
		{"panel_folded", 90, 24, "z", nil, false},
		{"panel_right_ascii", 90, 24, "k", func(r *Renderer) {
			r.Panel.Opts = PanelOptions{Right: true, Width: 36}
			r.Glyphs = ASCIIGlyphs()
		}, false},
		{"panel_absolute_time", 90, 12, "t", nil, false},
		{"panel_tiny", 30, 8, "", nil, true},
		{"panel_help", 90, 24, "?", nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := demoHist()
			f := h.frame()
			s := NewMemSurface(tc.w, tc.h)
			checkSurface(t, s)
			r := NewRenderer()
			r.Panel.Open, r.Panel.Focus = true, true
			if tc.setup != nil {
				tc.setup(r)
			}
			r.Draw(s, f)
			for _, k := range tc.keys {
				r.Panel.Key(keys.Char(k))
			}
			if tc.quiet {
				r.Draw(s, f)
			} else {
				drawWithPreview(t, r, s, f)
			}
			if s.Overlaps() != 0 {
				t.Errorf("%d cells written twice", s.Overlaps())
			}
			golden(t, "screen_"+tc.name, s.Dump(true))
		})
	}
}

// bigTree is a branching history of n states, as an editing session
// makes: runs of typing with undos that start new branches.
func bigTree(n int) *histTree {
	h := newHist("x")
	for len(h.nodes) < n {
		seq := len(h.nodes)
		if seq%50 == 0 {
			for k := 0; k < 7 && h.cur > 0; k++ {
				h.cur = h.nodes[h.cur].Parent
			}
		}
		h.nodes = append(h.nodes, undopanel.Node{Seq: seq, Parent: h.cur, Time: testNow.Add(-time.Duration(n-seq) * time.Second),
			Added: seq % 9, Deleted: seq % 4, Changes: 1, Source: "typed"})
		h.cur = seq
	}
	h.texts = nil
	return h
}

func TestPanelLargeTreeShowsSelection(t *testing.T) {
	h := bigTree(20000)
	f := &Frame{Text: view("x", 0, 0), Undo: UndoView{Tree: h, Now: testNow}}
	s := NewMemSurface(100, 30)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Draw(s, f)
	for _, k := range "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjG" {
		r.Panel.Key(keys.Char(k))
		r.Draw(s, f)
		want := fmt.Sprintf(" %d ", r.Panel.model.Sel)
		found := false
		for y := 0; y < 30; y++ {
			if strings.Contains(s.Row(y), want) {
				found = true
			}
		}
		if !found {
			t.Fatalf("after %q the selected state %d is not on screen:\n%s", k, r.Panel.model.Sel, s.Text())
		}
	}
}
