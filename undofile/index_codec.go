package undofile

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"slices"
	"strings"
)

// The content index's file format (docs/undofile.md, "The content
// index"): a preamble, the entries sorted by name, and a trailer holding
// the file's length and a CRC32C of everything before the CRC.
const (
	indexMagic      = "KJXINDEX"
	indexVersion    = 1
	indexPreamble   = len(indexMagic) + 2 + 2 // magic, version u16le, flags u16le
	indexTrailerLen = 8 + crcLen

	// maxIndexSize bounds the index file read: far above what 100 000
	// undo files need; a larger file is rebuilt, never read.
	maxIndexSize = 64 << 20
	// minIndexEntry is the smallest entry: a 1-byte name with its length,
	// the kind, and one byte each for inode, size and time.
	minIndexEntry = 2 + 1 + 3
	// maxBaseName is NAME_MAX: no directory entry has a longer name.
	maxBaseName = 255
)

// entryKind says what an undo-directory entry was found to be.
type entryKind byte

const (
	kindHistory    entryKind = 'H' // one of ours with a readable header
	kindUnreadable entryKind = 'U' // ours (magic, owner) but its header is not readable
	kindForeign    entryKind = 'F' // not ours: no magic, another owner; never touched
)

// indexEntry is what the index records about one regular file in the undo
// directory. ino, size and mtime are the file's identity when it was
// inspected: an entry whose file no longer matches them is inspected
// again, never trusted.
type indexEntry struct {
	name    string // base name in the directory
	kind    entryKind
	ino     uint64
	size    int64
	mtime   int64  // Unix nanoseconds
	path    string // kindHistory: the text file, from the header
	saved   FileState
	current FileState // zero: unknown
}

var errIndex = errors.New("undo index")

// indexErr is a decoding error of the index: the caller rebuilds it.
func indexErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errIndex, fmt.Sprintf(format, args...))
}

// encodeIndex returns the index file holding entries, sorted by name.
func encodeIndex(entries []indexEntry) []byte {
	sorted := slices.Clone(entries)
	slices.SortFunc(sorted, func(a, b indexEntry) int { return cmp.Compare(a.name, b.name) })
	b := make([]byte, 0, indexPreamble+len(sorted)*160+indexTrailerLen)
	b = append(b, indexMagic...)
	b = binary.LittleEndian.AppendUint16(b, indexVersion)
	b = binary.LittleEndian.AppendUint16(b, 0)
	b = binary.AppendUvarint(b, uint64(len(sorted)))
	for i := range sorted {
		b = appendEntry(b, &sorted[i])
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(len(b)+indexTrailerLen))
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

func appendEntry(b []byte, e *indexEntry) []byte {
	b = appendString(b, e.name)
	b = append(b, byte(e.kind))
	b = binary.AppendUvarint(b, e.ino)
	b = binary.AppendUvarint(b, uint64(e.size))
	b = binary.AppendVarint(b, e.mtime)
	if e.kind != kindHistory {
		return b
	}
	b = appendString(b, e.path)
	b = appendState(b, e.saved)
	if e.current.IsZero() {
		return append(b, 0)
	}
	return appendState(append(b, 1), e.current)
}

func appendState(b []byte, s FileState) []byte {
	return append(binary.AppendUvarint(b, uint64(s.Size)), s.Hash[:]...)
}

// decodeIndex parses and verifies an index file. It trusts nothing:
// allocations are bounded by len(data), every name must be a plain
// base name (so no entry can lead outside the directory), entries must
// be sorted with no duplicates, and the length and CRC must match. Any
// flaw is an error wrapping errIndex; it never panics.
func decodeIndex(data []byte) ([]indexEntry, error) {
	if len(data) < indexPreamble+1+indexTrailerLen || string(data[:len(indexMagic)]) != indexMagic {
		return nil, indexErr("not an index file")
	}
	if v := binary.LittleEndian.Uint16(data[len(indexMagic):]); v != indexVersion {
		return nil, indexErr("version %d", v)
	}
	if f := binary.LittleEndian.Uint16(data[len(indexMagic)+2:]); f != 0 {
		return nil, indexErr("unknown flags %#x", f)
	}
	body := len(data) - indexTrailerLen
	if binary.LittleEndian.Uint64(data[body:]) != uint64(len(data)) {
		return nil, indexErr("length mismatch")
	}
	if binary.LittleEndian.Uint32(data[body+8:]) != crc32.Checksum(data[:body+8], castagnoli) {
		return nil, indexErr("checksum mismatch")
	}
	// The entries' names and paths are substrings of one copy of data.
	r := indexReader{s: string(data[:body]), p: indexPreamble}
	n := r.uvarint()
	if n > uint64(r.left()/minIndexEntry) {
		return nil, indexErr("%d entries cannot fit in %d bytes", n, r.left())
	}
	entries := make([]indexEntry, 0, n)
	for i := uint64(0); i < n && r.err == nil; i++ {
		e := r.entry()
		if r.err == nil && len(entries) > 0 && e.name <= entries[len(entries)-1].name {
			r.fail("entry %q out of order", e.name)
		}
		entries = append(entries, e)
	}
	if r.err == nil && r.left() != 0 {
		r.fail("%d bytes after the last entry", r.left())
	}
	if r.err != nil {
		return nil, r.err
	}
	return entries, nil
}

// indexReader reads the fields of an index; the first error sticks and
// every later read returns zero values.
type indexReader struct {
	s   string
	p   int
	err error
}

func (r *indexReader) left() int { return len(r.s) - r.p }

func (r *indexReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = indexErr(format, args...)
	}
}

func (r *indexReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	var buf [binary.MaxVarintLen64]byte
	m := copy(buf[:], r.s[r.p:])
	v, w := binary.Uvarint(buf[:m])
	if w <= 0 || w > 1 && buf[w-1] == 0 {
		// An overlong form (a last byte of 0) is refused: every index
		// has exactly one encoding, the one encodeIndex writes.
		r.fail("bad number at offset %d", r.p)
		return 0
	}
	r.p += w
	return v
}

func (r *indexReader) varint() int64 {
	u := r.uvarint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

func (r *indexReader) size() int64 {
	v := r.uvarint()
	if v > math.MaxInt64 {
		r.fail("size out of range")
		return 0
	}
	return int64(v)
}

func (r *indexReader) bytes(n uint64) string {
	if r.err != nil {
		return ""
	}
	if n > uint64(r.left()) {
		r.fail("truncated: %d bytes wanted, %d left", n, r.left())
		return ""
	}
	s := r.s[r.p : r.p+int(n)]
	r.p += int(n)
	return s
}

func (r *indexReader) str() string { return r.bytes(r.uvarint()) }

func (r *indexReader) state() FileState {
	var s FileState
	s.Size = r.size()
	copy(s.Hash[:], r.bytes(uint64(len(s.Hash))))
	return s
}

func (r *indexReader) entry() indexEntry {
	var e indexEntry
	e.name = r.str()
	if r.err == nil && !plainEntryName(e.name) {
		r.fail("bad entry name %q", e.name)
	}
	if k := r.bytes(1); k != "" {
		e.kind = entryKind(k[0])
	}
	e.ino = r.uvarint()
	e.size = r.size()
	e.mtime = r.varint()
	switch e.kind {
	case kindUnreadable, kindForeign:
		return e
	case kindHistory:
	default:
		r.fail("bad entry kind %#x", byte(e.kind))
		return e
	}
	e.path = r.str()
	if r.err == nil && (e.path == "" || e.path[0] != '/') {
		r.fail("path %q not absolute", e.path)
	}
	e.saved = r.state()
	switch r.bytes(1) {
	case "\x00":
	case "\x01":
		e.current = r.state()
	default:
		r.fail("bad current-text flag")
	}
	return e
}

// plainEntryName reports whether name may be an undo-directory entry
// the index describes: a base name (no '/', no NUL, not . or ..), at most
// NAME_MAX bytes, and not one of the directory's own files (temporary
// files and the index).
func plainEntryName(name string) bool {
	return name != "" && len(name) <= maxBaseName && name != "." && name != ".." &&
		!strings.ContainsAny(name, "/\x00") && name != indexName && !strings.HasPrefix(name, tempPrefix)
}
