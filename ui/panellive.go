package ui

import (
	"context"
	"strconv"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/ui/diff"
)

// The live preview (P in the panel) on the UI's side: the text window
// shows the selected state's text, drawn from the frame's undo snapshot;
// the tree never moves, so leaving the preview has nothing to undo.
//
// The text of the state shown is remembered, and the next state's text
// is computed from it (undo.Snapshot.TextFrom): moving the selection by
// a row costs that row's change. A state far from both the state shown
// and the current one (G from the newest of a long history) is computed
// by the diff worker instead, off the UI goroutine, while the window
// keeps the last text with "[preview #N…]" in the status line.

// liveText is the text of one state, remembered for the next.
type liveText struct {
	seq    int
	text   buffer.Rope
	pruned int // the snapshot's Pruned: state 0 names another text after pruning
	ok     bool
}

// maxLiveSteps bounds the states between two previews computed on the
// UI goroutine.
const maxLiveSteps = 2000

// liveView returns what the text window shows during the live preview:
// the frame's text view with the selected state's text and the cursor
// where that state's change left it, and the seq of the state. ok is
// false when the preview is off; pending says the text shown is still
// another state's.
func (p *Panel) liveView(f *Frame) (tv TextView, seq int, pending, ok bool) {
	m := &p.model
	if !p.Open || !m.Live || p.tree == nil || m.Layout.Len() == 0 {
		return TextView{}, 0, false, false
	}
	seq = m.Sel
	text, have := p.liveTextOf(f, seq)
	if !have {
		pending = true
		if !p.live.ok {
			return TextView{}, 0, false, false
		}
		text, seq = p.live.text, p.live.seq
	}
	tv = f.Text
	tv.Text = text
	tv.Top = -1
	tv.Matches, tv.IncMatch, tv.Visual, tv.Syntax = nil, Range{}, Selection{}, nil
	tv.CursorAtTabStart = false
	tv.Cursor = Pos{}
	if n, ok := f.Undo.Snap.Node(seq); ok {
		line := min(n.CursorAfter.Line, text.Newlines())
		end := text.LineEnd(line) - text.LineStart(line)
		tv.Cursor = Pos{Line: line, Col: min(n.CursorAfter.Col, max(end-1, 0))}
	}
	return tv, m.Sel, pending, true
}

// liveTextOf returns the text of state seq when it can be had now: the
// one remembered, computed from it or from the current text when close,
// or the worker's result for a state further away (asked for otherwise).
func (p *Panel) liveTextOf(f *Frame, seq int) (buffer.Rope, bool) {
	s := f.Undo.Snap
	l := &p.live
	if l.ok && l.pruned != s.Pruned() {
		l.ok = false
	}
	if l.ok && l.seq == seq {
		return l.text, true
	}
	m := &p.model
	row := m.Layout.Row(seq)
	from, fromText := -1, buffer.Rope{}
	if l.ok {
		if _, near := m.Layout.Distance(m.Layout.Row(l.seq), row, maxLiveSteps); near {
			from, fromText = l.seq, l.text
		}
	}
	if cur := p.tree.Cur(); from < 0 {
		if _, near := m.Layout.Distance(m.Layout.Row(cur), row, maxLiveSteps); near {
			from, fromText = cur, s.Text()
		}
	}
	var text buffer.Rope
	if from >= 0 {
		t, err := s.TextFrom(fromText, from, seq)
		if err != nil {
			return buffer.Rope{}, false
		}
		text = t
	} else {
		out, ready := p.liveFar(f, seq)
		if !ready || out.Err != nil || out.Result == nil {
			return buffer.Rope{}, false
		}
		text = out.Result.NewText
	}
	*l = liveText{seq: seq, text: text, pruned: s.Pruned(), ok: true}
	return text, true
}

// liveFar asks the diff worker for the text of a state far from any text
// at hand.
func (p *Panel) liveFar(f *Frame, seq int) (diff.Outcome, bool) {
	if p.worker == nil || f.Undo.TextAt == nil {
		return diff.Outcome{}, false
	}
	textAt := f.Undo.TextAt
	return p.worker.Want(diff.Key{A: seq, B: seq, Mode: 4, Tick: uint64(f.Undo.Snap.Pruned())},
		func(ctx context.Context) (*diff.Result, error) {
			t, err := textAt(ctx, seq)
			if err != nil {
				return nil, err
			}
			return &diff.Result{OldText: t, NewText: t}, nil
		})
}

// drawLive draws the live preview into the text window's rectangle and
// reports whether it did (the preview is on and has a text to show).
func (r *Renderer) drawLive(s Surface, f *Frame, tx, tw, rows int) bool {
	r.livePreview = ""
	tv, seq, pending, ok := r.Panel.liveView(f)
	if !ok {
		return false
	}
	r.livePreview = "#" + strconv.Itoa(seq)
	if pending {
		r.livePreview += "…"
	}
	r.text.draw(s, tv, &r.Theme, tx, 0, tw, rows)
	return true
}
