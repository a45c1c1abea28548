package buffer

import (
	"errors"
	"fmt"
	"io"
	"unsafe"
)

// FromString returns a rope holding s. It does not copy s: the leaves are
// substrings of it, packed full, so the rope costs about 5% more memory than
// s itself. O(n) to count newlines.
func FromString(s string) Rope {
	if s == "" {
		return Rope{}
	}
	// The leaves alias s. That is safe because leaves not owned by a transient
	// are never written, and Iter.Chunk's contract forbids writing too.
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	return fromBlock(b)
}

// FromBytes returns a rope holding a copy of b. O(n).
func FromBytes(b []byte) Rope {
	if len(b) == 0 {
		return Rope{}
	}
	return fromBlock(append([]byte(nil), b...))
}

// fromBlock builds a rope whose leaves are sub-slices of b, which the rope
// takes over.
func fromBlock(b []byte) Rope {
	leaves := make([]child, 0, len(b)/maxLeaf+2)
	return rootOf(packLeaves(leaves, b), 0, nil)
}

// FromReader reads r to the end and returns a rope of its bytes. It reads
// into blocks of up to 1 MiB that the leaves then share, so memory stays
// close to the size of the text. O(n).
func FromReader(r io.Reader) (Rope, error) {
	var leaves []child
	var carry []byte
	size := 4 * maxLeaf
	for {
		block := make([]byte, size)
		n := copy(block, carry)
		m, err := io.ReadFull(r, block[n:])
		data := block[:n+m]
		switch {
		case err == nil:
			// Carry the tail over: it may join the next block's bytes.
			leaves, carry = cutFullLeaves(leaves, data)
			size = min(2*size, readBlock)
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			if cap(data) > 2*len(data) {
				data = append([]byte(nil), data...)
			}
			return rootOf(packLeaves(leaves, data), 0, nil), nil
		default:
			return Rope{}, fmt.Errorf("buffer: read after %d bytes: %w", ropeBytes(leaves)+len(data), err)
		}
	}
}

func ropeBytes(ks []child) int {
	b, _ := sum(ks)
	return b
}
