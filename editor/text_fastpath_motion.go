package editor

// stepRight moves col count clusters right on a line of n bytes whose
// clusters next finds (l and the right half of x): it stops before the line
// end unless past allows landing on it. ok is false when next could not
// tell (a window too small); the caller retries on the whole line.
func stepRight(next func(int) (int, bool), n, col, count int, past bool) (to int, moved, ok bool) {
	for i := 0; i < count; i++ {
		nc := n
		if col < n {
			if nc, ok = next(col); !ok {
				return 0, false, false
			}
		}
		if nc >= n && (!past || col >= n) {
			if past && col < n {
				col = nc
				moved = true
			}
			break
		}
		col = nc
		moved = true
	}
	return col, moved, true
}

// rightFast is mRight reading only a window of the line after the cursor
// (l and x on a multi-megabyte line would otherwise copy all of it).
func rightFast(m *mctx, past bool) (col int, moved, ok bool) {
	r := m.e.text()
	ls, le := r.LineBounds(m.cur.Line)
	n := le - ls
	lo := min(max(m.cur.Col, 0), n)
	hi := n
	if m.count1 < 1<<16 {
		hi = min(n, lo+64*m.count1+fastWindow)
	}
	w := lineWindow{s: r.SliceString(ls+lo, ls+hi), base: lo, n: n}
	return stepRight(w.next, n, m.cur.Col, m.count1, past)
}
