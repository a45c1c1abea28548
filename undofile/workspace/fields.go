package workspace

import (
	"encoding/binary"
	"math"
)

// fields reads the fields of one record's payload. The first failure is
// remembered and makes every later read return zero, so a parser reads
// straight through and checks once.
type fields struct {
	b   []byte
	p   int
	bad string
}

func (r *fields) fail(what string) {
	if r.bad == "" {
		r.bad = what
	}
}

func (r *fields) left() int { return len(r.b) - r.p }

// done returns the first failure, or "" when the payload was read exactly.
func (r *fields) done() string {
	if r.bad == "" && r.p != len(r.b) {
		r.bad = "unexpected bytes at the end"
	}
	return r.bad
}

func (r *fields) uvarint(what string, limit uint64) uint64 {
	if r.bad != "" {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.p:])
	if n <= 0 {
		r.fail("bad or truncated " + what)
		return 0
	}
	if v > limit {
		r.fail(what + " out of range")
		return 0
	}
	r.p += n
	return v
}

func (r *fields) int(what string) int { return int(r.uvarint(what, math.MaxInt32)) }

func (r *fields) id(what string) uint32 {
	v := uint32(r.uvarint(what, math.MaxUint32))
	if v == 0 {
		r.fail(what + " is 0")
	}
	return v
}

func (r *fields) varint(what string) int64 {
	if r.bad != "" {
		return 0
	}
	v, n := binary.Varint(r.b[r.p:])
	if n <= 0 {
		r.fail("bad or truncated " + what)
		return 0
	}
	r.p += n
	return v
}

func (r *fields) byte(what string) byte {
	if r.bad != "" {
		return 0
	}
	if r.p >= len(r.b) {
		r.fail("truncated " + what)
		return 0
	}
	r.p++
	return r.b[r.p-1]
}

func (r *fields) fixed(dst []byte, what string) {
	if r.bad != "" {
		return
	}
	if r.left() < len(dst) {
		r.fail("truncated " + what)
		return
	}
	r.p += copy(dst, r.b[r.p:])
}

// string reads a length-prefixed string of at most limit bytes.
func (r *fields) string(what string, limit int) string {
	n := r.uvarint(what+" length", uint64(min(limit, r.left())))
	if r.bad != "" {
		return ""
	}
	s := string(r.b[r.p : r.p+int(n)])
	r.p += int(n)
	return s
}
