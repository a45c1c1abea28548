package undofile

import (
	"encoding/binary"
	"math"
)

// fieldReader reads the fields of one record's payload, b[p:end]. The first
// failure is remembered (what) and makes every later read return zero, so
// a parser reads straight through and checks once, with done.
type fieldReader struct {
	b      []byte
	p, end int
	what   string
}

func (r *fieldReader) ok() bool { return r.what == "" }

func (r *fieldReader) fail(what string) {
	if r.what == "" {
		r.what = what
	}
}

// left is the number of payload bytes not read yet.
func (r *fieldReader) left() int { return r.end - r.p }

// done reports the first failure, or payload bytes left over, as a
// corruption of record rec.
func (r *fieldReader) done(rec int) *Error {
	if !r.ok() {
		return corrupt(rec, "%s", r.what)
	}
	if r.p != r.end {
		return corrupt(rec, "%d unexpected bytes at the end", r.end-r.p)
	}
	return nil
}

func (r *fieldReader) uvarint(what string) uint64 {
	if !r.ok() {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.p:r.end])
	if n <= 0 {
		r.fail("bad or truncated " + what)
		return 0
	}
	r.p += n
	return v
}

func (r *fieldReader) varint(what string) int64 {
	if !r.ok() {
		return 0
	}
	v, n := binary.Varint(r.b[r.p:r.end])
	if n <= 0 {
		r.fail("bad or truncated " + what)
		return 0
	}
	r.p += n
	return v
}

// count reads a uvarint that must be at most limit.
func (r *fieldReader) count(what string, limit int) int {
	v := r.uvarint(what)
	if v > uint64(limit) {
		r.fail(what + " out of range")
		return 0
	}
	return int(v)
}

// length reads a byte count, which must fit in the payload left.
func (r *fieldReader) length(what string) int {
	v := r.uvarint(what)
	if v > uint64(r.left()) {
		r.fail(what + " beyond the record")
		return 0
	}
	return int(v)
}

// ranged reads a varint that must lie in [lo, hi].
func (r *fieldReader) ranged(what string, lo, hi int64) int64 {
	v := r.varint(what)
	if v < lo || v > hi {
		r.fail(what + " out of range")
		return 0
	}
	return v
}

// add64 reads a varint delta and returns base+delta, failing on overflow.
func (r *fieldReader) add64(what string, base int64) int64 {
	d := r.varint(what)
	s := base + d
	if (d > 0 && s < base) || (d < 0 && s > base) {
		r.fail(what + " overflows")
		return 0
	}
	return s
}

// addInt is add64 for an int.
func (r *fieldReader) addInt(what string, base int) int {
	s := r.add64(what, int64(base))
	if s < math.MinInt || s > math.MaxInt {
		r.fail(what + " overflows")
		return 0
	}
	return int(s)
}

func (r *fieldReader) byte(what string) byte {
	if !r.ok() {
		return 0
	}
	if r.p >= r.end {
		r.fail("truncated " + what)
		return 0
	}
	r.p++
	return r.b[r.p-1]
}

// fixed fills dst from the payload.
func (r *fieldReader) fixed(dst []byte, what string) {
	if !r.ok() {
		return
	}
	if r.left() < len(dst) {
		r.fail("truncated " + what)
		return
	}
	r.p += copy(dst, r.b[r.p:r.p+len(dst)])
}

// skip advances n bytes (n ≤ left, as returned by length).
func (r *fieldReader) skip(n int) bool {
	if !r.ok() || n > r.left() {
		r.fail("truncated field")
		return false
	}
	r.p += n
	return true
}
