package buffer

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// benchText returns n bytes of printable text in lines of 1..80 bytes.
func benchText(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	next := rng.IntN(80)
	for i := range b {
		if i == next {
			b[i] = '\n'
			next = i + 1 + rng.IntN(80)
			continue
		}
		b[i] = byte('a' + rng.IntN(26))
	}
	return b
}

// benchLines returns text of exactly n lines averaging 40 bytes.
func benchLines(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		for k := rng.IntN(79); k > 0; k-- {
			b.WriteByte('x')
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

var sinkRope Rope

func BenchmarkInsertRandom10MB(b *testing.B) {
	r := FromBytes(benchText(10 << 20))
	rng := rand.New(rand.NewPCG(5, 6))
	offs := make([]int, 1<<16)
	for i := range offs {
		offs[i] = rng.IntN(r.Len())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if r, err = r.Apply(Change{Off: offs[i&(len(offs)-1)], New: "x"}); err != nil {
			b.Fatal(err)
		}
	}
	sinkRope = r
}

func BenchmarkTyping10MB(b *testing.B) {
	r := FromBytes(benchText(10 << 20))
	off := r.Len() / 3
	text := "the quick brown fox jumps over the lazy dog\n"
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if r, err = r.Apply(Change{Off: off, New: text[i%len(text) : i%len(text)+1]}); err != nil {
			b.Fatal(err)
		}
		off++
	}
	sinkRope = r
}

// BenchmarkTransientTyping10MB types at one place of a 10 MB text in a
// Transient (the undo tree's current text): after the first key copies
// the leaf and its path, each key is a memmove in the owned leaf; a leaf
// that fills up splits (an allocation every few hundred keys).
func BenchmarkTransientTyping10MB(b *testing.B) { benchTransientTyping(b, false) }

// benchTransientTyping types one key at a time at a third of a 10 MB
// Transient; with lines, it asks after each key what the editor asks:
// the cursor line and its bounds.
func benchTransientTyping(b *testing.B, lines bool) {
	tx := FromBytes(benchText(10 << 20)).Transient()
	off := tx.Len() / 3
	text := "the quick brown fox jumps over the lazy dog\n"
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := tx.Apply(Change{Off: off, New: text[i%len(text) : i%len(text)+1]}); err != nil {
			b.Fatal(err)
		}
		off++
		if lines {
			sinkInt += cursorLine(tx.Borrow(), off)
		}
	}
	sinkRope = tx.Freeze()
}

// BenchmarkTransientBackspace10MB deletes the byte before the cursor, one
// at a time, in a 10 MB Transient (<BS> in Insert mode).
func BenchmarkTransientBackspace10MB(b *testing.B) { benchTransientBackspace(b, false) }

// benchTransientBackspace deletes the byte before the cursor, one at a
// time, from the end of a 10 MB Transient; lines as for
// benchTransientTyping.
func benchTransientBackspace(b *testing.B, lines bool) {
	tx := FromBytes(benchText(10 << 20)).Transient()
	off := tx.Len() - 1
	one := make([]byte, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if off == 0 {
			b.Fatal("ran out of text")
		}
		one[0] = byteAt(tx, off-1)
		if err := tx.Apply(Change{Off: off - 1, Old: unsafeString(one)}); err != nil {
			b.Fatal(err)
		}
		off--
		if lines {
			sinkInt += cursorLine(tx.Borrow(), off)
		}
	}
	sinkRope = tx.Freeze()
}

func byteAt(tx *Transient, off int) byte { return tx.Borrow().ByteAt(off) }

func BenchmarkDeleteRandom10MB(b *testing.B) {
	base := FromBytes(benchText(10 << 20))
	rng := rand.New(rand.NewPCG(7, 8))
	type del struct {
		off int
		old string
	}
	dels := make([]del, 1<<16)
	for i := range dels {
		n := 1 + rng.IntN(100)
		off := rng.IntN(base.Len() - n)
		dels[i] = del{off, base.SliceString(off, off+n)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := dels[i&(len(dels)-1)]
		r, err := base.Apply(Change{Off: d.off, Old: d.old})
		if err != nil {
			b.Fatal(err)
		}
		sinkRope = r
	}
}

func BenchmarkLineStart1MLines(b *testing.B) {
	r := FromBytes(benchLines(1 << 20))
	rng := rand.New(rand.NewPCG(9, 10))
	lines := make([]int, 1<<16)
	for i := range lines {
		lines[i] = rng.IntN(r.Newlines() + 1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += r.LineStart(lines[i&(len(lines)-1)])
	}
	sinkInt = sum
}

var sinkInt int

// BenchmarkLineStartSequential asks for consecutive lines, as drawing a
// screen does; the random benchmarks above pay a cache miss into the text
// on nearly every call.
func BenchmarkLineStartSequential1MLines(b *testing.B) {
	r := FromBytes(benchLines(1 << 20))
	lines := r.Newlines() + 1
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += r.LineStart(i % lines)
	}
	sinkInt = sum
}

func BenchmarkLineOf1MLines(b *testing.B) {
	r := FromBytes(benchLines(1 << 20))
	rng := rand.New(rand.NewPCG(11, 12))
	offs := make([]int, 1<<16)
	for i := range offs {
		offs[i] = rng.IntN(r.Len() + 1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += r.LineOf(offs[i&(len(offs)-1)])
	}
	sinkInt = sum
}

// heapInUse returns the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// benchLoad times loading 100 MB per op; it measures the memory the rope
// holds once, before timing, as heap in use per byte of text.
func benchLoad(b *testing.B, load func([]byte) Rope) {
	text := benchText(100 << 20)
	sinkRope = Rope{}
	before := heapInUse()
	r := load(text)
	resident := float64(heapInUse()-before) / float64(len(text))
	if r.Len() != len(text) {
		b.Fatalf("loaded %d bytes of %d", r.Len(), len(text))
	}
	sinkRope = r
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sinkRope = load(text)
	}
	b.ReportMetric(resident, "resident/text")
}

func BenchmarkLoadBytes100MB(b *testing.B) { benchLoad(b, FromBytes) }

func BenchmarkLoadReader100MB(b *testing.B) {
	benchLoad(b, func(t []byte) Rope {
		r, err := FromReader(bytes.NewReader(t))
		if err != nil {
			b.Fatal(err)
		}
		return r
	})
}

func BenchmarkChunks10MB(b *testing.B) {
	r := FromBytes(benchText(10 << 20))
	b.SetBytes(int64(r.Len()))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for it := r.Chunks(0); it.Next(); {
			n += len(it.Chunk())
		}
	}
	sinkInt = n
}

func BenchmarkSnapshot(b *testing.B) {
	r := FromBytes(benchText(1 << 20))
	b.ReportAllocs()
	snaps := make([]Rope, 1024)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		snaps[i&1023] = r
	}
	sinkRope = snaps[0]
}

// BenchmarkSubstitute100k replaces 100 000 matches spread over 6 MB, as
// :%s would, one op per substitution: in one Batch per 100 000, against one
// Apply each. The ms/100k metric is the whole command.
func BenchmarkSubstitute100k(b *testing.B) {
	line := strings.Repeat("x", 56) + " foo\n" // 61 bytes, one match
	base := FromString(strings.Repeat(line, 100_000))
	list := make([]Change, 0, 100_000)
	for i := 100_000 - 1; i >= 0; i-- { // last first: offsets stay valid
		list = append(list, Change{Off: i*len(line) + 57, Old: "foo", New: "quux"})
	}
	changes := flatten(list)
	n := len(list)
	list = nil
	perCommand := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)*float64(n)/1e6, "ms/100k")
	}
	b.Run("Batch", func(b *testing.B) {
		b.ReportAllocs()
		tx, j := base.Transient(), 0
		for i := 0; i < b.N; i++ {
			if j == n {
				sinkRope = tx.Freeze()
				tx, j = base.Transient(), 0
			}
			if err := tx.Apply(changes.at(j)); err != nil {
				b.Fatal(err)
			}
			j++
		}
		sinkRope = tx.Freeze()
		perCommand(b)
	})
	b.Run("Apply", func(b *testing.B) {
		b.ReportAllocs()
		r, j := base, 0
		for i := 0; i < b.N; i++ {
			if j == n {
				r, j = base, 0
			}
			var err error
			if r, err = r.Apply(changes.at(j)); err != nil {
				b.Fatal(err)
			}
			j++
		}
		sinkRope = r
		perCommand(b)
	})
}

// unsafeString views b as a string without copying (b must not change
// while the string is used).
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// BenchmarkTransientTypingLines10MB is BenchmarkTransientTyping10MB with
// what the editor asks after each key: the cursor line and its bounds.
// The line index of the node being typed into must survive the in-place
// edits, or every query scans the node's leaves.
func BenchmarkTransientTypingLines10MB(b *testing.B) { benchTransientTyping(b, true) }

// BenchmarkTransientBackspaceLines10MB is <BS> with the same queries.
func BenchmarkTransientBackspaceLines10MB(b *testing.B) { benchTransientBackspace(b, true) }

// cursorLine asks what the editor asks of the cursor's line: its number,
// start and end.
func cursorLine(r Rope, off int) int {
	l := r.LineOf(off)
	return r.LineStart(l) + r.LineEnd(l)
}
