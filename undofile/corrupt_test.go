package undofile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// recordSpans returns the [start, end) of every record of a valid file.
func recordSpans(t testing.TB, data []byte) [][2]int {
	t.Helper()
	var spans [][2]int
	for p := preambleLen; p < len(data); {
		n, w := binary.Uvarint(data[p+1:])
		if w <= 0 {
			t.Fatalf("bad frame at %d", p)
		}
		end := p + 1 + w + int(n) + crcLen
		spans = append(spans, [2]int{p, end})
		p = end
	}
	return spans
}

// corruptionSamples returns real encoded files of several sizes, with and
// without a saved-text copy.
func corruptionSamples(t testing.TB) [][]byte {
	rng := rand.New(rand.NewPCG(7, 8))
	var out [][]byte
	for _, n := range []int{0, 1, 3, 10, 40, 200} {
		f := randomFile(rng, n)
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

type corruption struct {
	name string
	fn   func(rng *rand.Rand, data []byte, spans [][2]int) []byte
}

var corruptions = []corruption{
	{"truncate", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		return d[:rng.IntN(len(d))]
	}},
	{"flip bit", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		i := rng.IntN(len(d))
		d[i] ^= 1 << rng.IntN(8)
		return d
	}},
	{"replace byte", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		i := rng.IntN(len(d))
		d[i] = byte(rng.IntN(256))
		return d
	}},
	{"flip several bits", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		for range 1 + rng.IntN(8) {
			d[rng.IntN(len(d))] ^= 1 << rng.IntN(8)
		}
		return d
	}},
	{"swap records", func(rng *rand.Rand, d []byte, s [][2]int) []byte {
		i := rng.IntN(len(s))
		j := (i + 1 + rng.IntN(len(s)-1)) % len(s)
		if i > j {
			i, j = j, i
		}
		a, b := s[i], s[j]
		out := append([]byte{}, d[:a[0]]...)
		out = append(out, d[b[0]:b[1]]...)
		out = append(out, d[a[1]:b[0]]...)
		out = append(out, d[a[0]:a[1]]...)
		return append(out, d[b[1]:]...)
	}},
	{"duplicate record", func(rng *rand.Rand, d []byte, s [][2]int) []byte {
		r := s[rng.IntN(len(s))]
		at := s[rng.IntN(len(s))][rng.IntN(2)]
		out := append([]byte{}, d[:at]...)
		out = append(out, d[r[0]:r[1]]...)
		return append(out, d[at:]...)
	}},
	{"delete record", func(rng *rand.Rand, d []byte, s [][2]int) []byte {
		r := s[rng.IntN(len(s))]
		return append(append([]byte{}, d[:r[0]]...), d[r[1]:]...)
	}},
	{"insert bytes", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		at := rng.IntN(len(d) + 1)
		ins := make([]byte, 1+rng.IntN(5))
		for i := range ins {
			ins[i] = byte(rng.IntN(256))
		}
		return append(append(append([]byte{}, d[:at]...), ins...), d[at:]...)
	}},
	{"append bytes", func(rng *rand.Rand, d []byte, _ [][2]int) []byte {
		return append(d, byte(rng.IntN(256)))
	}},
}

// TestCorruptionsAreCleanErrors applies 1000 random corruptions to real
// files: each must give a one-line *Error that says the history was not
// loaded, unless the bytes happen to be unchanged.
func TestCorruptionsAreCleanErrors(t *testing.T) {
	samples := corruptionSamples(t)
	rng := rand.New(rand.NewPCG(9, 10))
	kinds := map[Kind]int{}
	done := 0
	for done < 1000 {
		orig := samples[rng.IntN(len(samples))]
		c := corruptions[rng.IntN(len(corruptions))]
		bad := c.fn(rng, append([]byte{}, orig...), recordSpans(t, orig))
		if bytes.Equal(bad, orig) {
			continue
		}
		done++
		f, err := Decode(bad, DecodeOptions{Name: "/u/%x", Path: testPath})
		if err == nil {
			t.Fatalf("%s: corrupted file decoded successfully (%d nodes)", c.name, len(f.Image.Nodes))
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error %v is not an *Error", c.name, err)
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "undo file /u/%x: ") || !strings.HasSuffix(msg, "; history not loaded") {
			t.Fatalf("%s: badly formed message %q", c.name, msg)
		}
		if f != nil {
			t.Fatalf("%s: partial result with error", c.name)
		}
		kinds[e.Kind]++
	}
	t.Logf("error kinds: %v", kinds)
}

func TestDecodeErrorMessages(t *testing.T) {
	f := randomFile(rand.New(rand.NewPCG(1, 1)), 30)
	f.Text = nil
	good, err := Encode(f, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	spans := recordSpans(t, good)
	flipCRC := func(rec int) []byte {
		d := append([]byte{}, good...)
		d[spans[rec][1]-1] ^= 0x80
		return d
	}
	verBad := append([]byte{}, good...)
	verBad[len(Magic)] = 9
	for _, tc := range []struct {
		name string
		data []byte
		opt  DecodeOptions
		kind Kind
		want string
	}{
		{"empty", nil, DecodeOptions{}, KindNotUndoFile, "undo file /u/f: not a kjx undo file; history not loaded"},
		{"vim file", []byte("Vim\x9fUnDo\xe5\x00\x02"), DecodeOptions{}, KindNotUndoFile, "not a kjx undo file"},
		{"version", verBad, DecodeOptions{}, KindVersion, "incompatible format version 9 (this kjx reads 1 to 3)"},
		{"record 17 checksum", flipCRC(17), DecodeOptions{}, KindCorrupt,
			"undo file /u/f: corrupt (record 17: checksum mismatch); history not loaded"},
		{"wrong path", good, DecodeOptions{Path: "/other"}, KindWrongPath, "belongs to " + testPath},
		{"truncated", good[:len(good)-10], DecodeOptions{}, KindCorrupt, "truncated"},
	} {
		if tc.opt.Name == "" {
			tc.opt.Name = "/u/f"
		}
		_, err := Decode(tc.data, tc.opt)
		if err == nil || KindOf(err) != tc.kind || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v (kind %d), want kind %d containing %q", tc.name, err, KindOf(err), tc.kind, tc.want)
		}
	}
}
