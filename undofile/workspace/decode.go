package workspace

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// Kind classifies an *Error.
type Kind uint8

// The kinds of Error.
const (
	// KindIO is an operating-system error.
	KindIO Kind = iota
	// KindNotLog: the file does not start with Magic.
	KindNotLog
	// KindVersion: a format version or flag this kjx does not know.
	KindVersion
	// KindWrongRoot: the log records another workspace root.
	KindWrongRoot
	// KindInvalid: a checkpoint to record, a name or a target is invalid.
	KindInvalid
)

// Error is an error about a whole log (one line, naming the file), e.g.
//
//	checkpoint log /x/checkpoints: incompatible format version 3 (this kjx reads 1)
type Error struct {
	Name   string
	Kind   Kind
	Detail string
	Err    error
}

// Error implements error.
func (e *Error) Error() string {
	if e.Name == "" {
		return "checkpoint log: " + e.Detail
	}
	return "checkpoint log " + e.Name + ": " + e.Detail
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the Kind of err if it is (or wraps) an *Error, else
// KindIO.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindIO
}

// checkPreamble verifies the magic, version and flags of a log.
func checkPreamble(data []byte) *Error {
	n := min(len(data), len(Magic))
	if len(data) == 0 || !bytes.Equal(data[:n], []byte(Magic)[:n]) {
		return &Error{Kind: KindNotLog, Detail: "not a kjx checkpoint log"}
	}
	if len(data) < preambleLen {
		return nil // a torn first write: the records are simply absent
	}
	if v := binary.LittleEndian.Uint16(data[len(Magic):]); v != Version {
		return &Error{Kind: KindVersion, Detail: fmt.Sprintf("incompatible format version %d (this kjx reads %d)", v, Version)}
	}
	if f := binary.LittleEndian.Uint16(data[len(Magic)+2:]); f != 0 {
		return &Error{Kind: KindVersion, Detail: fmt.Sprintf("incompatible: unknown flags %#04x", f)}
	}
	return nil
}

// scan applies the records of data, which starts at a record boundary at
// file offset base, to m. A record with a damaged header is skipped by
// searching for the next sync bytes whose header checks out; a record
// whose payload fails its checksum is skipped by its (checked) length.
// It returns the offset just past the last complete record: anything
// after it is the torn end of an interrupted append.
func (m *model) scan(data []byte, base int) int {
	pos, end := 0, 0
	damaged := -1 // start of a run of bytes that are no complete record
	for pos < len(data) {
		kind, n, ok := frameAt(data, pos)
		if !ok || n > len(data)-pos-frameLen {
			if damaged < 0 {
				damaged = pos
			}
			next := bytes.Index(data[pos+1:], []byte{sync0, sync1})
			if next < 0 {
				break
			}
			pos += 1 + next
			continue
		}
		if damaged >= 0 {
			m.problem(base+damaged, "%d damaged bytes", pos-damaged)
			damaged = -1
		}
		payload := data[pos+frameHeaderLen : pos+frameHeaderLen+n]
		crcAt := pos + frameHeaderLen + n
		if binary.LittleEndian.Uint32(data[crcAt:]) != crc32.Checksum(payload, castagnoli) {
			m.problem(base+pos, "checksum mismatch")
		} else {
			m.apply(kind, payload, base+pos, n+frameLen)
		}
		pos = crcAt + crcLen
		end = pos
	}
	if damaged >= 0 {
		m.problem(base+damaged, "the last %d bytes are an incomplete or damaged record (an interrupted write?)", len(data)-damaged)
	}
	return base + end
}

// frameAt checks the frame header at data[pos:]: sync bytes, a CRC that
// matches, and a length within bounds. It returns the kind and payload
// length.
func frameAt(data []byte, pos int) (byte, int, bool) {
	if len(data)-pos < frameHeaderLen || data[pos] != sync0 || data[pos+1] != sync1 {
		return 0, 0, false
	}
	h := data[pos : pos+frameHeaderLen]
	if binary.LittleEndian.Uint32(h[7:]) != crc32.Checksum(h[:7], castagnoli) {
		return 0, 0, false
	}
	n := binary.LittleEndian.Uint32(h[3:])
	if n > maxPayload {
		return 0, 0, false
	}
	return h[2], int(n), true
}

// decodeLog decodes a whole log file into a new model. It returns the
// model, the offset past the last complete record, and an *Error when the
// file is not a log this kjx can read at all.
func decodeLog(data []byte) (*model, int, *Error) {
	m := newModel()
	if err := checkPreamble(data); err != nil {
		return nil, 0, err
	}
	if len(data) < preambleLen {
		return m, 0, nil
	}
	return m, m.scan(data[preambleLen:], preambleLen), nil
}

// rootOf returns the root recorded by the first record of a log's first
// bytes, or "" when it cannot be read.
func rootOf(data []byte) string {
	if checkPreamble(data) != nil || len(data) < preambleLen {
		return ""
	}
	kind, n, ok := frameAt(data, preambleLen)
	if !ok || kind != kindRoot || n > len(data)-preambleLen-frameLen {
		return ""
	}
	r := &fields{b: data[preambleLen+frameHeaderLen : preambleLen+frameHeaderLen+n]}
	root := r.string("root", maxPathLen)
	if r.done() != "" {
		return ""
	}
	return root
}
