package ui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// codeText returns n lines that look like source code: indentation with
// tabs, ASCII, a little UTF-8.
func codeText(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strings.Repeat("\t", i%4))
		switch i % 5 {
		case 0:
			b.WriteString("func example(a, b int) (string, error) { // héllo wörld")
		case 1:
			b.WriteString(`return fmt.Sprintf("%d items in %s", len(items), name), nil`)
		case 2:
			b.WriteString("x := map[string]int{\"alpha\": 1, \"beta\": 2, \"gamma\": 3} // 中文")
		case 3:
			b.WriteString("")
		default:
			b.WriteString("if err != nil { return nil, fmt.Errorf(\"load %q: %w\", path, err) }")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func benchFrame(b *testing.B, f *Frame, w, h int) {
	s := NewMemSurface(w, h)
	r := NewRenderer()
	r.Draw(s, f)
	timeFrames(b, func(_ int) {
		r.Draw(s, f)
	})
}

// timeFrames times b.N calls of draw (given the iteration number), with
// allocations and the process CPU time per frame.
func timeFrames(b *testing.B, draw func(i int)) {
	b.ReportAllocs()
	b.ResetTimer()
	report := testkit.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		draw(i)
	}
	report()
}

// BenchmarkFrameText200x60 draws a 200×60 screen of source code in the
// middle of a 100 000-line file with line numbers and search matches.
func BenchmarkFrameText200x60(b *testing.B) {
	text := buffer.FromString(codeText(100000))
	f := &Frame{Text: TextView{Text: text, Cursor: Pos{50000, 3}, Top: 49980, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "main.go", UndoSeq: 42, UndoLast: 57}}
	f.Text.Opts.Number = true
	f.Text.Matches = searchFor("err")
	benchFrame(b, f, 200, 60)
}

// BenchmarkFrameNowrapLongLine draws a 1 MB single ASCII line without
// wrap, the cursor at its end.
func BenchmarkFrameNowrapLongLine(b *testing.B) {
	line := strings.Repeat("abcdefghij", 100000)
	f := &Frame{Text: TextView{Text: buffer.FromString(line), Cursor: Pos{0, len(line) - 1}, Top: -1,
		Opts: DisplayOptions{TabStop: 8}}}
	benchFrame(b, f, 200, 60)
}

// BenchmarkFrameNowrapLongCJKLine draws a 1 MB single line of wide
// characters without wrap, the cursor at its end.
func BenchmarkFrameNowrapLongCJKLine(b *testing.B) {
	line := strings.Repeat("中文字", 110000)
	f := &Frame{Text: TextView{Text: buffer.FromString(line), Cursor: Pos{0, len(line) - 3}, Top: -1,
		Opts: DisplayOptions{TabStop: 8}}}
	benchFrame(b, f, 200, 60)
}

// BenchmarkFrameWrapLongLine draws the end of a 1 MB wrapped line.
func BenchmarkFrameWrapLongLine(b *testing.B) {
	line := strings.Repeat("abcdefghij", 100000)
	f := &Frame{Text: TextView{Text: buffer.FromString(line), Cursor: Pos{0, len(line) - 1}, Top: -1,
		Opts: DisplayOptions{Wrap: true, TabStop: 8}}}
	benchFrame(b, f, 200, 60)
}

// BenchmarkFramePanel200x60 draws a 200×60 screen of text with the panel
// open over a branching history of 100 000 states, the selection in the
// middle of it.
func BenchmarkFramePanel200x60(b *testing.B) {
	h := bigTree(100000)
	text := buffer.FromString(codeText(10000))
	f := &Frame{Text: TextView{Text: text, Cursor: Pos{5000, 3}, Top: 4980, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "main.go", UndoSeq: h.cur, UndoLast: len(h.nodes) - 1},
		Undo:   UndoView{Tree: h, Now: testNow}}
	s := NewMemSurface(200, 60)
	r := NewRenderer()
	r.Panel.Open = true
	r.Draw(s, f)
	for i := 0; i < 500; i++ {
		r.Panel.Key(keys.Char('j'))
	}
	r.Draw(s, f)
	timeFrames(b, func(_ int) {
		r.Draw(s, f)
	})
}

// BenchmarkPanelSyncOneNode measures the panel's work when the history
// of 100 000 states gains one state (the layout update). Every 100 000
// additions the history is cut back and synced again outside the timing.
func BenchmarkPanelSyncOneNode(b *testing.B) {
	h := bigTree(100000)
	base := len(h.nodes)
	p := NewPanel(nil)
	p.Sync(&UndoView{Tree: h})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if len(h.nodes) >= 2*base {
			b.StopTimer()
			h.nodes, h.cur = h.nodes[:base], base-1
			p = NewPanel(nil)
			p.Sync(&UndoView{Tree: h})
			b.StartTimer()
		}
		seq := len(h.nodes)
		h.nodes = append(h.nodes, undopanel.Node{Seq: seq, Parent: h.cur, Time: testNow, Added: 1, Changes: 1})
		h.cur = seq
		p.Sync(&UndoView{Tree: h})
	}
}

// BenchmarkFrameTextTcell200x60 is BenchmarkFrameText200x60 drawn
// through the tcell adapter (into tcell's cell buffer, without the
// terminal output of Show).
func BenchmarkFrameTextTcell200x60(b *testing.B) {
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		b.Fatal(err)
	}
	defer scr.Fini()
	scr.SetSize(200, 60)
	text := buffer.FromString(codeText(100000))
	f := &Frame{Text: TextView{Text: text, Cursor: Pos{50000, 3}, Top: 49980, Opts: DefaultDisplayOptions()},
		Status: StatusInfo{Mode: "NORMAL", Name: "main.go", UndoSeq: 42, UndoLast: 57}}
	f.Text.Opts.Number = true
	s := NewTcellSurface(scr)
	r := NewRenderer()
	r.draw(s, f)
	timeFrames(b, func(_ int) {
		r.draw(s, f)
	})
}

// BenchmarkFrameTextTcellScrolling is the tcell-adapter frame when every
// frame shows different lines (scrolling), so every cell is put.
func BenchmarkFrameTextTcellScrolling(b *testing.B) {
	scr := tcell.NewSimulationScreen("UTF-8")
	if err := scr.Init(); err != nil {
		b.Fatal(err)
	}
	defer scr.Fini()
	scr.SetSize(200, 60)
	text := buffer.FromString(codeText(100000))
	f := &Frame{Text: TextView{Text: text, Cursor: Pos{50000, 3}, Top: 49980, Opts: DefaultDisplayOptions()}}
	s := NewTcellSurface(scr)
	r := NewRenderer()
	timeFrames(b, func(i int) {
		f.Text.Top = 49980 + i%2
		r.draw(s, f)
	})
}
