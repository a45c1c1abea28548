package undopanel

// Preview says what the panel's preview pane shows for the selection.
type Preview uint8

// The previews, in the order p cycles through them.
const (
	PreviewDiffCurrent Preview = iota // diff from the current state to the selected one
	PreviewDiffParent                 // the selected state's own change (diff from its parent)
	PreviewFull                       // the selected state's whole text
	PreviewDiffMark                   // diff from the marked state to the selected one (m)
	numPreviews
)

// String names the preview for the panel's title.
func (p Preview) String() string {
	switch p {
	case PreviewDiffCurrent:
		return "diff vs current"
	case PreviewDiffParent:
		return "diff vs parent"
	case PreviewDiffMark:
		return "diff vs mark"
	default:
		return "full text"
	}
}

// Panel is the panel's own state between frames: the selection, folding,
// the display toggles and the scroll position, plus the layout of the
// tree it shows. Every change to it goes through Sync (a new tree
// snapshot) or Key (a key press); both are pure functions of the state
// and their input, so the panel is tested without a terminal.
type Panel struct {
	Layout   Layout
	Sel      int // selected seq; follows the current state while they are equal
	Folded   bool
	Absolute bool // absolute times instead of ages
	Preview  Preview
	Help     bool
	DiffTop  int // first line shown in the preview pane
	// Mark is the state marked with m for comparing (PreviewDiffMark),
	// -1 for none.
	Mark int
	// Search is the history search (search.go).
	Search Search
	// Chooser is the hunk chooser of r (hunks.go).
	Chooser Chooser
	// Live is the live preview of P (live.go): the text window shows the
	// selected state.
	Live bool

	cur     int // the current seq at the last Sync
	synced  bool
	topPos  pos // position of the top display row
	height  int // rows of the tree list at the last Rows call
	pending rune
}

// Sync updates the panel for a new snapshot of the tree. The selection
// follows the current state when it was on it, and falls back to it when
// the selected state no longer exists.
func (p *Panel) Sync(t Tree) {
	rebuilt := p.Layout.Sync(t)
	cur := t.Cur()
	switch {
	case !p.synced || rebuilt || p.Layout.Row(p.Sel) < 0:
		if !p.synced {
			p.Mark = -1
		}
		if rebuilt {
			p.Search.clearMatches() // the rows found are other rows now
		}
		p.Sel = cur
		p.topPos = -1
	case p.Sel == p.cur && cur != p.cur:
		p.Sel = cur
		p.DiffTop = 0
	}
	if p.Mark >= 0 && p.Layout.Row(p.Mark) < 0 {
		p.unmark() // pruned away
	}
	p.cur, p.synced = cur, true
}

// toggleMark marks the selected state for comparing with the selection
// (the preview shows mark → selection), or removes the mark from it.
func (p *Panel) toggleMark() {
	if p.Mark == p.Sel {
		p.unmark()
		return
	}
	p.Mark = p.Sel
	p.Preview = PreviewDiffMark
	p.DiffTop = 0
}

func (p *Panel) unmark() {
	p.Mark = -1
	if p.Preview == PreviewDiffMark {
		p.Preview = PreviewDiffCurrent
	}
}

// nextPreview is the preview p shows after Preview: the cycle skips the
// comparison with the mark while nothing is marked.
func (p *Panel) nextPreview() Preview {
	next := (p.Preview + 1) % numPreviews
	if next == PreviewDiffMark && p.Mark < 0 {
		next = PreviewDiffCurrent
	}
	return next
}

// view returns the display-row walker for the current state.
func (p *Panel) view() View {
	return View{L: &p.Layout, Folded: p.Folded, Cur: p.Layout.Row(p.cur), Sel: p.Layout.Row(p.Sel)}
}

// SelRow returns the display row of the selection.
func (p *Panel) SelRow() Row {
	v := p.view()
	return v.RowOf(max(p.Layout.Row(p.Sel), 0))
}

// scrolloff is how many rows the tree list keeps around the selection.
const scrolloff = 2

// Rows returns the h display rows to show (fewer when the tree is
// shorter), scrolling as little as needed to keep the selection visible
// with a margin. Cost: O(h).
func (p *Panel) Rows(h int, dst []Row) []Row {
	dst = dst[:0]
	if h <= 0 || p.Layout.Len() == 0 {
		return dst
	}
	p.height = h
	v := p.view()
	sel := v.RowOf(max(p.Layout.Row(p.Sel), 0))
	so := min(scrolloff, (h-1)/2)
	top := p.placeTop(&v, sel, h, so)
	p.topPos = top.Pos
	// Fill from the top; if the bottom of the tree comes first, pull
	// the top up so the list stays full.
	dst = append(dst, top)
	for r := top; len(dst) < h; {
		next, ok := v.Down(r)
		if !ok {
			break
		}
		dst = append(dst, next)
		r = next
	}
	for len(dst) < h {
		up, ok := v.Up(dst[0])
		if !ok {
			break
		}
		dst = append(dst, Row{})
		copy(dst[1:], dst)
		dst[0] = up
		p.topPos = up.Pos
	}
	return dst
}

// placeTop picks the top row: the previous top when the selection is
// still in view with the margin, otherwise the nearest top that shows it.
func (p *Panel) placeTop(v *View, sel Row, h, so int) Row {
	// up[k] is the row k rows above the selection.
	up := []Row{sel}
	for len(up) < h {
		r, ok := v.Up(up[len(up)-1])
		if !ok {
			break
		}
		up = append(up, r)
	}
	at := func(k int) Row { return up[min(k, len(up)-1)] }
	if p.topPos < 0 {
		return at(h / 3) // first show: the selection a third of the way down
	}
	k := 0
	for k < len(up) && up[k].Pos < p.topPos {
		k++
	}
	switch {
	case k < so:
		return at(so)
	case k > h-1-so || k == len(up):
		return at(h - 1 - so)
	}
	return up[k]
}
