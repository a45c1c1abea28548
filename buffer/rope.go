package buffer

// INTERIM IMPLEMENTATION: a flat string. The buffer task replaces the
// internals with the persistent B+ tree while keeping every exported
// signature in this file and change.go.

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Rope is an immutable text value. Copying a Rope is O(1) and the copy may be
// handed to any goroutine.
type Rope struct {
	s string
}

// FromString returns a rope holding s.
func FromString(s string) Rope { return Rope{s: s} }

// FromBytes returns a rope holding a copy of b.
func FromBytes(b []byte) Rope { return Rope{s: string(b)} }

// FromReader reads r to the end and returns a rope of its bytes.
func FromReader(r io.Reader) (Rope, error) {
	var sb strings.Builder
	if _, err := io.Copy(&sb, r); err != nil {
		return Rope{}, fmt.Errorf("buffer: read: %w", err)
	}
	return Rope{s: sb.String()}, nil
}

// Len is the length in bytes.
func (r Rope) Len() int { return len(r.s) }

// Newlines is the number of '\n' bytes.
func (r Rope) Newlines() int { return strings.Count(r.s, "\n") }

// LineStart returns the offset of the first byte of line n (0-based); a line
// ends after its '\n'. n ranges over 0..Newlines(); it panics outside.
func (r Rope) LineStart(n int) int {
	if n < 0 || n > r.Newlines() {
		panic(fmt.Sprintf("buffer: LineStart(%d) out of range [0,%d]", n, r.Newlines()))
	}
	off := 0
	for i := 0; i < n; i++ {
		off += strings.IndexByte(r.s[off:], '\n') + 1
	}
	return off
}

// LineEnd returns the offset of the '\n' ending line n, or Len() for the last line.
func (r Rope) LineEnd(n int) int {
	if n == r.Newlines() {
		return r.Len()
	}
	return r.LineStart(n+1) - 1
}

// LineOf returns the 0-based line holding offset off (the number of '\n'
// bytes before off); off ranges over 0..Len().
func (r Rope) LineOf(off int) int {
	if off < 0 || off > len(r.s) {
		panic(fmt.Sprintf("buffer: LineOf(%d) out of range [0,%d]", off, len(r.s)))
	}
	return strings.Count(r.s[:off], "\n")
}

// ByteAt returns the byte at off.
func (r Rope) ByteAt(off int) byte { return r.s[off] }

// Slice returns a copy of the bytes in [a, b).
func (r Rope) Slice(a, b int) []byte { return []byte(r.s[a:b]) }

// SliceString returns the bytes in [a, b) as a string.
func (r Rope) SliceString(a, b int) string { return r.s[a:b] }

// String returns the whole text.
func (r Rope) String() string { return r.s }

// Bytes returns a copy of the whole text.
func (r Rope) Bytes() []byte { return []byte(r.s) }

// Equal reports whether two ropes hold the same bytes.
func (r Rope) Equal(o Rope) bool { return r.s == o.s }

// WriteTo writes the text to w.
func (r Rope) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, r.s)
	return int64(n), err
}

// Chunks returns an iterator over the text from offset off to the end, in
// chunks (Next then Chunk).
func (r Rope) Chunks(off int) *Iter { return &Iter{s: r.s, off: off, fwd: true} }

// ChunksBackward returns an iterator over the text before off, last chunk
// first; each chunk's bytes are in forward order.
func (r Rope) ChunksBackward(off int) *Iter { return &Iter{s: r.s, off: off} }

// Iter walks chunks of a rope.
type Iter struct {
	s     string
	off   int
	fwd   bool
	chunk string
	done  bool
}

// Next advances to the next chunk and reports whether there is one.
func (it *Iter) Next() bool {
	if it.done {
		return false
	}
	it.done = true
	if it.fwd {
		it.chunk = it.s[it.off:]
	} else {
		it.chunk = it.s[:it.off]
	}
	return it.chunk != ""
}

// Chunk returns the current chunk. It must not be modified.
func (it *Iter) Chunk() []byte { return []byte(it.chunk) }

// Apply returns the rope with c applied, or an error when the text at c.Off
// is not c.Old.
func (r Rope) Apply(c Change) (Rope, error) {
	if c.Off < 0 || c.Off+len(c.Old) > len(r.s) || r.s[c.Off:c.Off+len(c.Old)] != c.Old {
		return r, fmt.Errorf("buffer: change at %d does not match the text", c.Off)
	}
	var b bytes.Buffer
	b.Grow(len(r.s) - len(c.Old) + len(c.New))
	b.WriteString(r.s[:c.Off])
	b.WriteString(c.New)
	b.WriteString(r.s[c.Off+len(c.Old):])
	return Rope{s: b.String()}, nil
}

// Batch applies many changes to a rope without copying a path per change
// (transient mode); Rope ends the batch.
type Batch struct{ r Rope }

// Batch starts a batch of edits on r. r itself is not changed.
func (r Rope) Batch() *Batch { return &Batch{r: r} }

// Apply applies c to the batch's text.
func (b *Batch) Apply(c Change) error {
	r, err := b.r.Apply(c)
	if err != nil {
		return err
	}
	b.r = r
	return nil
}

// Rope returns the batch's text as an immutable rope; the batch must not be
// used afterwards.
func (b *Batch) Rope() Rope { return b.r }
