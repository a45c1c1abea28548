package undofile

import (
	"crypto/sha256"
	"hash/crc32"
	"math"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// The fixed preamble and the record kinds; docs/undofile.md is the
// authoritative, byte-by-byte description.
const (
	// Magic starts every kjx undo file.
	Magic = "KJXUNDO\x00"
	// Version is the newest format version this package reads and
	// writes: version 2 plus the pending-write record (flagPending). A
	// file without a pending write is written as version 2 (v2Version),
	// so that a kjx that knows only version 2 still reads nearly every
	// file: the pending record lives only for the duration of one :w.
	Version = 3
	// v2Version is version 2: node line counts, no pending record.
	v2Version = 2
	// oldVersion is the oldest format version read: nodes have no line
	// counts (the flag nodeHasLines is unknown in it).
	oldVersion = 1

	preambleLen = len(Magic) + 2 + 2 // magic, version u16le, flags u16le

	flagModified = 1 << 0 // Image.Modified
	flagText     = 1 << 1 // a text record (compressed saved text) is present
	flagPending  = 1 << 2 // version 3: a pending-write record is present
	knownFlags   = flagModified | flagText | flagPending
	// v2Flags are the flags of versions 1 and 2.
	v2Flags = flagModified | flagText

	kindHeader  = 'H'
	kindNode    = 'N'
	kindText    = 'T'
	kindPending = 'P'
	kindTrailer = 'E'

	crcLen          = 4
	trailerPayload  = 8 + sha256.Size // total length u64le, SHA-256
	trailerLen      = 1 + 1 + trailerPayload + crcLen
	maxRecordHeader = 1 + 10 // kind byte plus a uvarint length

	// Node record flag bits.
	nodeWasModified = 1 << 0
	nodeHasLabel    = 1 << 1
	nodeHasSaveNr   = 1 << 2
	nodeHasLines    = 1 << 3 // version 2: ImageNode.Lines follow
	knownNodeFlags  = nodeWasModified | nodeHasLabel | nodeHasSaveNr | nodeHasLines
	// v1NodeFlags are the node flags of version 1.
	v1NodeFlags = nodeWasModified | nodeHasLabel | nodeHasSaveNr

	// maxLines bounds each of a node's line counts: the undo tree keeps
	// them in 32 bits (undo.Restore refuses more).
	maxLines = math.MaxInt32
)

// castagnoli is the CRC32C table; crc32.MakeTable caches it, and the
// value never changes after package initialisation.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// FileState identifies the bytes of a text file on disk: their SHA-256 and
// their length.
type FileState struct {
	Hash [sha256.Size]byte
	Size int64
}

// IsZero reports whether s is the zero FileState (no hash given).
func (s FileState) IsZero() bool { return s == FileState{} }

// HashBytes returns the FileState of b.
func HashBytes(b []byte) FileState {
	return FileState{Hash: sha256.Sum256(b), Size: int64(len(b))}
}

// HashRope returns the FileState of the bytes of r, without copying them
// into one slice.
func HashRope(r buffer.Rope) FileState {
	h := sha256.New()
	n, _ := r.WriteTo(h) // a hash.Hash never returns an error
	var s FileState
	h.Sum(s.Hash[:0])
	s.Size = n
	return s
}

// File is the content of one undo file: the history, the text it is
// anchored to, and optionally a copy of that text.
type File struct {
	// Path is the absolute path (symlinks resolved) of the text file this
	// history belongs to.
	Path string
	// Disk identifies the text file's bytes on disk when the history was
	// saved; they are the text of node SavedSeq.
	Disk FileState
	// SavedSeq is the seq of the node whose text is on disk (0: the root).
	SavedSeq int
	// Image is the undo tree.
	Image undo.Image
	// Text is a copy of the text at node SavedSeq (nil: none stored).
	// Encode compresses it; Decode returns it when the file holds one.
	Text *buffer.Rope
	// Pending, when not zero, is a write of the text file that was about
	// to replace it when this undo file was written: the text of node
	// Pending.Seq, whose bytes are Pending.Disk. A reader that finds
	// those bytes on disk (the process died after the text file was
	// replaced, before the undo file was written again) takes node
	// Pending.Seq as the saved one (see Loaded.Pending).
	Pending PendingWrite
}

// PendingWrite is a write of the text file announced in its undo file
// before the text file is replaced: the node whose text is being written
// and the bytes it is written as.
type PendingWrite struct {
	Seq  int
	Disk FileState
}

// IsZero reports whether p is the zero PendingWrite (no write pending).
func (p PendingWrite) IsZero() bool { return p == PendingWrite{} }
