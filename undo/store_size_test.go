package undo

import (
	"testing"
	"unsafe"
)

// TestRecordSizes pins the sizes of the node records: a chunk of each is
// exactly one of the allocator's size classes (768 and 896 bytes), so a
// long history wastes no rounding. A field added to meta or data shows
// here first; regroup the fields or move a rarely used one out.
func TestRecordSizes(t *testing.T) {
	for _, c := range []struct {
		name       string
		rec, chunk uintptr
		wantRec    uintptr
	}{
		{"meta", unsafe.Sizeof(meta{}), unsafe.Sizeof(chunk[meta]{}), 48},
		{"data", unsafe.Sizeof(data{}), unsafe.Sizeof(chunk[data]{}), 56},
	} {
		if c.rec != c.wantRec || c.chunk != chunkSize*c.wantRec {
			t.Errorf("%s: record %d bytes, chunk %d; want %d and %d", c.name, c.rec, c.chunk, c.wantRec, chunkSize*c.wantRec)
		}
	}
}
