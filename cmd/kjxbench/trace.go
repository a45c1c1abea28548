package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Trace is one recorded editing session, as the trace files in
// ../shared/traces hold it: the text it starts from, the text it ends
// with, and its transactions in order.
type Trace struct {
	Start string
	End   string
	Txns  []Txn
}

// Txn is one transaction: patches applied in sequence at one instant.
type Txn struct {
	Time    int64 // Unix seconds; 0 when the trace has no timestamp
	Patches []Patch
}

// Patch deletes Del code points at Pos and inserts Ins there.
type Patch struct {
	Pos int
	Del int
	Ins string
}

// maxTraceBytes bounds how much decompressed JSON ReadTrace accepts, so a
// corrupt or hostile file cannot exhaust memory.
const maxTraceBytes = 1 << 30

// ReadTrace reads a trace from path, gzip'd when its content starts with
// the gzip magic, plain JSON otherwise.
func ReadTrace(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open trace: %w", err)
	}
	defer f.Close()
	var head [2]byte
	n, _ := io.ReadFull(f, head[:])
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("trace %s: %w", path, err)
	}
	var r io.Reader = f
	if n == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("trace %s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	data, err := io.ReadAll(io.LimitReader(r, maxTraceBytes+1))
	if err != nil {
		return nil, fmt.Errorf("trace %s: %w", path, err)
	}
	if len(data) > maxTraceBytes {
		return nil, fmt.Errorf("trace %s: more than %d bytes of JSON", path, maxTraceBytes)
	}
	t, err := DecodeTrace(data)
	if err != nil {
		return nil, fmt.Errorf("trace %s: %w", path, err)
	}
	return t, nil
}

// rawTrace mirrors the JSON; time and timestamp are alternatives.
type rawTrace struct {
	Start *string `json:"startContent"`
	End   *string `json:"endContent"`
	Txns  []struct {
		Time      json.RawMessage   `json:"time"`
		Timestamp json.RawMessage   `json:"timestamp"`
		Patches   []json.RawMessage `json:"patches"`
	} `json:"txns"`
}

// DecodeTrace parses the JSON of a trace. It checks the shape (every
// patch is [pos, ndel, ins] with non-negative integers, valid UTF-8) but
// not that the patches fit the text: Replay does that.
func DecodeTrace(data []byte) (*Trace, error) {
	var raw rawTrace
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if raw.Start == nil || raw.End == nil {
		return nil, errors.New("decode: startContent and endContent are required")
	}
	t := &Trace{Start: *raw.Start, End: *raw.End, Txns: make([]Txn, 0, len(raw.Txns))}
	if !utf8.ValidString(t.Start) || !utf8.ValidString(t.End) {
		return nil, errors.New("decode: content is not valid UTF-8")
	}
	for i, rt := range raw.Txns {
		stamp := rt.Time
		if len(stamp) == 0 || string(stamp) == "null" {
			stamp = rt.Timestamp
		}
		sec, err := parseStamp(stamp)
		if err != nil {
			return nil, fmt.Errorf("decode: txn %d: %w", i, err)
		}
		tx := Txn{Time: sec, Patches: make([]Patch, 0, len(rt.Patches))}
		for j, rp := range rt.Patches {
			p, err := decodePatch(rp)
			if err != nil {
				return nil, fmt.Errorf("decode: txn %d patch %d: %w", i, j, err)
			}
			tx.Patches = append(tx.Patches, p)
		}
		t.Txns = append(t.Txns, tx)
	}
	return t, nil
}

// decodePatch parses [pos, ndel, ins].
func decodePatch(raw json.RawMessage) (Patch, error) {
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return Patch{}, fmt.Errorf("want [pos, ndel, ins]: %w", err)
	}
	if len(parts) != 3 {
		return Patch{}, fmt.Errorf("want 3 elements, got %d", len(parts))
	}
	var p Patch
	if err := json.Unmarshal(parts[0], &p.Pos); err != nil || p.Pos < 0 {
		return Patch{}, fmt.Errorf("pos %s is not a non-negative integer", parts[0])
	}
	if err := json.Unmarshal(parts[1], &p.Del); err != nil || p.Del < 0 {
		return Patch{}, fmt.Errorf("ndel %s is not a non-negative integer", parts[1])
	}
	if err := json.Unmarshal(parts[2], &p.Ins); err != nil {
		return Patch{}, fmt.Errorf("ins %s is not a string", parts[2])
	}
	if !utf8.ValidString(p.Ins) {
		return Patch{}, errors.New("ins is not valid UTF-8")
	}
	return p, nil
}

// parseStamp turns a JSON timestamp into Unix seconds: an RFC 3339 string,
// or a number of seconds (milliseconds when it is larger than 1e11).
// Missing or null is 0.
func parseStamp(raw json.RawMessage) (int64, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, nil
	}
	if s[0] == '"' {
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return 0, fmt.Errorf("time: %w", err)
		}
		tm, err := time.Parse(time.RFC3339Nano, str)
		if err != nil {
			return 0, fmt.Errorf("time %q: %w", str, err)
		}
		return tm.Unix(), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e16 {
		return 0, fmt.Errorf("time %s is not a non-negative number", s)
	}
	if f > 1e11 {
		f /= 1000
	}
	return int64(f), nil
}

// Truncate returns the trace cut to its first n transactions (all of them
// when n <= 0 or n is larger), with End recomputed by replaying them.
func (t *Trace) Truncate(n int) (*Trace, error) {
	if n <= 0 || n >= len(t.Txns) {
		return t, nil
	}
	cut := &Trace{Start: t.Start, Txns: t.Txns[:n]}
	end, err := cut.Replay()
	if err != nil {
		return nil, err
	}
	cut.End = end
	return cut, nil
}

// Replay applies every transaction to Start and returns the text, or an
// error naming the first patch that does not fit. It does not compare
// with End: Check does.
func (t *Trace) Replay() (string, error) {
	m := newModel(t.Start)
	for i, tx := range t.Txns {
		for j, p := range tx.Patches {
			off, del, err := m.bytesOf(p.Pos, p.Del)
			if err != nil {
				return "", fmt.Errorf("txn %d patch %d: %w", i, j, err)
			}
			m.replace(off, del, p.Ins)
		}
	}
	return string(m.b), nil
}

// Check replays the trace and fails unless it ends with End.
func (t *Trace) Check() error {
	got, err := t.Replay()
	if err != nil {
		return err
	}
	if got != t.End {
		return fmt.Errorf("replay ends with %d bytes, endContent has %d (first difference at byte %d)",
			len(got), len(t.End), firstDiff([]byte(got), []byte(t.End)))
	}
	return nil
}

// firstDiff is the index of the first differing byte of a and b, or the
// shorter length when one is a prefix of the other, or -1 when equal.
func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) == len(b) {
		return -1
	}
	return n
}
