package syntax

import "github.com/kjx-editor/kjx/buffer"

// commonEnds returns the lengths of the longest common prefix p and
// suffix s of a and b, with p+s at most the shorter length. It reads
// chunk by chunk and stops at the first difference from each end.
func commonEnds(a, b buffer.Rope) (p, s int) {
	p = commonPrefix(a, b)
	s = commonSuffix(a, b, min(a.Len(), b.Len())-p)
	return p, s
}

func commonPrefix(a, b buffer.Rope) int {
	ia, ib := a.Chunks(0), b.Chunks(0)
	var x, y []byte
	n := 0
	for {
		if len(x) == 0 {
			if !ia.Next() {
				return n
			}
			x = ia.Chunk()
		}
		if len(y) == 0 {
			if !ib.Next() {
				return n
			}
			y = ib.Chunk()
		}
		m := min(len(x), len(y))
		i := 0
		for i < m && x[i] == y[i] {
			i++
		}
		n += i
		if i < m {
			return n
		}
		x, y = x[m:], y[m:]
	}
}

// commonSuffix is the common suffix of a and b, at most limit bytes.
func commonSuffix(a, b buffer.Rope, limit int) int {
	ia, ib := a.ChunksBackward(a.Len()), b.ChunksBackward(b.Len())
	var x, y []byte
	n := 0
	for n < limit {
		if len(x) == 0 {
			if !ia.Next() {
				return n
			}
			x = ia.Chunk()
		}
		if len(y) == 0 {
			if !ib.Next() {
				return n
			}
			y = ib.Chunk()
		}
		m := min(len(x), len(y), limit-n)
		i := 0
		for i < m && x[len(x)-1-i] == y[len(y)-1-i] {
			i++
		}
		n += i
		if i < m {
			return n
		}
		x, y = x[:len(x)-m], y[:len(y)-m]
	}
	return n
}

// sameBytes reports whether a[aOff:aOff+n] equals b[bOff:bOff+n].
func sameBytes(a buffer.Rope, aOff int, b buffer.Rope, bOff, n int) bool {
	if n == 0 {
		return true
	}
	ia, ib := a.Chunks(aOff), b.Chunks(bOff)
	var x, y []byte
	for n > 0 {
		if len(x) == 0 {
			if !ia.Next() {
				return false
			}
			x = ia.Chunk()
		}
		if len(y) == 0 {
			if !ib.Next() {
				return false
			}
			y = ib.Chunk()
		}
		m := min(len(x), len(y), n)
		if string(x[:m]) != string(y[:m]) {
			return false
		}
		x, y, n = x[m:], y[m:], n-m
	}
	return true
}
