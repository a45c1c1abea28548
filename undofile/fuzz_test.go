package undofile

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed fuzz seed corpus")

const seedDir = "testdata/fuzz/FuzzDecode"

// seedFiles returns the valid seed files: histories of several sizes, with
// and without a text copy, and with a pending write.
func seedFiles(t testing.TB) map[string][]byte {
	rng := rand.New(rand.NewPCG(11, 12))
	out := map[string][]byte{}
	for i, n := range []int{0, 1, 4, 16, 64} {
		f := randomFile(rng, n)
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("valid-%02d-%dnodes", i, n)] = data
	}
	for i, n := range []int{0, 8} { // version 3: a pending write
		data, err := Encode(pendingFile(rng, n), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("valid-%02d-pending-%dnodes", 5+i, n)] = data
	}
	return out
}

// TestFuzzSeeds keeps the committed corpus in step with the format: every
// valid-* seed must decode. Run with -update to regenerate it.
func TestFuzzSeeds(t *testing.T) {
	if *update {
		if err := os.MkdirAll(seedDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range seedFiles(t) {
			body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
			if err := os.WriteFile(filepath.Join(seedDir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ents, err := os.ReadDir(seedDir)
	if err != nil {
		t.Fatalf("seed corpus: %v (run go test -run TestFuzzSeeds -update)", err)
	}
	valid := 0
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "valid-") {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(seedDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(raw), "\n", 3)
		lit := strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")")
		s, err := strconv.Unquote(lit)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if _, err := Decode([]byte(s), DecodeOptions{Path: testPath}); err != nil {
			t.Errorf("%s: seed no longer decodes (run with -update): %v", e.Name(), err)
		}
		valid++
	}
	if valid < 5 {
		t.Errorf("only %d valid seeds", valid)
	}
}

// FuzzDecode: no input may panic, a failure is always an *Error, and a
// success re-encodes and decodes to the same history.
func FuzzDecode(f *testing.F) {
	for _, c := range craftedHostile() {
		f.Add(c.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecode(t, data) })
}

// FuzzDecodeResealed fuzzes past the checksums: every record's CRC and the
// trailer are recomputed before decoding, so mutations reach the field
// parsers and the structural checks instead of failing a checksum.
func FuzzDecodeResealed(f *testing.F) {
	for _, data := range seedFiles(f) {
		f.Add(data)
	}
	for _, c := range craftedHostile() {
		f.Add(c.data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkDecode(t, reseal(data)) })
}

// reseal recomputes, in a copy of data, the CRC of every complete record
// and the trailer's length and hash.
func reseal(data []byte) []byte {
	d := append([]byte{}, data...)
	rec := uint32(0)
	for p := preambleLen; p < len(d); rec++ {
		n, w := binary.Uvarint(d[p+1:])
		if w <= 0 || n > uint64(len(d)) {
			break
		}
		end := p + 1 + w + int(n)
		if end+crcLen > len(d) {
			break
		}
		if d[p] == kindTrailer && n == trailerPayload {
			binary.LittleEndian.PutUint64(d[p+1+w:], uint64(end+crcLen))
			sum := sha256.Sum256(d[:p])
			copy(d[p+1+w+8:], sum[:])
		}
		binary.LittleEndian.PutUint32(d[end:], recordCRC(rec, d[p:end]))
		p = end + crcLen
	}
	return d
}

func checkDecode(t *testing.T, data []byte) {
	got, err := Decode(data, DecodeOptions{MaxTextSize: 1 << 20})
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || got != nil {
			t.Fatalf("bad failure: %v, %v", got, err)
		}
		return
	}
	again, err := Encode(got, Limits{MaxTextSize: 1 << 20})
	if err != nil {
		t.Fatalf("decoded file does not re-encode: %v", err)
	}
	back, err := Decode(again, DecodeOptions{})
	if err != nil {
		t.Fatalf("re-encoded file does not decode: %v", err)
	}
	sameFile(t, got, back)
}

type crafted struct {
	name string
	data []byte
}

// frame builds a file from record kinds and payloads with correct CRCs and
// trailer, so the decoder's checks past the framing are reached.
func frame(flags uint16, recs ...any) []byte {
	var e encoder
	e.out = append([]byte(Magic), 0, 0, 0, 0)
	binary.LittleEndian.PutUint16(e.out[len(Magic):], Version)
	binary.LittleEndian.PutUint16(e.out[len(Magic)+2:], flags)
	for i := 0; i < len(recs); i += 2 {
		e.record(recs[i].(byte), recs[i+1].([]byte))
	}
	e.trailer()
	return e.out
}

// hdr builds a header payload; nodes and roots are raw counts that may lie.
func hdr(path string, pathLen, nodes, seqLast uint64, roots []uint64) []byte {
	p := binary.AppendUvarint(nil, pathLen)
	p = append(p, path...)
	p = append(p, make([]byte, 32)...)
	p = binary.AppendUvarint(p, 0) // size
	p = binary.AppendUvarint(p, 0) // saved
	p = binary.AppendUvarint(p, 0) // seq_cur
	p = binary.AppendUvarint(p, nodes)
	p = binary.AppendUvarint(p, seqLast)
	p = append(p, 0, 0, 0, 0, 0, 0) // save_last, save_cur, time_cur, curhead, newhead, pruned
	p = binary.AppendUvarint(p, uint64(len(roots)))
	for _, r := range roots {
		p = binary.AppendUvarint(p, r)
	}
	return p
}

// craftedHostile returns files with well-formed frames and checksums that
// claim enormous sizes.
func craftedHostile() []crafted {
	huge := uint64(1) << 60
	node := func(children, changes, labelLen uint64) []byte {
		p := []byte{1, 1, nodeHasLabel, 0, 0}
		p = binary.AppendUvarint(p, labelLen)
		p = binary.AppendUvarint(p, children)
		p = append(p, 0, 0, 0, 0)
		return binary.AppendUvarint(p, changes)
	}
	textRec := func(n uint64, stream []byte) []byte {
		return append(binary.AppendUvarint(nil, n), stream...)
	}
	return []crafted{
		{"huge node count", frame(0, byte(kindHeader), hdr("/p", 2, huge, huge, nil))},
		{"huge path length", frame(0, byte(kindHeader), hdr("/p", huge, 0, 0, nil))},
		{"huge root list", frame(0, byte(kindHeader), binary.AppendUvarint(bytes.TrimSuffix(hdr("/p", 2, 1, 1, nil), []byte{0}), huge))},
		{"huge children count", frame(0, byte(kindHeader), hdr("/p", 2, 1, huge, []uint64{1}), byte(kindNode), node(huge, 0, 0))},
		{"huge change count", frame(0, byte(kindHeader), hdr("/p", 2, 1, huge, []uint64{1}), byte(kindNode), node(0, huge, 0))},
		{"huge label", frame(0, byte(kindHeader), hdr("/p", 2, 1, huge, []uint64{1}), byte(kindNode), node(0, 0, huge))},
		{"huge line counts", frame(0, byte(kindHeader), hdr("/p", 2, 1, 1, []uint64{1}), byte(kindNode), linesNode(nodeHasLines, huge, huge))},
		{"huge text", frame(flagText, byte(kindHeader), hdr("/p", 2, 0, 0, nil), byte(kindText), textRec(huge, []byte{1, 0, 0, 0xff, 0xff}))},
		{"text bomb", frame(flagText, byte(kindHeader), hdr("/p", 2, 0, 0, nil), byte(kindText), textRec(1<<30, bombStream()))},
		{"text longer than declared", frame(flagText, byte(kindHeader), hdr("/p", 2, 0, 0, nil), byte(kindText), textRec(1000, bombStream()))},
	}
}

// bombStream is a DEFLATE stream of 4 MiB of zeros, larger than the
// 1 MiB text limit the tests decode with.
func bombStream() []byte {
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestSpeed)
	zeros := make([]byte, 1<<20)
	for range 4 {
		fw.Write(zeros)
	}
	fw.Close()
	return buf.Bytes()
}

// TestDecodeBoundedMemory: hostile lengths are errors, and decoding any
// file allocates at most a fixed multiple of its size (plus the DEFLATE
// reader's window), however large the sizes it claims.
func TestDecodeBoundedMemory(t *testing.T) {
	cases := craftedHostile()
	for name, data := range seedFiles(t) {
		cases = append(cases, crafted{name, data})
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := Decode(c.data, DecodeOptions{MaxTextSize: 1 << 20})
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		limit := uint64(40*len(c.data) + 512<<10)
		if alloc > limit {
			t.Errorf("%s: %d input bytes allocated %d bytes (limit %d)", c.name, len(c.data), alloc, limit)
		}
		if strings.HasPrefix(c.name, "valid") != (err == nil) {
			t.Errorf("%s: unexpected result %v", c.name, err)
		}
		t.Logf("%s: %d bytes in, %d allocated: %v", c.name, len(c.data), alloc, err)
	}
}
