package undofile

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// benchJob is 10 000 nodes of typical edits, optionally with a copy of a
// 200 KB source file.
func benchJob(withText bool) Job {
	img := typicalImage(rand.New(rand.NewPCG(1, 1)), 10000)
	j := Job{Path: testPath, Image: func() undo.Image { return img }, SavedSeq: 10000, Disk: stateOf(testPath)}
	if withText {
		var sb strings.Builder
		for i := 0; sb.Len() < 200<<10; i++ {
			sb.WriteString("\tif err := w.write(ctx, line" + strconv.Itoa(i) + "); err != nil {\n\t\treturn err\n\t}\n")
		}
		t := buffer.FromString(sb.String())
		j.Text = &t
	}
	return j
}

// BenchmarkEncodeWrite10k: encode and atomically write (temp file, fsync,
// rename, directory fsync) 10 000 typical nodes. Target ≤ 20 ms.
func BenchmarkEncodeWrite10k(b *testing.B) {
	for _, withText := range []bool{false, true} {
		b.Run("text="+strconv.FormatBool(withText), func(b *testing.B) {
			dir := b.TempDir()
			j := benchJob(withText)
			var enc encoder
			lim := DefaultLimits()
			var size int64
			b.ReportAllocs()
			for b.Loop() {
				name, err := Locate(dir, j.Path)
				if err != nil {
					b.Fatal(err)
				}
				r := writeJob(&enc, name, j, lim, fsOps{}, clock.Real())
				if r.Err != nil {
					b.Fatal(r.Err)
				}
				size = r.Size
			}
			b.ReportMetric(float64(size), "file-bytes")
		})
	}
}

// BenchmarkReadDecode10k: locate, open, read, verify every checksum and
// the tree structure of the file written above. Target ≤ 20 ms (Vim 9.0:
// 357 ms for 10 000 entries).
func BenchmarkReadDecode10k(b *testing.B) {
	for _, withText := range []bool{false, true} {
		b.Run("text="+strconv.FormatBool(withText), func(b *testing.B) {
			dir := b.TempDir()
			if _, err := writeWith(dir, benchJob(withText)); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				l, err := Read(dir, testPath, stateOf(testPath), Limits{})
				if err != nil || len(l.File.Image.Nodes) != 10000 {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncode10k(b *testing.B) {
	j := benchJob(false)
	f := &File{Path: j.Path, Disk: j.Disk, SavedSeq: j.SavedSeq, Image: j.Image()}
	var enc encoder
	b.ReportAllocs()
	for b.Loop() {
		if _, err := enc.encode(f, DefaultLimits()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode10k(b *testing.B) {
	j := benchJob(false)
	data, err := Encode(&File{Path: j.Path, Disk: j.Disk, SavedSeq: j.SavedSeq, Image: j.Image()}, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data, DecodeOptions{Path: testPath}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSchedule is the editor goroutine's cost of Schedule. Target
// O(1), ≤ 1 µs. "busy": the writer is stuck in a write, so every call
// replaces a waiting job; "running": the writer is writing concurrently.
func BenchmarkSchedule(b *testing.B) {
	paths := make([]string, 64)
	for i := range paths {
		paths[i] = "/p/" + strconv.Itoa(i)
	}
	img := chainImage(1, "")
	jobs := make([]Job, len(paths))
	for i, p := range paths {
		jobs[i] = Job{Path: p, Image: func() undo.Image { return img }, Disk: stateOf("x")}
	}
	b.Run("busy", func(b *testing.B) {
		w := NewWriter(WriterOptions{Dir: b.TempDir()})
		release := make(chan struct{})
		w.Schedule(Job{Path: "/blocker", Image: func() undo.Image { <-release; return img }, Disk: stateOf("x")})
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			w.Schedule(jobs[i&63])
			i++
		}
		b.StopTimer()
		close(release)
		w.Close()
	})
	b.Run("running", func(b *testing.B) {
		w := NewWriter(WriterOptions{Dir: b.TempDir()})
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			w.Schedule(jobs[i&63])
			i++
		}
		b.StopTimer()
		w.Flush(context.Background())
		w.Close()
	})
}
