package ui

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/ui/diff"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// panelLayout splits the panel's rows: title, tree list, detail strip,
// preview header and preview lines. Sections are dropped from the bottom
// when the panel is short.
type panelLayout struct {
	tree, detail, preview int
}

func splitPanel(h int, below bool) panelLayout {
	var l panelLayout
	rest := h - 1 // title
	if below && rest >= 14 {
		l.preview = rest * 2 / 5 // includes its header row
		rest -= l.preview
	}
	if rest >= 7 {
		l.detail = 3
		rest -= 3
	}
	l.tree = max(rest, 0)
	return l
}

// drawPanel draws the panel into the rectangle and returns where the
// cursor goes when the panel has the focus.
func (r *Renderer) drawPanel(s Surface, f *Frame, x0, y0, w, h int) (cx, cy int) {
	p := r.Panel
	th := &r.Theme
	p.shown = shownPreview{}
	sw, _ := s.Size()
	lay := splitPanel(h, p.place(sw) == DiffBelow)
	cx, cy = -1, -1
	tree := p.tree
	m := &p.model
	y := y0
	// Title, or the search line.
	if px, ok := r.drawPanelTitle(s, x0, y, w); ok {
		cx, cy = px, y
	}
	y++
	if tree == nil || m.Layout.Len() == 0 {
		for ; y < y0+h; y++ {
			fill(s, x0, x0+w, y, th.Panel)
		}
		return
	}
	p.origins = f.Undo.Origins
	p.rows = m.Rows(lay.tree, p.rows)
	p.listX, p.listY, p.listW = x0, y, w
	v := undopanel.View{L: &m.Layout, Folded: m.Folded, Cur: m.Layout.Row(tree.Cur()), Sel: m.Layout.Row(m.Sel)}
	seqW := len(strconv.Itoa(m.Layout.Seq(m.Layout.Len() - 1)))
	for _, row := range p.rows {
		if row.IsNode() && m.Layout.Seq(row.Top) == m.Sel && cy != y0 {
			cx, cy = x0, y
		}
		r.drawPanelRow(s, &v, row, f.Undo.Now, seqW, x0, y, w)
		y++
	}
	for ; y < y0+1+lay.tree; y++ {
		fill(s, x0, x0+w, y, th.Panel)
	}
	out, ready, what := diff.Outcome{}, true, ""
	if p.Opts.Diff != DiffOff || m.Chooser.Active {
		out, ready, what = p.preview(f)
		p.chooseHunks(out, ready)
		what = p.chooserTitle(what)
	}
	p.shown = shownPreview{out, ready, what}
	if lay.detail > 0 {
		y = r.drawDetail(s, f, out, ready, x0, y, w)
	}
	if lay.preview > 0 {
		r.drawPreviewPane(s, out, ready, what, x0, y, w, y0+h-y)
	}
	return cx, cy
}

// drawPreviewPane draws the preview's header row and the preview below it
// into the rectangle.
func (r *Renderer) drawPreviewPane(s Surface, out diff.Outcome, ready bool, what string, x0, y, w, h int) {
	if h <= 0 {
		return
	}
	th := &r.Theme
	x := drawString(s, x0, y, x0+w, " "+what, th.PanelBorder, th.PanelBorder)
	fill(s, x, x0+w, y, th.PanelBorder)
	r.drawPreview(s, out, ready, x0, y+1, w, h-1)
}

// drawPanelRow draws one row of the tree list.
func (r *Renderer) drawPanelRow(s Surface, v *undopanel.View, row undopanel.Row, now time.Time, seqW, x0, y, w int) {
	p := r.Panel
	th := &r.Theme
	m := &p.model
	x1 := x0 + w
	var info undopanel.RowInfo
	base := th.Panel
	if row.IsNode() {
		info = m.Info(p.tree, row, now)
		if info.Current {
			base = th.PanelCurrent
		}
		if info.Seq == m.Sel {
			base = th.PanelSel
		}
	}
	pick := func(st Style) Style {
		if base == th.PanelSel {
			return th.PanelSel
		}
		return st
	}
	// The graph, clipped to half the panel.
	p.graph = v.Graph(row, p.graph)
	gw := min(len(p.graph), w/2)
	x := x0
	for i := 0; i < gw; i++ {
		g := p.graph[i]
		if i == gw-1 && gw < len(p.graph) {
			s.SetCell(x, y, r.Glyphs.Ellipsis, 1, pick(th.Graph))
			x++
			break
		}
		str, st := r.glyph(g, info), pick(th.Graph)
		if g == undopanel.GNode || g == undopanel.GFold {
			st = pick(base)
		}
		x = drawString(s, x, y, x1, str, st, st)
	}
	if !row.IsNode() {
		fill(s, x, x1, y, pick(th.Panel))
		return
	}
	x = drawString(s, x, y, x1, " ", base, base)
	seq := strconv.Itoa(info.Seq)
	for i := len(seq); i < seqW; i++ {
		x = drawString(s, x, y, x1, " ", base, base)
	}
	seqStyle := base
	if m.IsMatch(row.Top) && base != th.PanelSel {
		seqStyle = th.Search // a match of the panel's search
	}
	x = drawString(s, x, y, x1, seq, seqStyle, seqStyle)
	x = drawString(s, x, y, x1, " ", base, base)
	x = drawString(s, x, y, x1, padLeft(info.When, 4)+" ", pick(th.PanelDim), pick(th.PanelDim))
	if row.Bottom > 0 || row.Top > 0 { // the root changed nothing
		x = drawString(s, x, y, x1, sizes(info.Added, info.Deleted), pick(th.PanelDim), pick(th.PanelDim))
	}
	if marks := markers(info); marks != "" {
		x = drawString(s, x, y, x1, " ", base, base)
		for i := 0; i < len(marks); i++ {
			st := pick(markerStyle(th, marks[i]))
			x = drawString(s, x, y, x1, marks[i:i+1], st, st)
		}
	}
	if row.Folded() {
		x = drawString(s, x, y, x1, " ("+strconv.Itoa(info.Count)+" states)", pick(th.PanelDim), pick(th.PanelDim))
	} else {
		if info.Label != "" {
			x = drawString(s, x, y, x1, " *"+info.Label, pick(th.PanelLabel), pick(th.SpecialKey))
		}
		if slices.Contains(p.origins, info.Seq) {
			x = drawString(s, x, y, x1, " restore", pick(th.PanelLabel), pick(th.PanelLabel))
		}
		if info.Source != "" && info.Source != "typed" {
			x = drawString(s, x, y, x1, " "+info.Source, pick(th.PanelDim), pick(th.SpecialKey))
		}
	}
	fill(s, x, x1, y, base)
}

// glyph returns the characters of a graph cell.
func (r *Renderer) glyph(g undopanel.Glyph, info undopanel.RowInfo) string {
	gl := &r.Glyphs
	switch g {
	case undopanel.GVert:
		return gl.Vert
	case undopanel.GNode:
		switch {
		case info.Current:
			return gl.Current
		case info.Saved:
			return gl.Saved
		}
		return gl.Node
	case undopanel.GFold:
		return gl.Fold
	case undopanel.GHoriz:
		return gl.Horiz
	case undopanel.GCross:
		return gl.Cross
	case undopanel.GTeeRight:
		return gl.TeeRight
	case undopanel.GTeeLeft:
		return gl.TeeLeft
	case undopanel.GUpRight:
		return gl.UpRight
	case undopanel.GUpLeft:
		return gl.UpLeft
	case undopanel.GDownRight:
		return gl.DownRight
	case undopanel.GDownLeft:
		return gl.DownLeft
	}
	return " "
}

// markerStyle is the style of a marker: the current state's '@', the
// written states' 'S' and 's', the newest state's 'N'.
func markerStyle(th *Theme, m byte) Style {
	switch m {
	case '@':
		return th.PanelCurrentMark
	case 'N':
		return th.PanelDim
	case 'M':
		return th.PanelLabel
	}
	return th.PanelSaved
}

// markers returns a row's state markers: @ current, S written last,
// s written earlier, N the newest state, M the state marked with m.
func markers(info undopanel.RowInfo) string {
	var b []byte
	if info.Current {
		b = append(b, '@')
	}
	switch {
	case info.LastSaved:
		b = append(b, 'S')
	case info.Saved:
		b = append(b, 's')
	}
	if info.Newest {
		b = append(b, 'N')
	}
	if info.Marked {
		b = append(b, 'M')
	}
	return string(b)
}

// sizes formats "+12 −3" (bytes added and deleted).
func sizes(a, d int64) string {
	return "+" + strconv.FormatInt(a, 10) + " −" + strconv.FormatInt(d, 10)
}

func padLeft(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}

// drawPanelHelp lists the panel's keys (its ? help) in the rectangle,
// over the text window, which is wider than the panel: in as many columns
// as the height asks for, the last lines left out when even they do not
// fit.
func (r *Renderer) drawPanelHelp(s Surface, x0, y0, w, h int) {
	th := &r.Theme
	lines := undopanel.HelpLines
	colW := 0
	for _, l := range lines {
		colW = max(colW, stringWidth(l)+2)
	}
	cols := max(1, min((len(lines)+h-1)/max(h, 1), w/max(colW, 1)))
	per := (len(lines) + cols - 1) / cols
	for row := 0; row < h; row++ {
		x := x0
		for c := 0; c < cols && row < per; c++ {
			end := min(x0+(c+1)*colW, x0+w)
			if i := c*per + row; i < len(lines) {
				x = drawString(s, x, y0+row, end, " "+lines[i], th.Panel, th.SpecialKey)
			}
			fill(s, x, end, y0+row, th.Panel)
			x = end
		}
		fill(s, x, x0+w, y0+row, th.Panel)
	}
}

// preview asks the worker for the selected state's preview and returns
// the outcome when ready, with a title describing it.
func (p *Panel) preview(f *Frame) (diff.Outcome, bool, string) {
	m := &p.model
	u := &f.Undo
	sel, cur := m.Sel, p.tree.Cur()
	what := "p: " + m.Preview.String() + "  "
	if p.worker == nil || u.TextAt == nil {
		return diff.Outcome{}, false, what
	}
	textAt := u.TextAt
	live := f.Text.Text
	var key diff.Key
	var job diff.Job
	switch m.Preview {
	case undopanel.PreviewDiffCurrent:
		what += "#" + strconv.Itoa(cur) + " → #" + strconv.Itoa(sel)
		key = diff.Key{A: cur, B: sel, Mode: 0, Tick: u.Tick}
		job = func(ctx context.Context) (*diff.Result, error) {
			b, err := textAt(ctx, sel)
			if err != nil {
				return nil, err
			}
			return diff.Ropes(ctx, live, b, diff.Options{})
		}
	case undopanel.PreviewDiffParent:
		parent := -1
		if r := m.Layout.Row(sel); r >= 0 && m.Layout.Parent(r) >= 0 {
			parent = m.Layout.Seq(m.Layout.Parent(r))
		}
		what += "#" + strconv.Itoa(parent) + " → #" + strconv.Itoa(sel)
		if parent < 0 {
			what = "p: " + m.Preview.String() + "  (the original text)"
		}
		key = diff.Key{A: parent, B: sel, Mode: 1}
		job = func(ctx context.Context) (*diff.Result, error) {
			var a buffer.Rope
			if parent >= 0 {
				var err error
				if a, err = textAt(ctx, parent); err != nil {
					return nil, err
				}
			}
			b, err := textAt(ctx, sel)
			if err != nil {
				return nil, err
			}
			return diff.Ropes(ctx, a, b, diff.Options{})
		}
	case undopanel.PreviewDiffMark:
		mark := m.Mark
		what += "#" + strconv.Itoa(mark) + " → #" + strconv.Itoa(sel)
		key = diff.Key{A: mark, B: sel, Mode: 3}
		job = func(ctx context.Context) (*diff.Result, error) {
			a, err := textAt(ctx, mark)
			if err != nil {
				return nil, err
			}
			b, err := textAt(ctx, sel)
			if err != nil {
				return nil, err
			}
			return diff.Ropes(ctx, a, b, diff.Options{})
		}
	default:
		what += "#" + strconv.Itoa(sel)
		key = diff.Key{A: sel, B: sel, Mode: 2}
		job = func(ctx context.Context) (*diff.Result, error) {
			b, err := textAt(ctx, sel)
			if err != nil {
				return nil, err
			}
			return &diff.Result{OldText: b, NewText: b}, nil
		}
	}
	out, ok := p.worker.Want(key, job)
	return out, ok, what
}
