package workspace

import (
	"encoding/binary"
	"hash/crc32"
)

// The checkpoint log's format; docs/workspace.md describes it byte by
// byte.
const (
	// LogName is the checkpoint log's file name in a workspace's data
	// directory.
	LogName = "checkpoints"
	// LockName is the lock file serialising appends and maintenance
	// between kjx processes.
	LockName = "lock"
	// BlobsDir is the content store's directory in a workspace's data
	// directory.
	BlobsDir = "blobs"

	// Magic starts every checkpoint log.
	Magic = "KJXCKPT\x00"
	// Version is the log format version this package reads and writes.
	Version = 1

	preambleLen = len(Magic) + 2 + 2 // magic, version u16le, flags u16le

	// A record's frame: two sync bytes, the kind, the payload length
	// (u32le), a CRC32C of those seven bytes, the payload, and a CRC32C of
	// the payload. The sync bytes let the decoder find the next record
	// after a damaged one; the header CRC makes a false sync cost O(1).
	sync0, sync1   = 0xf5, 0xcb // 0xf5 never occurs in UTF-8 text
	frameHeaderLen = 2 + 1 + 4 + 4
	crcLen         = 4
	frameLen       = frameHeaderLen + crcLen // frame bytes besides the payload

	kindRoot       = 'W' // the workspace root (the first record)
	kindPath       = 'P' // a path id and its relative path
	kindVersion    = 'V' // one recorded state of one file
	kindCheckpoint = 'C' // a checkpoint: number, time, label, version ids

	// maxPayload bounds one record (a checkpoint of a million files
	// takes a few MB).
	maxPayload = 64 << 20
	// maxLabel bounds a checkpoint label.
	maxLabel = 1024

	versionExists = 1 << 0 // the file existed (a hash and size follow)
	cpNamed       = 1 << 0 // the label is a user's name (it moves on reuse)

	binaryMaxVarint = binary.MaxVarintLen64
)

// castagnoli is the CRC32C table (crc32.MakeTable caches it).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendPreamble appends the log's 12-byte preamble.
func appendPreamble(dst []byte) []byte {
	dst = append(dst, Magic...)
	dst = binary.LittleEndian.AppendUint16(dst, Version)
	return binary.LittleEndian.AppendUint16(dst, 0)
}

// appendFrame appends one record: the frame around payload.
func appendFrame(dst []byte, kind byte, payload []byte) []byte {
	start := len(dst)
	dst = append(dst, sync0, sync1, kind)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(payload)))
	dst = binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
	dst = append(dst, payload...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(payload, castagnoli))
}

// appendString appends a uvarint length and the bytes of s.
func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}
