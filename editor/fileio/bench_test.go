package fileio

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// sampleText returns about size bytes of 60-byte lines, with CRLF endings
// when dos.
func sampleText(size int, dos bool) []byte {
	line := []byte("the quick brown fox jumps over the lazy dog 0123456789 abcd\n")
	if dos {
		line = []byte("the quick brown fox jumps over the lazy dog 0123456789 abc\r\n")
	}
	return bytes.Repeat(line, size/len(line))
}

func benchLoad(b *testing.B, size int, dos bool) {
	p := filepath.Join(b.TempDir(), "big")
	if err := os.WriteFile(p, sampleText(size, dos), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		l, err := Load(p)
		if err != nil || l.Text.Len() == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad100MB measures Load of a 100 MB Unix file from the page
// cache (MB/s is the figure to watch: the goal is ≥ 1 GB/s).
func BenchmarkLoad100MB(b *testing.B) { benchLoad(b, 100<<20, false) }

// BenchmarkLoad100MBDOS adds the CR detection and stripping pass.
func BenchmarkLoad100MBDOS(b *testing.B) { benchLoad(b, 100<<20, true) }

// BenchmarkLoad1GB runs only with KJX_BENCH_1GB=1 (it needs 2 GB of disk
// and memory).
func BenchmarkLoad1GB(b *testing.B) {
	if v, _ := strconv.ParseBool(os.Getenv("KJX_BENCH_1GB")); !v {
		b.Skip("set KJX_BENCH_1GB=1")
	}
	benchLoad(b, 1<<30, false)
}

func benchEncode(b *testing.B, f Format) {
	text := buffer.FromString(string(sampleText(100<<20, false)))
	b.SetBytes(int64(text.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Encode(io.Discard, text, true, f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode100MB streams a 100 MB rope to io.Discard.
func BenchmarkEncode100MB(b *testing.B) { benchEncode(b, Unix) }

// BenchmarkEncode100MBDOS adds the LF to CRLF conversion.
func BenchmarkEncode100MBDOS(b *testing.B) { benchEncode(b, DOS) }

// BenchmarkSave1MB is a whole crash-safe save (temp file, fsync, rename,
// directory fsync) of a 1 MB buffer.
func BenchmarkSave1MB(b *testing.B) {
	p := filepath.Join(b.TempDir(), "f")
	text := buffer.FromString(string(sampleText(1<<20, false)))
	b.SetBytes(int64(text.Len()))
	b.ReportAllocs()
	for range b.N {
		if _, err := Save(p, text, SaveOptions{EOL: true}); err != nil {
			b.Fatal(err)
		}
	}
}
