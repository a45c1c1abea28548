package ui

// Messages longer than the screen is wide are wrapped onto more rows, as
// Vim scrolls them, never cut in the middle.

// wrapCells cuts str into pieces of at most w cells, only between
// clusters (an escape such as <202e> stays whole). A cluster wider than
// w gets a row of its own.
func wrapCells(str string, w int) []string {
	if w <= 0 || stringWidth(str) <= w {
		return []string{str}
	}
	var c strCells
	c.reset(str)
	var rows []string
	start, used, curOff, curW := 0, 0, -1, 0
	flush := func(off int) {
		if off > start {
			rows = append(rows, str[start:off])
		}
		start = off
	}
	// Clusters are runs of cells with the same offset; decide at each
	// cluster's end whether it still fits on the row.
	endCluster := func() {
		if curOff < 0 {
			return
		}
		if used+curW > w && used > 0 {
			flush(curOff)
			used = 0
		}
		used += curW
	}
	for {
		_, cw, _, off, ok := c.next()
		if !ok {
			break
		}
		if off != curOff {
			endCluster()
			curOff, curW = off, 0
		}
		curW += cw
	}
	endCluster()
	flush(len(str))
	return rows
}

// wrappedMessages is msgs with every message wider than w split into
// rows; diff lines (list output of :diffdisk) keep one row each.
func wrappedMessages(msgs []Message, w int) []Message {
	long := false
	for _, m := range msgs {
		if !m.Diff && stringWidth(m.Text) > w {
			long = true
			break
		}
	}
	if !long {
		return msgs
	}
	var out []Message
	for _, m := range msgs {
		if m.Diff {
			out = append(out, m)
			continue
		}
		for _, row := range wrapCells(m.Text, w) {
			out = append(out, Message{Text: row, Error: m.Error})
		}
	}
	return out
}
