package ui

// Surface is the grid of cells the UI draws on: the terminal through the
// tcell adapter (NewTcellSurface), or memory for tests (MemSurface).
//
// The renderer only ever passes SetCell one grapheme cluster that is
// printable (see the sanitising rules in doc.go) with its display width,
// 1 or 2; a width-2 cluster covers the cell to its right too, and the
// renderer never writes that covered cell in the same frame. Coordinates
// outside Size are ignored.
type Surface interface {
	// Size returns the width and height in cells.
	Size() (w, h int)
	// SetCell puts cluster, width cells wide, at x, y.
	SetCell(x, y int, cluster string, width int, style Style)
	// ShowCursor places the terminal cursor; x or y < 0 hides it.
	ShowCursor(x, y int)
	// Show makes the frame visible, sending only what changed.
	Show()
	// Sync redraws every cell (after a resize, Ctrl-L or a resume).
	Sync()
}

// blank is what an untouched cell holds.
const blank = " "

// fill writes blanks with style over the rectangle x0 <= x < x1, y.
func fill(s Surface, x0, x1, y int, style Style) {
	for x := x0; x < x1; x++ {
		s.SetCell(x, y, blank, 1, style)
	}
}
