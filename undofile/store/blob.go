package store

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"io"
)

// The blob format; docs/workspace.md describes it byte by byte.
const (
	// Magic starts every blob file.
	Magic = "KJXBLOB\x00"
	// Version is the blob format version this package reads and writes.
	Version = 1

	methodStored  = 0 // the text follows as is
	methodDeflate = 1 // a raw DEFLATE stream (RFC 1951) follows

	crcLen = 4
	// maxHeaderLen is the longest header: magic, version, method, a
	// ten-byte uvarint, the hash and the CRC.
	maxHeaderLen = len(Magic) + 2 + binary.MaxVarintLen64 + sha256.Size + crcLen
	// maxRatio is DEFLATE's largest expansion: 258 bytes per 2 bits.
	maxRatio = 1032
)

// castagnoli is the CRC32C table (crc32.MakeTable caches it).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Hash is the SHA-256 of a text: the name of its blob.
type Hash [sha256.Size]byte

// Sum returns the Hash of text.
func Sum(text []byte) Hash { return Hash(sha256.Sum256(text)) }

// String is the hash in lower-case hex, the blob's file name.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// Short is the first 12 hex digits, for messages.
func (h Hash) Short() string { return h.String()[:12] }

// IsZero reports whether h is the zero Hash (no text).
func (h Hash) IsZero() bool { return h == Hash{} }

// ParseHash parses 64 lower-case hex digits.
func ParseHash(s string) (Hash, bool) {
	var h Hash
	if len(s) != 2*len(h) {
		return h, false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return h, false
		}
	}
	_, err := hex.Decode(h[:], []byte(s))
	return h, err == nil
}

// header is a decoded blob header.
type header struct {
	method byte
	size   int64 // length of the text
	hash   Hash
	end    int // offset of the data
}

// appendHeader appends the header of a blob holding text (hash h) with the
// given method.
func appendHeader(dst []byte, method byte, size int, h Hash) []byte {
	start := len(dst)
	dst = append(dst, Magic...)
	dst = append(dst, Version, method)
	dst = binary.AppendUvarint(dst, uint64(size))
	dst = append(dst, h[:]...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

// encodeBlob returns the blob of text (hash h), compressed with fw unless
// that does not make it smaller. fw is reset before use.
func encodeBlob(text []byte, h Hash, fw *flate.Writer) []byte {
	var buf bytes.Buffer
	buf.Grow(len(text)/3 + maxHeaderLen + 64)
	buf.Write(appendHeader(nil, methodDeflate, len(text), h))
	hlen := buf.Len()
	fw.Reset(&buf)
	_, _ = fw.Write(text) // a bytes.Buffer never fails
	_ = fw.Close()
	if buf.Len()-hlen >= len(text) {
		out := appendHeader(make([]byte, 0, maxHeaderLen+len(text)), methodStored, len(text), h)
		return append(out, text...)
	}
	return buf.Bytes()
}

// parseHeader decodes the header at the start of data, checking magic,
// version, method, the size limit and the header CRC. It needs only the
// header's bytes, so a prefix of the file suffices.
func parseHeader(data []byte, maxText int64) (header, string) {
	var h header
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return h, "not a kjx blob"
	}
	p := len(Magic)
	if len(data) < p+2 {
		return h, "truncated header"
	}
	if data[p] != Version {
		return h, fmt.Sprintf("incompatible format version %d (this kjx reads %d)", data[p], Version)
	}
	h.method = data[p+1]
	if h.method != methodStored && h.method != methodDeflate {
		return h, fmt.Sprintf("unknown compression method %d", h.method)
	}
	p += 2
	n, w := binary.Uvarint(data[p:])
	if w <= 0 {
		return h, "bad text length"
	}
	if n > uint64(maxText) {
		return h, fmt.Sprintf("text of %d bytes over the limit %d", n, maxText)
	}
	p += w
	if len(data) < p+sha256.Size+crcLen {
		return h, "truncated header"
	}
	copy(h.hash[:], data[p:])
	p += sha256.Size
	if binary.LittleEndian.Uint32(data[p:]) != crc32.Checksum(data[:p], castagnoli) {
		return h, "header checksum mismatch"
	}
	h.size, h.end = int64(n), p+crcLen
	return h, ""
}

// decodeBlob verifies a whole blob file and returns its text. want, when
// not zero, is the hash the blob must hold (its name). It never allocates
// more than the declared size (itself bounded by maxText and by what the
// data can expand to) and never panics.
func decodeBlob(data []byte, want Hash, maxText int64) ([]byte, string) {
	h, bad := parseHeader(data, maxText)
	if bad != "" {
		return nil, bad
	}
	if !want.IsZero() && h.hash != want {
		return nil, "holds another text (header hash " + h.hash.Short() + ")"
	}
	payload := data[h.end:]
	var text []byte
	switch h.method {
	case methodStored:
		if int64(len(payload)) != h.size {
			return nil, fmt.Sprintf("text is %d bytes, header says %d", len(payload), h.size)
		}
		text = payload
	case methodDeflate:
		if h.size > maxRatio*int64(len(payload))+258 {
			return nil, fmt.Sprintf("text length %d impossible for %d compressed bytes", h.size, len(payload))
		}
		var out bytes.Buffer
		out.Grow(int(min(h.size, 4*int64(len(payload))+64)))
		// bytes.Reader is an io.ByteReader, so flate reads exactly its
		// stream and what is left over can be told.
		src := bytes.NewReader(payload)
		got, err := io.Copy(&out, io.LimitReader(flate.NewReader(src), h.size+1))
		if err != nil {
			return nil, "compressed text: " + err.Error()
		}
		if got != h.size {
			return nil, fmt.Sprintf("text is %d bytes, header says %d", got, h.size)
		}
		if src.Len() != 0 {
			return nil, fmt.Sprintf("%d bytes after the compressed text", src.Len())
		}
		text = out.Bytes()
	}
	if Sum(text) != h.hash {
		return nil, "hash mismatch"
	}
	return text, ""
}
