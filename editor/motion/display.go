package motion

import "github.com/kjx-editor/kjx/buffer"

// ClusterWidth returns the number of screen cells the cluster s takes when
// it starts at display column col: a tab reaches the next multiple of
// tabstop, a control character is shown as ^X (2 cells), a C1 control as
// <xx> (4), an invalid UTF-8 byte as <xx> (4), any other cluster takes
// uniseg's width (2 for wide characters and emoji). The UI should draw with
// the same rules so that DisplayCol matches the screen.
func ClusterWidth(s string, col, tabstop int) int {
	if s == "" {
		return 0
	}
	if s[0] == '\t' {
		return tabWidth(col, tabstop)
	}
	t := newText(buffer.FromString(s))
	return t.clusterAt(0).width
}

func tabWidth(col, tabstop int) int {
	if tabstop <= 0 {
		tabstop = 8
	}
	return tabstop - col%tabstop
}

// width returns the display width of the cluster c at byte p starting at
// column col.
func (t *text) width(p int, c cluster, col, tabstop int) int {
	if c.first == '\t' {
		return tabWidth(col, tabstop)
	}
	return c.width
}

// DisplayCol returns the display column (0-based) at which the cluster at
// off starts within its line. For a tab that is the column where the tab
// begins. O(column).
func DisplayCol(r buffer.Rope, off int, tabstop int) int {
	t := newText(r)
	off = clampOff(r, off)
	p := t.lineStartOf(off)
	col := 0
	for p < off && p < t.n {
		c := t.clusterAt(p)
		if c.first == '\n' {
			break
		}
		col += t.width(p, c, col, tabstop)
		p = c.end
	}
	return col
}

// OffsetAtDisplayCol returns the start of the cluster on line covering
// display column col, clamped to the line's last cluster (the line start
// for an empty line).
func OffsetAtDisplayCol(r buffer.Rope, line, col, tabstop int) int {
	t := newText(r)
	p, e := r.LineStart(line), r.LineEnd(line)
	at := 0
	for p < e {
		c := t.clusterAt(p)
		w := t.width(p, c, at, tabstop)
		if at+w > col || c.end >= e {
			return p
		}
		at += w
		p = c.end
	}
	return p
}
