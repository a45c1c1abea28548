package cells

// Width returns how many cells cluster takes on the screen: the sum of
// its pieces' widths (1 for printable ASCII, 2 for ^X, 4 for <xx>, 6 for
// <202e>, 1 or 2 for a printable cluster). cluster and w are as Cut
// returns them; a tab's width depends on its column (see WidthAt).
func Width(cluster string, w int) int {
	if len(cluster) == 1 {
		return ByteWidth(cluster[0])
	}
	if w > 0 && clusterSafe(cluster, w == 2) {
		return min(w, 2)
	}
	z := Sanitizer{counting: true}
	z.Pieces(cluster, w)
	return z.width
}

// ByteWidth returns the cells of a cluster of one byte b: 1 for
// printable ASCII, 2 for a control character or DEL (^X), 4 for a byte of
// 0x80 or more, which is invalid UTF-8 on its own (<xx>). It is Width
// for callers that hold a byte rather than a string.
func ByteWidth(b byte) int {
	switch {
	case b >= ' ' && b < 0x7f:
		return 1
	case b < ' ' || b == 0x7f:
		return 2 // ^X
	}
	return 4 // <xx>
}

// WidthAt returns how many cells cluster (one cluster as Cut cuts it)
// takes when it starts at screen column col: a tab reaches the next
// multiple of tabstop, anything else takes Width.
func WidthAt(cluster string, col, tabstop int) int {
	if cluster == "\t" {
		return TabWidth(col, tabstop)
	}
	if len(cluster) == 1 {
		return ByteWidth(cluster[0])
	}
	_, w, _ := Cut(cluster, -1)
	return Width(cluster, w)
}

// TabWidth returns the cells of a tab at column col: to the next multiple
// of tabstop (8 when tabstop is not positive).
func TabWidth(col, tabstop int) int {
	if tabstop <= 0 {
		tabstop = 8
	}
	return tabstop - col%tabstop
}

// StringWidth returns the cells s takes when drawn by Sanitize's rules
// (a tab as ^I).
func StringWidth(s string) int {
	n := 0
	for state := -1; s != ""; {
		var c string
		var w int
		c, w, state = Cut(s, state)
		s = s[len(c):]
		n += Width(c, w)
	}
	return n
}
