package buffer

import (
	"bytes"
	"errors"
	"io"
	"unicode/utf8"
)

// Reader reads a rope from an offset onwards without flattening it. It
// implements io.Reader, io.ByteScanner and io.RuneScanner, so Go's regexp
// can run over a rope: regexp.Regexp.FindReaderIndex(r.Reader(off))
// returns offsets relative to off. Runes decode exactly as
// utf8.DecodeRune would over the whole text (invalid bytes are
// utf8.RuneError of width 1), because no valid sequence spans two leaves.
// A Reader reads a snapshot; it must be used by one goroutine at a time.
type Reader struct {
	r     Rope
	it    Iter
	chunk []byte // current chunk
	pos   int    // read position in chunk
	base  int    // offset of chunk[0] in the rope
	last  int    // width of the last ReadRune/ReadByte, or -1
}

// errUnread is returned by UnreadRune and UnreadByte when the previous
// operation was not a read.
var errUnread = errors.New("buffer: Reader: unread without a previous read")

// Reader returns a reader of the text from off to the end; it panics
// unless 0 <= off <= Len(). O(log n).
func (r Rope) Reader(off int) *Reader {
	rd := &Reader{r: r, last: -1}
	rd.seek(off)
	return rd
}

func (rd *Reader) seek(off int) {
	rd.r.checkRange("Reader", off, off)
	rd.it.forward(rd.r, off)
	rd.chunk, rd.pos, rd.base = nil, 0, off
}

// Offset returns the offset in the rope of the next byte to read.
func (rd *Reader) Offset() int { return rd.base + rd.pos }

// fill makes sure a byte is available in chunk and reports whether one is.
func (rd *Reader) fill() bool {
	for rd.pos == len(rd.chunk) {
		if !rd.it.Next() {
			return false
		}
		rd.base += len(rd.chunk)
		rd.chunk, rd.pos = rd.it.Chunk(), 0
	}
	return true
}

// Read reads up to len(p) bytes into p.
func (rd *Reader) Read(p []byte) (int, error) {
	rd.last = -1
	if len(p) == 0 {
		return 0, nil
	}
	n := 0
	for n < len(p) && rd.fill() {
		m := copy(p[n:], rd.chunk[rd.pos:])
		rd.pos += m
		n += m
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// ReadByte reads one byte.
func (rd *Reader) ReadByte() (byte, error) {
	if !rd.fill() {
		rd.last = -1
		return 0, io.EOF
	}
	c := rd.chunk[rd.pos]
	rd.pos++
	rd.last = 1
	return c, nil
}

// ReadRune reads one UTF-8 encoded rune; an invalid byte reads as
// utf8.RuneError with size 1.
func (rd *Reader) ReadRune() (rune, int, error) {
	if !rd.fill() {
		rd.last = -1
		return 0, 0, io.EOF
	}
	if c := rd.chunk[rd.pos]; c < utf8.RuneSelf {
		rd.pos++
		rd.last = 1
		return rune(c), 1, nil
	}
	r, size := utf8.DecodeRune(rd.chunk[rd.pos:])
	rd.pos += size
	rd.last = size
	return r, size, nil
}

// UnreadRune steps back over the rune ReadRune just returned.
func (rd *Reader) UnreadRune() error { return rd.unread() }

// UnreadByte steps back over the byte ReadByte just returned.
func (rd *Reader) UnreadByte() error { return rd.unread() }

func (rd *Reader) unread() error {
	if rd.last < 0 {
		return errUnread
	}
	if rd.pos >= rd.last {
		rd.pos -= rd.last
	} else {
		rd.seek(rd.Offset() - rd.last)
	}
	rd.last = -1
	return nil
}

// IndexByte returns the offset of the first c at or after off, or -1; it
// panics unless 0 <= off <= Len().
func (r Rope) IndexByte(off int, c byte) int {
	r.checkRange("IndexByte", off, off)
	var it Iter // on the stack: IndexByte does not allocate
	for it.forward(r, off); it.Next(); {
		if i := bytes.IndexByte(it.Chunk(), c); i >= 0 {
			return it.Offset() + i
		}
	}
	return -1
}

// LastIndexByte returns the offset of the last c before off, or -1; it
// panics unless 0 <= off <= Len().
func (r Rope) LastIndexByte(off int, c byte) int {
	r.checkRange("LastIndexByte", off, off)
	var it Iter
	for it.backward(r, off); it.Next(); {
		if i := bytes.LastIndexByte(it.Chunk(), c); i >= 0 {
			return it.Offset() + i
		}
	}
	return -1
}
