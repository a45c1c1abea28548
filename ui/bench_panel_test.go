package ui

import (
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/undo"
)

// sephBlog1Frame replays seph-blog1 (137 154 transactions) into an undo
// tree, one state per transaction, and returns a frame showing it as
// the editor would publish it.
func sephBlog1Frame(b *testing.B) *Frame {
	b.Helper()
	trace, ok, err := testkit.LoadTrace("seph-blog1")
	if err != nil {
		b.Fatal(err)
	}
	if !ok {
		b.Skip("needs ../shared/traces/seph-blog1.json.gz: absent")
	}
	var clock time.Time
	tr := undo.New(buffer.FromString(trace.Start), undo.Options{Now: func() time.Time { return clock },
		Levels: len(trace.Txns) + 1, LevelsSet: true, MaxNodes: -1})
	for _, tx := range trace.Txns {
		clock = tx.Time
		tr.Save(undo.Pos{}, undo.SourceTyped)
		for _, p := range tx.Patches {
			r := tr.Text()
			if err := tr.Apply(buffer.Change{Off: p.Pos, Old: r.SliceString(p.Pos, p.Pos+p.Del), New: p.Ins}); err != nil {
				b.Fatal(err)
			}
		}
		tr.Sync()
	}
	s := tr.Snapshot()
	var x undoIndex
	ut := x.tree(1, s)
	return &Frame{
		Text:   TextView{Text: s.Text(), Top: -1, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "blog.md", UndoSeq: s.Current(), UndoLast: s.SeqLast()},
		Undo:   UndoView{Tree: ut, Snap: s, Seqs: ut.seqs, Now: clock},
	}
}

// BenchmarkLivePreviewFrame draws a 200×60 frame with the live preview
// on over seph-blog1's 137 154 states, the selection moving a row per
// frame (j, then k): the text of the state, computed from the one shown
// before, and the whole screen. Budget: 2 ms (issue #15).
func BenchmarkLivePreviewFrame(b *testing.B) {
	f := sephBlog1Frame(b)
	s := NewMemSurface(200, 60)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Panel.Opts.Diff = DiffOff
	r.Draw(s, f)
	r.Panel.Key(keys.Char('P'))
	for i := 0; i < 200; i++ {
		r.Panel.Key(keys.Char('j'))
	}
	r.Draw(s, f)
	press := [2]keys.Key{keys.Char('j'), keys.Char('k')}
	timeFrames(b, func(i int) {
		r.Panel.Key(press[i/50%2])
		r.Draw(s, f)
	})
	if r.livePreview == "" {
		b.Fatal("the live preview is not drawn")
	}
}

// BenchmarkPanelWrittenJumpFrame is { or } then a frame, over 100 000
// states with a written state every 5 000: the budget of the key is
// 1 ms (issue #15).
func BenchmarkPanelWrittenJumpFrame(b *testing.B) {
	h := bigTree(100000)
	for i := 5000; i < len(h.nodes); i += 5000 {
		h.nodes[i].SaveNr = i / 5000
	}
	f := &Frame{Text: TextView{Text: buffer.FromString(codeText(1000)), Top: -1, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "main.go", UndoSeq: h.cur, UndoLast: len(h.nodes) - 1},
		Undo:   UndoView{Tree: h, Now: testNow}}
	s := NewMemSurface(200, 60)
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Panel.Opts.Diff = DiffOff
	r.Draw(s, f)
	press := [2]keys.Key{keys.Char('{'), keys.Char('}')}
	timeFrames(b, func(i int) {
		r.Panel.Key(press[i/10%2])
		r.Draw(s, f)
	})
}
