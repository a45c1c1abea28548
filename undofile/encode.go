package undofile

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/kjx-editor/kjx/undo"
)

// Limits bound what is written and what is read.
type Limits struct {
	// MaxFileSize is the largest undo file the writer produces (config
	// max_file_size). The saved-text copy is left out first when the file
	// would be larger, then history is trimmed (see Job.Trim).
	MaxFileSize int64
	// MaxEntries is the most nodes an undo file holds (config max_entries).
	MaxEntries int
	// MaxReadSize is the largest undo file read; larger ones are refused
	// without being read. It is separate from MaxFileSize so that lowering
	// max_file_size does not make existing histories unreadable.
	MaxReadSize int64
	// MaxTextSize caps the decompressed saved-text copy.
	MaxTextSize int64
}

// NoLimit, as Limits.MaxFileSize, disables the size limit (config
// max_file_size = 0); a zero field means the default instead.
const NoLimit = math.MaxInt64

// The default limits.
const (
	DefaultMaxFileSize = 10 << 20 // 10 485 760 bytes
	DefaultMaxEntries  = 10000
	DefaultMaxReadSize = 256 << 20
	DefaultMaxTextSize = 256 << 20
)

// DefaultLimits returns the default Limits.
func DefaultLimits() Limits {
	return Limits{
		MaxFileSize: DefaultMaxFileSize,
		MaxEntries:  DefaultMaxEntries,
		MaxReadSize: DefaultMaxReadSize,
		MaxTextSize: DefaultMaxTextSize,
	}
}

// withDefaults returns l with every zero or negative field replaced by its
// default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxFileSize <= 0 {
		l.MaxFileSize = d.MaxFileSize
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = d.MaxEntries
	}
	if l.MaxReadSize <= 0 {
		l.MaxReadSize = d.MaxReadSize
	}
	if l.MaxTextSize <= 0 {
		l.MaxTextSize = d.MaxTextSize
	}
	return l
}

// Encode returns the undo file for f. The saved-text copy f.Text is
// included only when the whole file then stays within lim.MaxFileSize.
// It fails with a KindTooLarge *Error when the history alone is over
// lim.MaxFileSize or has more than lim.MaxEntries nodes, and with a
// KindCorrupt one when f.Image is not a well-formed tree. Zero fields of
// lim take their defaults.
func Encode(f *File, lim Limits) ([]byte, error) {
	var enc encoder
	out, err := enc.encode(f, lim.withDefaults())
	if err != nil {
		return nil, err
	}
	return out.data, nil // enc is not reused: no copy needed
}

// encoded is the encoder's result; data aliases the encoder's buffer and
// is valid until its next use.
type encoded struct {
	data       []byte
	textStored bool
}

// encoder turns a File into bytes. Its buffers and compressor are reused
// across calls by the Writer; the zero encoder is ready to use.
type encoder struct {
	out     []byte
	scratch []byte
	text    bytes.Buffer
	fw      *flate.Writer
	rec     uint32
	tooBig  int // size of the last encoding refused as too large
}

// size is the size of the last encoding refused as too large.
func (e *encoder) size() int { return e.tooBig }

func (e *encoder) encode(f *File, lim Limits) (encoded, *Error) {
	img := &f.Image
	if err := checkImage(img, f.SavedSeq); err != nil {
		return encoded{}, &Error{Op: OpWrite, Kind: KindCorrupt, Detail: "invalid history (" + err.Error() + ")"}
	}
	if err := checkHeaderValues(f); err != nil {
		return encoded{}, err
	}
	if len(img.Nodes) > lim.MaxEntries {
		return encoded{}, &Error{Op: OpWrite, Kind: KindTooLarge,
			Detail: fmt.Sprintf("too large (%d entries, limit %d)", len(img.Nodes), lim.MaxEntries)}
	}
	var textPayload []byte
	if f.Text != nil {
		textPayload = e.compress(f)
	}
	e.out = e.out[:0]
	e.rec = 0
	e.out = append(e.out, Magic...)
	version := uint16(v2Version)
	if !f.Pending.IsZero() {
		version = Version
	}
	e.out = binary.LittleEndian.AppendUint16(e.out, version)
	flagsAt := len(e.out)
	e.out = binary.LittleEndian.AppendUint16(e.out, 0)
	e.header(f)
	e.nodes(img)
	var flags uint16
	if img.Modified {
		flags |= flagModified
	}
	if !f.Pending.IsZero() {
		e.pending(f.Pending)
		flags |= flagPending
	}
	body := len(e.out)
	stored := false
	if textPayload != nil && int64(body+recordSize(len(textPayload))+trailerLen) <= lim.MaxFileSize {
		e.record(kindText, textPayload)
		flags |= flagText
		stored = true
	}
	binary.LittleEndian.PutUint16(e.out[flagsAt:], flags)
	if int64(len(e.out)+trailerLen) > lim.MaxFileSize {
		e.tooBig = len(e.out) + trailerLen
		return encoded{}, &Error{Op: OpWrite, Kind: KindTooLarge,
			Detail: fmt.Sprintf("too large (%d bytes, limit %d)", len(e.out)+trailerLen, lim.MaxFileSize)}
	}
	e.trailer()
	return encoded{data: e.out, textStored: stored}, nil
}

// checkHeaderValues rejects header (and pending-write) values that cannot
// be encoded.
func checkHeaderValues(f *File) *Error {
	if f.Disk.Size < 0 || f.Pending.Disk.Size < 0 {
		return &Error{Op: OpWrite, Kind: KindCorrupt, Detail: "invalid history (negative file size)"}
	}
	if p := f.Pending; !p.IsZero() && !hasSeq(f.Image.Nodes, p.Seq) {
		return &Error{Op: OpWrite, Kind: KindCorrupt, Detail: fmt.Sprintf("invalid history (pending node %d does not exist)", p.Seq)}
	}
	if f.Path == "" || f.Path[0] != '/' {
		return &Error{Op: OpWrite, Kind: KindCorrupt, Detail: fmt.Sprintf("invalid path %q (not absolute)", f.Path)}
	}
	return nil
}

// recordSize is the encoded size of a record with an n-byte payload.
func recordSize(n int) int {
	var tmp [binary.MaxVarintLen64]byte
	return 1 + binary.PutUvarint(tmp[:], uint64(n)) + n + crcLen
}

// record appends one framed record: kind, payload length, payload, and
// the CRC32C of the record index (u32le) followed by those bytes.
func (e *encoder) record(kind byte, payload []byte) {
	start := len(e.out)
	e.out = append(e.out, kind)
	e.out = binary.AppendUvarint(e.out, uint64(len(payload)))
	e.out = append(e.out, payload...)
	crc := recordCRC(e.rec, e.out[start:])
	e.out = binary.LittleEndian.AppendUint32(e.out, crc)
	e.rec++
}

// recordCRC is the checksum of the record with index rec whose kind,
// length and payload bytes are b.
func recordCRC(rec uint32, b []byte) uint32 {
	return crc32.Update(indexCRC(rec), castagnoli, b)
}

// indexCRC is the CRC32C of rec as four little-endian bytes, computed
// bytewise from the table (a slice passed to crc32.Update would escape and
// cost an allocation per record).
func indexCRC(rec uint32) uint32 {
	crc := ^uint32(0)
	for i := range 4 {
		crc = castagnoli[byte(crc)^byte(rec>>(8*i))] ^ crc>>8
	}
	return ^crc
}

func (e *encoder) header(f *File) {
	img := &f.Image
	p := e.scratch[:0]
	p = appendString(p, f.Path)
	p = append(p, f.Disk.Hash[:]...)
	p = binary.AppendUvarint(p, uint64(f.Disk.Size))
	p = binary.AppendUvarint(p, uint64(f.SavedSeq))
	p = binary.AppendUvarint(p, uint64(img.SeqCur))
	p = binary.AppendUvarint(p, uint64(len(img.Nodes)))
	p = binary.AppendUvarint(p, uint64(img.SeqLast))
	p = binary.AppendUvarint(p, uint64(img.SaveLast))
	p = binary.AppendUvarint(p, uint64(img.SaveCur))
	p = binary.AppendVarint(p, img.TimeCur)
	p = binary.AppendUvarint(p, uint64(img.CurHead))
	p = binary.AppendUvarint(p, uint64(img.NewHead))
	p = binary.AppendUvarint(p, uint64(img.Pruned))
	p = binary.AppendUvarint(p, uint64(len(img.RootChildren)))
	for _, c := range img.RootChildren {
		p = binary.AppendUvarint(p, uint64(c))
	}
	e.scratch = p
	e.record(kindHeader, p)
}

// pending appends the pending-write record: the hash and size of the
// bytes being written and the seq of the node whose text they are.
func (e *encoder) pending(p PendingWrite) {
	b := e.scratch[:0]
	b = append(b, p.Disk.Hash[:]...)
	b = binary.AppendUvarint(b, uint64(p.Disk.Size))
	b = binary.AppendUvarint(b, uint64(p.Seq))
	e.scratch = b
	e.record(kindPending, b)
}

// deltaState is the running state node records are delta-encoded
// against; the decoder keeps the same state.
type deltaState struct {
	seq    int
	time   int64
	cursor undo.Pos
	end    int // Off+len(New) of the previous change
}

func (e *encoder) nodes(img *undo.Image) {
	st := deltaState{time: img.TimeCur}
	for i := range img.Nodes {
		n := &img.Nodes[i]
		e.scratch = appendNode(e.scratch[:0], n, &st)
		e.record(kindNode, e.scratch)
	}
}

// appendNode appends the payload of node n's record and advances st.
func appendNode(p []byte, n *undo.ImageNode, st *deltaState) []byte {
	p = binary.AppendUvarint(p, uint64(n.Seq-st.seq))
	p = binary.AppendVarint(p, int64(n.Seq-n.Parent))
	var flags byte
	if n.WasModified {
		flags |= nodeWasModified
	}
	if n.Label != "" {
		flags |= nodeHasLabel
	}
	if n.SaveNr != 0 {
		flags |= nodeHasSaveNr
	}
	if n.Lines != [2]int{} {
		flags |= nodeHasLines
	}
	p = append(p, flags, byte(n.Source))
	p = binary.AppendVarint(p, n.Time-st.time)
	if n.SaveNr != 0 {
		p = binary.AppendUvarint(p, uint64(n.SaveNr))
	}
	if n.Label != "" {
		p = appendString(p, n.Label)
	}
	if n.Lines != [2]int{} {
		p = binary.AppendUvarint(p, uint64(n.Lines[0]))
		p = binary.AppendUvarint(p, uint64(n.Lines[1]))
	}
	p = binary.AppendUvarint(p, uint64(len(n.Children)))
	for _, c := range n.Children {
		p = binary.AppendVarint(p, int64(c-n.Seq))
	}
	p = binary.AppendVarint(p, int64(n.CursorBefore.Line-st.cursor.Line))
	p = binary.AppendVarint(p, int64(n.CursorBefore.Col-st.cursor.Col))
	p = binary.AppendVarint(p, int64(n.CursorAfter.Line-n.CursorBefore.Line))
	p = binary.AppendVarint(p, int64(n.CursorAfter.Col-n.CursorBefore.Col))
	p = binary.AppendUvarint(p, uint64(len(n.Changes)))
	for _, c := range n.Changes {
		p = binary.AppendVarint(p, int64(c.Off-st.end))
		p = binary.AppendUvarint(p, uint64(len(c.Old)))
		p = binary.AppendUvarint(p, uint64(len(c.New)))
		p = append(p, c.Old...)
		p = append(p, c.New...)
		st.end = c.Off + len(c.New)
	}
	st.seq, st.time, st.cursor = n.Seq, n.Time, n.CursorAfter
	return p
}

func appendString(p []byte, s string) []byte {
	p = binary.AppendUvarint(p, uint64(len(s)))
	return append(p, s...)
}

// compress returns the text record's payload: the text's length and its
// raw DEFLATE stream.
func (e *encoder) compress(f *File) []byte {
	e.text.Reset()
	var tmp [binary.MaxVarintLen64]byte
	e.text.Write(tmp[:binary.PutUvarint(tmp[:], uint64(f.Text.Len()))])
	if e.fw == nil {
		e.fw, _ = flate.NewWriter(&e.text, flate.BestSpeed) // a valid level never fails
	} else {
		e.fw.Reset(&e.text)
	}
	_, _ = f.Text.WriteTo(e.fw) // a bytes.Buffer never fails
	_ = e.fw.Close()
	return e.text.Bytes()
}

// trailer appends the trailer record: the total file length and the
// SHA-256 of every byte before the trailer.
func (e *encoder) trailer() {
	sum := sha256.Sum256(e.out)
	var p [trailerPayload]byte
	binary.LittleEndian.PutUint64(p[:8], uint64(len(e.out)+trailerLen))
	copy(p[8:], sum[:])
	e.record(kindTrailer, p[:])
}
