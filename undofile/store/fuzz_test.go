package store

import (
	"bytes"
	"compress/flate"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the committed fuzz seed corpus")

const seedDir = "testdata/fuzz/FuzzDecodeBlob"

// seedBlobs are valid blobs of the sample texts, both methods.
func seedBlobs() map[string][]byte {
	fw, _ := flate.NewWriter(nil, flate.DefaultCompression)
	out := map[string][]byte{}
	for name, text := range texts() {
		out["valid-"+name] = encodeBlob(text, Sum(text), fw)
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
		for name, data := range seedBlobs() {
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
	var names []string
	for _, e := range ents {
		raw, err := os.ReadFile(filepath.Join(seedDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(raw), "\n", 3)
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if _, bad := decodeBlob([]byte(s), Hash{}, DefaultMaxTextSize); bad != "" {
			t.Errorf("%s: seed no longer decodes (run with -update): %s", e.Name(), bad)
		}
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) < len(texts()) {
		t.Errorf("only %d seeds: %v", len(names), names)
	}
}

// FuzzDecodeBlob feeds arbitrary bytes to the blob decoder: it must never
// panic or allocate past its limit, and whatever it accepts must be a
// text whose hash is the one in its header, which encodes back to a blob
// that decodes to the same text.
func FuzzDecodeBlob(f *testing.F) {
	for _, b := range seedBlobs() {
		f.Add(b)
	}
	fw, _ := flate.NewWriter(nil, flate.BestSpeed)
	f.Fuzz(func(t *testing.T, data []byte) {
		text, bad := decodeBlob(data, Hash{}, 1<<20)
		if bad != "" {
			if text != nil || strings.Contains(bad, "\n") {
				t.Fatalf("rejected with text %q or a multi-line reason %q", text, bad)
			}
			return
		}
		h, _ := parseHeader(data, 1<<20)
		if Sum(text) != h.hash || int64(len(text)) != h.size {
			t.Fatalf("accepted a text that does not match its header")
		}
		again, bad := decodeBlob(encodeBlob(text, h.hash, fw), h.hash, 1<<20)
		if bad != "" || !bytes.Equal(again, text) {
			t.Fatalf("re-encoded blob: %s", bad)
		}
	})
}
