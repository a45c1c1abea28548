package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// synthTrace is a tiny session with everything the generators handle:
// newlines typed and deleted, a deletion across line ends, a transaction
// with two patches (applied in sequence, descending positions), a
// replacement, and timestamps days apart so :earlier 1d moves.
func synthTrace() *Trace {
	day := int64(86400)
	t0 := int64(1_600_000_000)
	return &Trace{
		Start: "",
		End:   "HELLO\ntherew line\n\ntail",
		Txns: []Txn{
			{Time: t0, Patches: []Patch{{0, 0, "hello world\n"}}},
			{Time: t0 + 10, Patches: []Patch{{12, 0, "second line\n\nthird"}}},
			{Time: t0 + day, Patches: []Patch{{5, 6, "\nthere"}}},
			{Time: t0 + day + 5, Patches: []Patch{{12, 12, "new line"}, {0, 5, "HELLO"}}},
			{Time: t0 + 3*day, Patches: []Patch{{21, 5, ""}, {21, 0, "\ntail"}}},
			{Time: t0 + 3*day + 60, Patches: []Patch{{10, 3, ""}}},
		},
	}
}

// encodeTrace is the JSON of a trace in the format of the shared traces.
func encodeTrace(t testing.TB, tr *Trace) []byte {
	t.Helper()
	type jtxn struct {
		Time    int64   `json:"time"`
		Patches [][]any `json:"patches"`
	}
	var txns []jtxn
	for _, tx := range tr.Txns {
		j := jtxn{Time: tx.Time * 1000}
		for _, p := range tx.Patches {
			j.Patches = append(j.Patches, []any{p.Pos, p.Del, p.Ins})
		}
		txns = append(txns, j)
	}
	data, err := json.Marshal(map[string]any{"startContent": tr.Start, "endContent": tr.End, "txns": txns})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeTraceGz writes tr gzip'd to path.
func writeTraceGz(t testing.TB, path string, tr *Trace) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(encodeTrace(t, tr))
	zw.Close()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSynthTraceChecks(t *testing.T) {
	if err := synthTrace().Check(); err != nil {
		t.Fatal(err)
	}
}

func TestReadTraceGzipAndPlain(t *testing.T) {
	dir := t.TempDir()
	tr := synthTrace()
	gz := filepath.Join(dir, "t.json.gz")
	writeTraceGz(t, gz, tr)
	plain := filepath.Join(dir, "t.json")
	os.WriteFile(plain, encodeTrace(t, tr), 0o644)
	for _, p := range []string{gz, plain} {
		got, err := ReadTrace(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if got.End != tr.End || len(got.Txns) != len(tr.Txns) || got.Txns[3].Patches[1] != tr.Txns[3].Patches[1] {
			t.Errorf("%s: decoded %+v", p, got)
		}
		if got.Txns[2].Time != tr.Txns[2].Time {
			t.Errorf("%s: millisecond time decoded as %d, want %d", p, got.Txns[2].Time, tr.Txns[2].Time)
		}
	}
	if _, err := ReadTrace(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file accepted")
	}
}

func TestDecodeTrace(t *testing.T) {
	tests := []struct {
		name, json string
		ok         bool
		time       int64
	}{
		{"iso time", `{"startContent":"","endContent":"a","txns":[{"time":"2021-05-12T04:01:04.000Z","patches":[[0,0,"a"]]}]}`, true, 1620792064},
		{"timestamp field", `{"startContent":"","endContent":"a","txns":[{"timestamp":1620792064,"patches":[[0,0,"a"]]}]}`, true, 1620792064},
		{"no time", `{"startContent":"","endContent":"a","txns":[{"patches":[[0,0,"a"]]}]}`, true, 0},
		{"missing end", `{"startContent":"","txns":[]}`, false, 0},
		{"short patch", `{"startContent":"","endContent":"","txns":[{"patches":[[0,0]]}]}`, false, 0},
		{"negative pos", `{"startContent":"","endContent":"","txns":[{"patches":[[-1,0,""]]}]}`, false, 0},
		{"fractional ndel", `{"startContent":"","endContent":"","txns":[{"patches":[[0,1.5,""]]}]}`, false, 0},
		{"ins not string", `{"startContent":"","endContent":"","txns":[{"patches":[[0,0,5]]}]}`, false, 0},
		{"bad time", `{"startContent":"","endContent":"","txns":[{"time":"yesterday","patches":[]}]}`, false, 0},
		{"not json", `{"startContent":`, false, 0},
	}
	for _, tt := range tests {
		tr, err := DecodeTrace([]byte(tt.json))
		if (err == nil) != tt.ok {
			t.Errorf("%s: err = %v, want ok %v", tt.name, err, tt.ok)
			continue
		}
		if tt.ok && tr.Txns[0].Time != tt.time {
			t.Errorf("%s: time %d, want %d", tt.name, tr.Txns[0].Time, tt.time)
		}
	}
}

func TestCheckAndTruncate(t *testing.T) {
	tr := synthTrace()
	bad := *tr
	bad.End = "something else"
	if err := bad.Check(); err == nil {
		t.Error("wrong endContent accepted")
	}
	outside := &Trace{Txns: []Txn{{Patches: []Patch{{3, 0, "x"}}}}}
	if err := outside.Check(); err == nil || !strings.Contains(err.Error(), "txn 0 patch 0") {
		t.Errorf("patch outside the text: %v", err)
	}
	cut, err := tr.Truncate(2)
	if err != nil {
		t.Fatal(err)
	}
	if len(cut.Txns) != 2 || cut.End != "hello world\nsecond line\n\nthird" {
		t.Errorf("Truncate(2): %d txns, end %q", len(cut.Txns), cut.End)
	}
	if all, _ := tr.Truncate(0); all != tr {
		t.Error("Truncate(0) is not the whole trace")
	}
}

// FuzzTrace feeds arbitrary bytes to the decoder: it must not panic, and
// a trace it accepts must replay or fail cleanly, and a trace that
// replays must turn into a script (or a clean error).
func FuzzTrace(f *testing.F) {
	f.Add(encodeTrace(f, synthTrace()))
	f.Add([]byte(`{"startContent":"ab","endContent":"b","txns":[{"time":"2021-05-12T04:01:04Z","patches":[[0,1,""]]}]}`))
	f.Add([]byte(`{"startContent":"","endContent":"","txns":[{"timestamp":1e12,"patches":[[0,0,"\r"]]}]}`))
	f.Add([]byte(`{"startContent":"é","endContent":"","txns":[{"patches":[[0,1,""]]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := DecodeTrace(data)
		if err != nil {
			return
		}
		end, err := tr.Replay()
		if err != nil {
			return
		}
		if len(end) > 1<<16 || len(tr.Txns) > 1<<12 {
			return
		}
		tr.End = end
		if _, err := traceScript(tr); err != nil && !strings.Contains(err.Error(), "control character") &&
			!strings.Contains(err.Error(), "placeholder") {
			t.Fatalf("traceScript of a trace that replays: %v", err)
		}
	})
}
