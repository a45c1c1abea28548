package undopanel

// Glyph is what one cell of the graph shows; the UI maps glyphs to
// Unicode box drawing or ASCII.
type Glyph uint8

// The glyphs. Corners are named by the two directions they join.
const (
	GNone      Glyph = iota
	GVert            // │
	GNode            // a state
	GFold            // a folded run of states
	GHoriz           // ─
	GCross           // ┼ a horizontal crossing a vertical
	GTeeRight        // ├ a lane that forks to the right
	GTeeLeft         // ┤ a lane that forks to the left
	GUpRight         // ╰ joins up and right
	GUpLeft          // ╯ joins up and left
	GDownRight       // ╭ joins down and right
	GDownLeft        // ╮ joins down and left
)

// Row is one display row of the panel: a node (or a folded run of nodes)
// or a connector between lanes.
type Row struct {
	Pos pos // position in the graph (see Layout)
	// Top and Bottom are the node rows shown: equal for a single node,
	// Bottom < Top for a folded run, -1 for a connector row.
	Top, Bottom int
}

// IsNode reports whether the row shows a node (or a fold).
func (r Row) IsNode() bool { return r.Top >= 0 }

// Folded reports whether the row stands for more than one node.
func (r Row) Folded() bool { return r.Bottom < r.Top }

// View walks the display rows of a Layout: with folding on, every
// straight run of states (each the only child of the one before, drawn
// one above the other) shows as one row. The current state always has
// a row of its own, and the selected state is always the top of the row
// that shows it. A View is a small value; build one per frame.
type View struct {
	L      *Layout
	Folded bool
	Cur    int // row of the current state (-1: none)
	Sel    int // row of the selection (-1: none)
}

// breaks reports the rows j at which a fold must end below j (j-1 and j
// not in one row) because of the current state and the selection.
func (v *View) breaks() [3]int { return [3]int{v.Cur, v.Cur + 1, v.Sel + 1} }

// foldBottom returns the lowest row shown together with row t when t is
// the top of its display row.
func (v *View) foldBottom(t int) int {
	if !v.Folded {
		return t
	}
	b := v.L.link.prevClear(t)
	for _, j := range v.breaks() {
		if j > b && j <= t {
			b = j
		}
	}
	return b
}

// foldTop returns the highest row shown together with row b when b is
// the bottom of its display row.
func (v *View) foldTop(b int) int {
	if !v.Folded {
		return b
	}
	t := min(v.L.link.nextClear(b+1)-1, v.L.Len()-1)
	for _, j := range v.breaks() {
		if j > b && j <= t {
			t = j - 1
		}
	}
	return t
}

// RowOf returns the display row that shows node row r.
func (v *View) RowOf(r int) Row {
	b := v.foldBottom(r)
	t := v.foldTop(b)
	return Row{Pos: nodePos(int32(t)), Top: t, Bottom: b}
}

// TopRow returns the top display row (the newest state).
func (v *View) TopRow() Row { return v.RowOf(v.L.Len() - 1) }

// Down returns the display row below r.
func (v *View) Down(r Row) (Row, bool) {
	var s int // the slot (s, ·) below the row
	switch r.Pos % 3 {
	case 0:
		s = r.Bottom - 1
		if s < 0 {
			return Row{}, false
		}
		if v.L.above[s].from != none {
			return connRow(int32(s), 2), true
		}
	case 2:
		s = int(r.Pos / 3)
	default:
		return v.RowOf(int(r.Pos / 3)), true
	}
	if v.L.below[s].from != none {
		return connRow(int32(s), 1), true
	}
	return v.RowOf(s), true
}

// Up returns the display row above r.
func (v *View) Up(r Row) (Row, bool) {
	s := int(r.Pos / 3)
	switch r.Pos % 3 {
	case 0:
		s = r.Top
		if v.L.below[s].from != none {
			return connRow(int32(s), 1), true
		}
		fallthrough
	case 1:
		if v.L.above[s].from != none {
			return connRow(int32(s), 2), true
		}
	}
	if s+1 >= v.L.Len() {
		return Row{}, false
	}
	return v.RowOf(s + 1), true
}

func connRow(s int32, k int32) Row { return Row{Pos: 3*s + k, Top: -1, Bottom: -1} }

// Graph appends the graph cells of row r to dst: two cells per lane, the
// lane itself and the gap to its right.
func (v *View) Graph(r Row, dst []Glyph) []Glyph {
	l := v.L
	n := len(l.lanes)
	dst = dst[:0]
	for i := 0; i < 2*n; i++ {
		dst = append(dst, GNone)
	}
	q := r.Pos
	for ln := 0; ln < n; ln++ {
		if l.vertical(ln, q) {
			dst[2*ln] = GVert
		}
	}
	if r.IsNode() {
		g := GNode
		if r.Folded() {
			g = GFold
		}
		dst[2*l.laneOf[r.Top]] = g
		return dst
	}
	c, _ := l.connAt(q)
	a, b := int(c.from), int(c.to)
	right := b > a
	switch {
	case q%3 == 1 && right:
		dst[2*a] = GDownRight
	case q%3 == 1:
		dst[2*a] = GDownLeft
	case right:
		dst[2*a] = GTeeRight
	default:
		dst[2*a] = GTeeLeft
	}
	if right {
		dst[2*b] = GUpLeft
	} else {
		dst[2*b] = GUpRight
	}
	lo, hi := min(a, b), max(a, b)
	for i := 2*lo + 1; i < 2*hi; i++ {
		switch {
		case i%2 == 1:
			dst[i] = GHoriz
		case dst[i] == GVert:
			dst[i] = GCross
		default:
			dst[i] = GHoriz
		}
	}
	return dst
}
