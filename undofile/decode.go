package undofile

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"unsafe"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// DecodeOptions configure Decode.
type DecodeOptions struct {
	// Name is the undo file's name, used in error messages only.
	Name string
	// Path, when not empty, is the text file the history must belong to:
	// a header naming another path is a KindWrongPath error.
	Path string
	// MaxTextSize caps the decompressed saved-text copy (0: default).
	MaxTextSize int64
	// Owned says that nothing changes data after Decode (it was read
	// for it): labels and change texts then share data itself instead
	// of a copy of it.
	Owned bool
}

// Decode parses and verifies an undo file. It trusts nothing: every length
// is bounded by the bytes that remain, allocations are bounded by len(data)
// (the saved-text copy by opt.MaxTextSize), and any inconsistency is an
// *Error; it never returns a partial File and never panics. Labels and
// change texts share one copy of data (data itself when opt.Owned).
// Empty lists decode as nil.
func Decode(data []byte, opt DecodeOptions) (*File, error) {
	if opt.MaxTextSize <= 0 {
		opt.MaxTextSize = DefaultMaxTextSize
	}
	f, err := decode(data, opt)
	if err != nil {
		err.Name, err.Op = opt.Name, OpRead
		return nil, err
	}
	return f, nil
}

// minNodeRecord is the smallest possible node record: kind, length, eleven
// one-byte fields (seq, parent, flags, source, time, children count, four
// cursor deltas, change count) and the CRC.
const minNodeRecord = 1 + 1 + 11 + crcLen

func decode(data []byte, opt DecodeOptions) (*File, *Error) {
	version, flags, err := checkPreamble(data)
	if err != nil {
		return nil, err
	}
	d := decoder{data: data, pos: preambleLen, size: len(data), nodeFlags: knownNodeFlags}
	if opt.Owned {
		d.s = unsafe.String(unsafe.SliceData(data), len(data))
	} else {
		d.s = string(data)
	}
	if version == oldVersion {
		d.nodeFlags = v1NodeFlags
	}
	f, h, err := d.header(opt.Path)
	if err != nil {
		return nil, err
	}
	f.Image.Modified = flags&flagModified != 0
	if err := d.nodes(&f.Image, h.nodes); err != nil {
		return nil, err
	}
	if flags&flagPending != 0 {
		if err := d.pending(f); err != nil {
			return nil, err
		}
	}
	if flags&flagText != 0 {
		if err := d.text(f, opt.MaxTextSize); err != nil {
			return nil, err
		}
	}
	if err := d.trailer(); err != nil {
		return nil, err
	}
	if e := checkImage(&f.Image, f.SavedSeq); e != nil {
		return nil, corrupt(-1, "%v", e)
	}
	if p := f.Pending; !p.IsZero() && !hasSeq(f.Image.Nodes, p.Seq) {
		return nil, corrupt(-1, "pending node %d does not exist", p.Seq)
	}
	return f, nil
}

// checkPreamble verifies magic, version and flags and returns the version
// and the flags.
func checkPreamble(data []byte) (version, flags uint16, err *Error) {
	n := min(len(data), len(Magic))
	if !bytes.Equal(data[:n], []byte(Magic)[:n]) || len(data) == 0 {
		return 0, 0, &Error{Kind: KindNotUndoFile, Detail: "not a kjx undo file"}
	}
	if len(data) < preambleLen {
		return 0, 0, corrupt(-1, "truncated: %d bytes", len(data))
	}
	version = binary.LittleEndian.Uint16(data[len(Magic):])
	if version < oldVersion || version > Version {
		return 0, 0, &Error{Kind: KindVersion,
			Detail: fmt.Sprintf("incompatible format version %d (this kjx reads %d to %d)", version, oldVersion, Version)}
	}
	flags = binary.LittleEndian.Uint16(data[len(Magic)+2:])
	known := uint16(knownFlags)
	if version < Version {
		known = v2Flags
	}
	if flags&^known != 0 {
		return 0, 0, &Error{Kind: KindVersion, Detail: fmt.Sprintf("incompatible: unknown flags %#04x", flags&^known)}
	}
	return version, flags, nil
}

// decoder walks the records of one file.
type decoder struct {
	data []byte
	s    string // data as a string: labels and change texts are substrings
	pos  int    // start of the next record
	size int    // size of the whole file (data may be only its start)
	rec  int    // index of the next record
	// nodeFlags are the node flags the file's version knows.
	nodeFlags byte
	// backing stores shared by all nodes, carved with full slice
	// expressions so no node's slice can grow into another's.
	kids    []int
	changes []buffer.Change
}

// record reads the next record's frame, checks its kind and CRC, and
// returns a field reader over its payload.
func (d *decoder) record(want byte) (fieldReader, *Error) {
	rec, start := d.rec, d.pos
	if start >= len(d.data) {
		return fieldReader{}, corrupt(rec, "truncated: file ends where a record should start")
	}
	kind := d.data[start]
	if kind != want {
		return fieldReader{}, corrupt(rec, "unexpected record kind %q, want %q", kind, want)
	}
	n, w := binary.Uvarint(d.data[start+1:])
	if w <= 0 {
		return fieldReader{}, corrupt(rec, "truncated or bad record length")
	}
	body := start + 1 + w
	if n > uint64(len(d.data)-body) || uint64(len(d.data)-body)-n < crcLen {
		return fieldReader{}, corrupt(rec, "truncated: record of %d bytes, %d left", n, len(d.data)-body)
	}
	end := body + int(n)
	got := recordCRC(uint32(rec), d.data[start:end])
	if binary.LittleEndian.Uint32(d.data[end:]) != got {
		return fieldReader{}, corrupt(rec, "checksum mismatch")
	}
	d.pos, d.rec = end+crcLen, rec+1
	return fieldReader{b: d.data, p: body, end: end}, nil
}

// headerCounts are the header fields that size the rest of the file.
type headerCounts struct{ nodes int }

func (d *decoder) header(wantPath string) (*File, headerCounts, *Error) {
	r, err := d.record(kindHeader)
	if err != nil {
		return nil, headerCounts{}, err
	}
	f := &File{}
	img := &f.Image
	pl := r.length("path")
	f.Path = d.str(&r, pl)
	r.fixed(f.Disk.Hash[:], "hash")
	if sz := r.uvarint("file size"); sz <= math.MaxInt64 {
		f.Disk.Size = int64(sz)
	} else {
		r.fail("file size out of range")
	}
	f.SavedSeq = r.count("saved seq", math.MaxInt)
	img.SeqCur = r.count("seq_cur", math.MaxInt)
	nodes := r.count("node count", (d.size-d.pos)/minNodeRecord)
	img.SeqLast = r.count("seq_last", math.MaxInt)
	img.SaveLast = r.count("save_last", math.MaxInt)
	img.SaveCur = r.count("save_cur", math.MaxInt)
	img.TimeCur = r.varint("time_cur")
	img.CurHead = r.count("curhead", math.MaxInt)
	img.NewHead = r.count("newhead", math.MaxInt)
	img.Pruned = r.count("pruned", math.MaxInt)
	if k := r.count("root children", min(nodes, r.left())); k > 0 {
		img.RootChildren = make([]int, k)
		for i := range img.RootChildren {
			img.RootChildren[i] = r.count("root child", math.MaxInt)
		}
	}
	if e := r.done(d.rec - 1); e != nil {
		return nil, headerCounts{}, e
	}
	if f.Path == "" || f.Path[0] != '/' {
		return nil, headerCounts{}, corrupt(0, "path %q not absolute", f.Path)
	}
	if wantPath != "" && f.Path != wantPath {
		return nil, headerCounts{}, &Error{Kind: KindWrongPath, Detail: fmt.Sprintf("belongs to %s, not this file", f.Path)}
	}
	return f, headerCounts{nodes: nodes}, nil
}

// str returns the next n bytes of r's payload as a substring of d.s.
func (d *decoder) str(r *fieldReader, n int) string {
	a := r.p
	if !r.skip(n) {
		return ""
	}
	return d.s[a:r.p]
}

func (d *decoder) nodes(img *undo.Image, count int) *Error {
	if count == 0 {
		return nil
	}
	img.Nodes = make([]undo.ImageNode, count)
	d.kids = make([]int, count)
	st := deltaState{time: img.TimeCur}
	for i := range img.Nodes {
		r, err := d.record(kindNode)
		if err != nil {
			return err
		}
		d.node(&r, &img.Nodes[i], &st, img.SeqLast)
		if e := r.done(d.rec - 1); e != nil {
			return e
		}
	}
	return nil
}

// node parses one node record into n, mirroring appendNode.
func (d *decoder) node(r *fieldReader, n *undo.ImageNode, st *deltaState, seqLast int) {
	n.Seq = st.seq + r.count("seq delta", seqLast-st.seq)
	if n.Seq == st.seq && r.ok() {
		r.fail(fmt.Sprintf("duplicate seq %d", n.Seq))
		return
	}
	n.Parent = int(r.ranged("parent delta", int64(n.Seq)-int64(seqLast), int64(n.Seq)))
	n.Parent = n.Seq - n.Parent
	flags := r.byte("flags")
	if flags&^d.nodeFlags != 0 {
		r.fail(fmt.Sprintf("unknown node flags %#02x", flags))
		return
	}
	n.WasModified = flags&nodeWasModified != 0
	n.Source = undo.Source(r.byte("source"))
	n.Time = r.add64("time", st.time)
	if flags&nodeHasSaveNr != 0 {
		n.SaveNr = r.count("save number", math.MaxInt)
	}
	if flags&nodeHasLabel != 0 {
		n.Label = d.str(r, r.length("label"))
	}
	if flags&nodeHasLines != 0 {
		d.lines(r, n)
	}
	d.children(r, n, seqLast)
	n.CursorBefore.Line = r.addInt("cursor line", st.cursor.Line)
	n.CursorBefore.Col = r.addInt("cursor column", st.cursor.Col)
	n.CursorAfter.Line = r.addInt("cursor line", n.CursorBefore.Line)
	n.CursorAfter.Col = r.addInt("cursor column", n.CursorBefore.Col)
	d.changeList(r, n, st)
	st.seq, st.time, st.cursor = n.Seq, n.Time, n.CursorAfter
}

// lines reads a node's line counts, present only when not both zero; the
// bound on their difference is checked with the changes (checkImage).
func (d *decoder) lines(r *fieldReader, n *undo.ImageNode) {
	n.Lines[0] = r.count("lines saved", maxLines)
	n.Lines[1] = r.count("lines left", maxLines)
	if n.Lines == [2]int{} && r.ok() {
		r.fail("line counts present but zero")
	}
}

func (d *decoder) children(r *fieldReader, n *undo.ImageNode, seqLast int) {
	k := r.count("children count", r.left())
	if k == 0 || !r.ok() {
		return
	}
	if k > len(d.kids) {
		r.fail("more children than nodes")
		return
	}
	n.Children = d.kids[:k:k]
	d.kids = d.kids[k:]
	for j := range n.Children {
		n.Children[j] = n.Seq + int(r.ranged("child delta", 1-int64(n.Seq), int64(seqLast)-int64(n.Seq)))
	}
}

func (d *decoder) changeList(r *fieldReader, n *undo.ImageNode, st *deltaState) {
	k := r.count("change count", r.left()/3)
	if k == 0 || !r.ok() {
		return
	}
	if len(d.changes) < k {
		// A chunk for this node and the following ones: a change takes at
		// least 3 bytes, so the chunk stays proportional to the input.
		d.changes = make([]buffer.Change, k+min(1024, (len(d.data)-d.pos)/3))
	}
	n.Changes = d.changes[:k:k]
	d.changes = d.changes[k:]
	for j := range n.Changes {
		c := &n.Changes[j]
		c.Off = r.addInt("change offset", st.end)
		if c.Off < 0 && r.ok() {
			r.fail("negative change offset")
		}
		ol := r.length("old text length")
		nl := r.length("new text length")
		c.Old = d.str(r, ol)
		c.New = d.str(r, nl)
		st.end = c.Off + len(c.New)
	}
}

// pending parses the pending-write record (version 3): the hash and size
// of the bytes being written and the seq of their node, which must exist
// (checked with the tree, in decode).
func (d *decoder) pending(f *File) *Error {
	r, err := d.record(kindPending)
	if err != nil {
		return err
	}
	p := &f.Pending
	r.fixed(p.Disk.Hash[:], "pending hash")
	if sz := r.uvarint("pending file size"); sz <= math.MaxInt64 {
		p.Disk.Size = int64(sz)
	} else {
		r.fail("pending file size out of range")
	}
	p.Seq = r.count("pending seq", f.Image.SeqLast)
	if e := r.done(d.rec - 1); e != nil {
		return e
	}
	if p.IsZero() {
		return corrupt(d.rec-1, "pending write is empty")
	}
	return nil
}

// text parses the saved-text record: the text's length and a raw DEFLATE
// stream. The output grows only as real data is decompressed, and never
// past the declared length, which is capped by max and by DEFLATE's
// largest possible expansion of the stream.
func (d *decoder) text(f *File, maxText int64) *Error {
	r, err := d.record(kindText)
	if err != nil {
		return err
	}
	rec := d.rec - 1
	n := r.count("text length", math.MaxInt)
	if !r.ok() {
		return r.done(rec)
	}
	stream := d.data[r.p:r.end]
	const maxRatio = 1032 // DEFLATE: 258 bytes per 2 bits at best
	if int64(n) > maxText || int64(n) > maxRatio*int64(len(stream))+258 {
		return corrupt(rec, "text length %d impossible or over the limit %d", n, maxText)
	}
	var out bytes.Buffer
	out.Grow(min(n, 4*len(stream)+64))
	fr := flate.NewReader(bytes.NewReader(stream))
	got, e := io.Copy(&out, io.LimitReader(fr, int64(n)+1))
	if e != nil {
		return corrupt(rec, "text: %v", e)
	}
	if got != int64(n) {
		return corrupt(rec, "text is %d bytes, header says %d", got, n)
	}
	t := buffer.FromBytes(out.Bytes())
	f.Text = &t
	return nil
}

// trailer verifies the trailer: it is the last record, its total length is
// the file's, and its SHA-256 covers every byte before it.
func (d *decoder) trailer() *Error {
	start := d.pos
	r, err := d.record(kindTrailer)
	if err != nil {
		return err
	}
	rec := d.rec - 1
	if r.end-r.p != trailerPayload {
		return corrupt(rec, "trailer of %d bytes", r.end-r.p)
	}
	if total := binary.LittleEndian.Uint64(d.data[r.p:]); total != uint64(len(d.data)) || d.pos != len(d.data) {
		return corrupt(rec, "file is %d bytes, trailer says %d", len(d.data), total)
	}
	sum := sha256.Sum256(d.data[:start])
	if !bytes.Equal(sum[:], d.data[r.p+8:r.end]) {
		return corrupt(rec, "whole-file checksum mismatch")
	}
	return nil
}
