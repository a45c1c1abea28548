package ui

import (
	"fmt"
	"strings"
)

// MemSurface is an in-memory Surface for golden tests and benchmarks. It
// records what a terminal would show: one cluster per cell, wide clusters
// covering the next cell, the cursor, and the style of every cell.
type MemSurface struct {
	w, h    int
	cells   []memCell
	cx, cy  int
	shows   int
	syncs   int
	gen     uint32 // frame number: Show and Sync start a new frame
	onSet   func(x, y int, cluster string, width int)
	overlap int
}

type memCell struct {
	s     string // "" marks the right half of a wide cluster
	width int8
	style Style
	gen   uint32 // frame in which the cell was last written
}

// NewMemSurface returns a w×h surface of blanks with the cursor hidden.
func NewMemSurface(w, h int) *MemSurface {
	m := &MemSurface{}
	m.Resize(w, h)
	return m
}

// Resize changes the size and clears every cell.
func (m *MemSurface) Resize(w, h int) {
	m.w, m.h = max(w, 0), max(h, 0)
	m.cells = make([]memCell, m.w*m.h)
	m.gen++
	for i := range m.cells {
		m.cells[i] = memCell{s: blank, width: 1, gen: m.gen - 1}
	}
	m.cx, m.cy = -1, -1
}

// Size implements Surface.
func (m *MemSurface) Size() (int, int) { return m.w, m.h }

// SetCell implements Surface. A cluster too wide for the last column is
// stored as a blank, as a terminal would show it.
func (m *MemSurface) SetCell(x, y int, cluster string, width int, style Style) {
	if x < 0 || y < 0 || x >= m.w || y >= m.h {
		return
	}
	if m.onSet != nil {
		m.onSet(x, y, cluster, width)
	}
	i := y*m.w + x
	if c := &m.cells[i]; width == 1 && c.width == 1 && c.gen != m.gen {
		// The common case: a narrow cell over a narrow cell.
		*c = memCell{s: cluster, width: 1, style: style, gen: m.gen}
		return
	}
	if width == 2 && x+1 >= m.w {
		cluster, width = blank, 1
	}
	m.clear(i)
	if width == 2 {
		m.clear(i + 1)
	}
	m.cells[i] = memCell{s: cluster, width: int8(width), style: style, gen: m.gen}
	if width == 2 {
		m.cells[i+1] = memCell{s: "", style: style, gen: m.gen}
	}
}

// clear blanks cell i before a write, and the other half of a wide
// cluster that covers it; a second write to a cell within one frame counts
// as an overlap.
func (m *MemSurface) clear(i int) {
	c := m.cells[i]
	if c.gen == m.gen {
		m.overlap++
	}
	switch {
	case c.s == "" && i > 0:
		m.cells[i-1] = memCell{s: blank, width: 1, style: m.cells[i-1].style, gen: m.cells[i-1].gen}
	case c.width == 2 && i+1 < len(m.cells):
		m.cells[i+1] = memCell{s: blank, width: 1, style: c.style, gen: m.cells[i+1].gen}
	}
	m.cells[i] = memCell{s: blank, width: 1, style: c.style, gen: c.gen}
}

// ShowCursor implements Surface.
func (m *MemSurface) ShowCursor(x, y int) {
	if x < 0 || y < 0 || x >= m.w || y >= m.h {
		x, y = -1, -1
	}
	m.cx, m.cy = x, y
}

// Show implements Surface; it counts frames.
func (m *MemSurface) Show() { m.shows++; m.gen++ }

// Sync implements Surface; it counts full redraws.
func (m *MemSurface) Sync() { m.syncs++; m.gen++ }

// Counts returns how many times Show and Sync were called.
func (m *MemSurface) Counts() (shows, syncs int) { return m.shows, m.syncs }

// Overlaps returns how many writes within one frame landed on a cell
// already written in that frame (including either half of a wide
// cluster); the renderer writes each cell once, so tests expect 0.
func (m *MemSurface) Overlaps() int { return m.overlap }

// Cell returns the cluster, width and style at x, y. The right half of a
// wide cluster reports "" and width 0.
func (m *MemSurface) Cell(x, y int) (string, int, Style) {
	c := m.cells[y*m.w+x]
	return c.s, int(c.width), c.style
}

// Cursor returns the cursor position, -1, -1 when hidden.
func (m *MemSurface) Cursor() (int, int) { return m.cx, m.cy }

// Row returns row y as text: each cluster once, the right halves of wide
// clusters left out, so the string lines up in a terminal.
func (m *MemSurface) Row(y int) string {
	var b strings.Builder
	for x := 0; x < m.w; x++ {
		b.WriteString(m.cells[y*m.w+x].s)
	}
	return b.String()
}

// Text returns all rows, each ending in '\n', with trailing blanks removed.
func (m *MemSurface) Text() string {
	var b strings.Builder
	for y := 0; y < m.h; y++ {
		b.WriteString(strings.TrimRight(m.Row(y), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// Dump renders the surface for a golden file: the rows between '|'
// fences, the cursor, and with styles a second grid with one letter per
// cell and a legend naming each letter's style (letters in order of first
// appearance, '.' for the default style).
func (m *MemSurface) Dump(styles bool) string {
	var b strings.Builder
	for y := 0; y < m.h; y++ {
		fmt.Fprintf(&b, "|%s|\n", m.Row(y))
	}
	if m.cx < 0 {
		b.WriteString("cursor hidden\n")
	} else {
		fmt.Fprintf(&b, "cursor %d,%d\n", m.cx, m.cy)
	}
	if !styles {
		return b.String()
	}
	letters := map[Style]byte{{}: '.'}
	var order []Style
	for y := 0; y < m.h; y++ {
		b.WriteByte('|')
		for x := 0; x < m.w; x++ {
			st := m.cells[y*m.w+x].style
			l, ok := letters[st]
			if !ok {
				l = legendLetter(len(order))
				letters[st] = l
				order = append(order, st)
			}
			b.WriteByte(l)
		}
		b.WriteString("|\n")
	}
	for _, st := range order {
		fmt.Fprintf(&b, "%c %s\n", letters[st], st)
	}
	return b.String()
}

func legendLetter(i int) byte {
	const set = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	if i < len(set) {
		return set[i]
	}
	return '?'
}
