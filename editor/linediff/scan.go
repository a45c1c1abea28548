package linediff

import (
	"bytes"

	"github.com/kjx-editor/kjx/buffer"
)

// This file reads ropes chunk by chunk, without copying them: the common
// prefix and suffix of two texts, byte-range equality, and the hashes
// and offsets of a run of lines.

// trim returns the number of lines a and b have in common at their start
// (k) and at their end (s), with k+s at most the line count of either,
// and whether the texts are equal.
func trim(a, b buffer.Rope) (k, s int, equal bool) {
	la, lb := a.Len(), b.Len()
	p := commonPrefix(a, b)
	if p == la && p == lb {
		return 0, 0, true
	}
	k = a.LineOf(p) // lines ended by a '\n' before p, the same in b
	// The line at p is common too when it ends there in one text and
	// at a '\n' in the other.
	if p == la && b.ByteAt(p) == '\n' || p == lb && a.ByteAt(p) == '\n' {
		k++
	}
	// The suffix cannot usefully reach before the '\n' that ends the
	// last prefix line; the bound just saves comparing further.
	floor := max(a.LastIndexByte(p, '\n'), 0)
	t := commonSuffix(a, b, min(la, lb)-floor)
	x, y := la-t, lb-t
	s = a.Newlines() - a.LineOf(x) // lines that start after a '\n' in the suffix
	if x == 0 && b.ByteAt(y-1) == '\n' || y == 0 && a.ByteAt(x-1) == '\n' {
		s++ // the line at x is common too
	}
	s = min(s, min(a.Newlines(), b.Newlines())+1-k)
	return k, s, false
}

// commonPrefix returns the length of the longest common prefix of a and
// b in bytes.
func commonPrefix(a, b buffer.Rope) int {
	ia, ib := a.Chunks(0), b.Chunks(0)
	var ca, cb []byte
	n := 0
	for {
		if len(ca) == 0 {
			if !ia.Next() {
				return n
			}
			ca = ia.Chunk()
		}
		if len(cb) == 0 {
			if !ib.Next() {
				return n
			}
			cb = ib.Chunk()
		}
		m := min(len(ca), len(cb))
		if !bytes.Equal(ca[:m], cb[:m]) {
			i := 0
			for ca[i] == cb[i] {
				i++
			}
			return n + i
		}
		n += m
		ca, cb = ca[m:], cb[m:]
	}
}

// commonSuffix returns the length of the longest common suffix of a and
// b in bytes, up to limit.
func commonSuffix(a, b buffer.Rope, limit int) int {
	ia, ib := a.ChunksBackward(a.Len()), b.ChunksBackward(b.Len())
	var ca, cb []byte
	n := 0
	for n < limit {
		if len(ca) == 0 {
			if !ia.Next() {
				break
			}
			ca = ia.Chunk()
		}
		if len(cb) == 0 {
			if !ib.Next() {
				break
			}
			cb = ib.Chunk()
		}
		m := min(len(ca), len(cb), limit-n)
		ta, tb := ca[len(ca)-m:], cb[len(cb)-m:]
		if !bytes.Equal(ta, tb) {
			i := 0
			for ta[m-1-i] == tb[m-1-i] {
				i++
			}
			return n + i
		}
		n += m
		ca, cb = ca[:len(ca)-m], cb[:len(cb)-m]
	}
	return min(n, limit)
}

// rangesEqual reports whether the n bytes of a at ao equal those of b at
// bo; both ranges must lie in their texts.
func rangesEqual(a buffer.Rope, ao int, b buffer.Rope, bo int, n int) bool {
	if n == 0 {
		return true
	}
	ia, ib := a.Chunks(ao), b.Chunks(bo)
	var ca, cb []byte
	for n > 0 {
		if len(ca) == 0 {
			ia.Next()
			ca = ia.Chunk()
		}
		if len(cb) == 0 {
			ib.Next()
			cb = ib.Chunk()
		}
		m := min(len(ca), len(cb), n)
		if !bytes.Equal(ca[:m], cb[:m]) {
			return false
		}
		n -= m
		ca, cb = ca[m:], cb[m:]
	}
	return true
}

// scan reads the m lines of r from line k on: their offsets and the
// hashes of their bytes (see side). A line that spans chunks is gathered
// into a scratch buffer; the others are hashed where they lie.
func scan(r buffer.Rope, k, m int, hash func([]byte) uint64) side {
	sd := side{r: r, starts: make([]int, m+1), hashes: make([]uint64, m)}
	if k > r.Newlines() { // no line k: the middle is empty, at the end
		sd.starts[0] = r.Len() + 1
		return sd
	}
	sd.starts[0] = r.LineStart(k)
	if m == 0 {
		return sd
	}
	line := 0
	var part []byte // the current line's bytes from earlier chunks
	for it := r.Chunks(sd.starts[0]); it.Next(); {
		c, base := it.Chunk(), it.Offset()
		for j := 0; ; {
			nl := bytes.IndexByte(c[j:], '\n')
			if nl < 0 {
				part = append(part, c[j:]...)
				break
			}
			text := c[j : j+nl]
			if len(part) > 0 {
				part = append(part, text...)
				text = part
			}
			sd.hashes[line] = hash(text)
			part = part[:0]
			j += nl + 1
			line++
			sd.starts[line] = base + j
			if line == m {
				return sd
			}
		}
	}
	// The text ended: the last line has no '\n'.
	sd.hashes[line] = hash(part)
	sd.starts[m] = r.Len() + 1
	return sd
}
