package linediff

import "context"

// This file is Myers' O(ND) difference algorithm in its linear-space form
// (E. W. Myers, "An O(ND) Difference Algorithm and Its Variations",
// Algorithmica 1986): find the middle snake of the shortest edit script
// by running the search from both ends, split there, recurse on both
// halves. Lines are compared as integers: interned ids or hashes (see Changes).

// op is one step of an edit script.
type op uint8

const (
	opEqual op = iota
	opDelete
	opInsert
)

// edit is a run of n lines with the same op.
type edit struct {
	op op
	n  int
}

// differ holds the buffers of one diff computation.
type differ struct {
	ctx    context.Context
	a, b   []uint64
	v1     []int
	v2     []int
	out    []edit
	maxD   int   // give up on a minimal script beyond this many differences
	budget int   // give up on bisecting after this much work (0: no limit)
	work   int   // diagonals visited plus snake steps, against budget
	approx bool  // maxD or the budget was hit somewhere
	steps  int   // D iterations, for cancellation checks
	err    error // set when the context was cancelled
}

// spent reports whether the work budget is used up; from then on every
// remaining region is replaced wholesale.
func (d *differ) spent() bool { return d.budget > 0 && d.work > d.budget }

// emit appends n lines of o to the script, merging with the last run.
func (d *differ) emit(o op, n int) {
	if n == 0 {
		return
	}
	if k := len(d.out); k > 0 && d.out[k-1].op == o {
		d.out[k-1].n += n
		return
	}
	d.out = append(d.out, edit{o, n})
}

// compare appends the edit script turning a[a0:a1] into b[b0:b1].
func (d *differ) compare(a0, a1, b0, b1 int) {
	if d.err != nil {
		d.emit(opDelete, a1-a0)
		d.emit(opInsert, b1-b0)
		return
	}
	// Common prefix and suffix.
	pre := 0
	for a0+pre < a1 && b0+pre < b1 && d.a[a0+pre] == d.b[b0+pre] {
		pre++
	}
	suf := 0
	for a1-suf > a0+pre && b1-suf > b0+pre && d.a[a1-suf-1] == d.b[b1-suf-1] {
		suf++
	}
	d.emit(opEqual, pre)
	a0, b0, a1, b1 = a0+pre, b0+pre, a1-suf, b1-suf
	switch {
	case a0 == a1:
		d.emit(opInsert, b1-b0)
	case b0 == b1:
		d.emit(opDelete, a1-a0)
	case d.spent():
		d.approx = true
		d.emit(opDelete, a1-a0)
		d.emit(opInsert, b1-b0)
	default:
		if x, y, ok := d.bisect(a0, a1, b0, b1); ok {
			d.compare(a0, x, b0, y)
			d.compare(x, a1, y, b1)
		} else {
			d.emit(opDelete, a1-a0)
			d.emit(opInsert, b1-b0)
		}
	}
	d.emit(opEqual, suf)
}

// bisect finds the middle snake of a[a0:a1] → b[b0:b1] (both non-empty,
// no common prefix or suffix) and returns a point on it to split at. It
// reports false when the ranges share nothing or the search exceeds
// maxD, which the caller turns into a replacement of the whole range.
func (d *differ) bisect(a0, a1, b0, b1 int) (x, y int, ok bool) {
	n, m := a1-a0, b1-b0
	maxD := (n + m + 1) / 2
	// D stays below both maxD and d.maxD+1; the diagonals of the search,
	// -D-1..D+1, index v1 and v2 from off-D-1 to off+D+1.
	off := min(maxD, d.maxD+1)
	size := 2*off + 2
	d.v1 = grow(d.v1, size)
	d.v2 = grow(d.v2, size)
	v1, v2 := d.v1[:size], d.v2[:size]
	// Diagonals are marked unvisited (-1) as the search widens, so a call
	// costs O(D²) plus its snakes, not the size of the region: entries
	// beyond radius D+1 hold stale values and are never read.
	v1[off-1], v1[off], v2[off-1], v2[off] = -1, -1, -1, -1
	v1[off+1], v2[off+1] = 0, 0
	inRange := func(j, D int) bool { return j >= off-D-1 && j <= off+D+1 }
	delta := n - m
	odd := delta%2 != 0
	// k ranges that ran off the edit graph on either side.
	k1lo, k1hi, k2lo, k2hi := 0, 0, 0, 0
	a, b := d.a, d.b
	for D := 0; D < maxD; D++ {
		if d.work += 2*D + 2; D > d.maxD || d.spent() {
			d.approx = true
			return 0, 0, false
		}
		if d.steps++; d.steps&255 == 0 && d.ctx.Err() != nil {
			d.err = d.ctx.Err()
			return 0, 0, false
		}
		if D > 0 {
			v1[off-D-1], v1[off+D+1], v2[off-D-1], v2[off+D+1] = -1, -1, -1, -1
		}
		// Forward search.
		for k := -D + k1lo; k <= D-k1hi; k += 2 {
			i := off + k
			var x1 int
			if k == -D || k != D && v1[i-1] < v1[i+1] {
				x1 = v1[i+1]
			} else {
				x1 = v1[i-1] + 1
			}
			y1 := x1 - k
			x0 := x1
			for x1 < n && y1 < m && a[a0+x1] == b[b0+y1] {
				x1++
				y1++
			}
			d.work += x1 - x0
			v1[i] = x1
			switch {
			case x1 > n:
				k1hi += 2
			case y1 > m:
				k1lo += 2
			case odd:
				if j := off + delta - k; inRange(j, D) && v2[j] != -1 && x1 >= n-v2[j] {
					return a0 + x1, b0 + y1, true
				}
			}
		}
		// Reverse search.
		for k := -D + k2lo; k <= D-k2hi; k += 2 {
			i := off + k
			var x2 int
			if k == -D || k != D && v2[i-1] < v2[i+1] {
				x2 = v2[i+1]
			} else {
				x2 = v2[i-1] + 1
			}
			y2 := x2 - k
			x0 := x2
			for x2 < n && y2 < m && a[a1-x2-1] == b[b1-y2-1] {
				x2++
				y2++
			}
			d.work += x2 - x0
			v2[i] = x2
			switch {
			case x2 > n:
				k2hi += 2
			case y2 > m:
				k2lo += 2
			case !odd:
				if j := off + delta - k; inRange(j, D) && v1[j] != -1 {
					x1 := v1[j]
					y1 := off + x1 - j
					if x1 >= n-x2 {
						return a0 + x1, b0 + y1, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}
