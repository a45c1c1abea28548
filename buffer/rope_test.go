package buffer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
)

// roundTrip texts: awkward bytes must survive byte-exact.
var roundTrip = []struct {
	name, text string
}{
	{"empty", ""},
	{"one byte", "a"},
	{"lone newline", "\n"},
	{"no final newline", "a\nb"},
	{"crlf", "a\r\nb\r\n"},
	{"nul bytes", "\x00a\x00\n\x00"},
	{"invalid utf8", "\xff\xfe\xc0\x80\xed\xa0\x80"},
	{"truncated sequences", strings.Repeat("\xe2\x82", 1000) + strings.Repeat("\xf0\x9f\x98", 700)},
	{"euro signs across leaves", strings.Repeat("€", 3*maxLeaf)},
	{"emoji across leaves", strings.Repeat("x😀", 5*maxLeaf)},
	{"long lines", strings.Repeat(strings.Repeat("y", 3*maxLeaf)+"\n", 5)},
	{"many lines", strings.Repeat("line\n", 20*maxLeaf)},
	{"big", strings.Repeat("0123456789abcdef\n", maxLeaf*maxKids*maxKids/8)},
}

func TestLoadRoundTrip(t *testing.T) {
	loaders := []struct {
		name string
		load func(string) (Rope, error)
	}{
		{"FromString", func(s string) (Rope, error) { return FromString(s), nil }},
		{"FromBytes", func(s string) (Rope, error) { return FromBytes([]byte(s)), nil }},
		{"FromReader", func(s string) (Rope, error) { return FromReader(strings.NewReader(s)) }},
		{"FromReader/OneByte", func(s string) (Rope, error) {
			return FromReader(iotest.OneByteReader(strings.NewReader(s)))
		}},
	}
	for _, tc := range roundTrip {
		for _, l := range loaders {
			t.Run(tc.name+"/"+l.name, func(t *testing.T) {
				r, err := l.load(tc.text)
				if err != nil {
					t.Fatal(err)
				}
				if err := r.check(); err != nil {
					t.Fatalf("invariant: %v", err)
				}
				if r.String() != tc.text || !bytes.Equal(r.Bytes(), []byte(tc.text)) {
					t.Fatalf("text differs after load")
				}
				if r.Len() != len(tc.text) || r.Newlines() != strings.Count(tc.text, "\n") {
					t.Fatalf("Len %d Newlines %d, want %d %d", r.Len(), r.Newlines(), len(tc.text), strings.Count(tc.text, "\n"))
				}
				var sb strings.Builder
				if n, err := r.WriteTo(&sb); err != nil || n != int64(len(tc.text)) || sb.String() != tc.text {
					t.Fatalf("WriteTo: n %d err %v, text equal %v", n, err, sb.String() == tc.text)
				}
				if !r.Equal(FromString(tc.text)) {
					t.Fatalf("not Equal to FromString of the same text")
				}
			})
		}
	}
}

func TestFromBytesCopies(t *testing.T) {
	b := []byte("hello\nworld")
	r := FromBytes(b)
	b[0] = 'J'
	if got := r.String(); got != "hello\nworld" {
		t.Fatalf("rope follows the caller's slice: %q", got)
	}
}

func TestFromReaderError(t *testing.T) {
	boom := errors.New("boom")
	_, err := FromReader(io.MultiReader(strings.NewReader(strings.Repeat("x", 10*maxLeaf)), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), fmt.Sprint(10*maxLeaf)) {
		t.Fatalf("err = %v, want boom after %d bytes", err, 10*maxLeaf)
	}
}

func TestLines(t *testing.T) {
	r := FromString("a\nbc\n\nd")
	tests := []struct{ line, start, end int }{
		{0, 0, 1}, {1, 2, 4}, {2, 5, 5}, {3, 6, 7},
	}
	for _, tc := range tests {
		if got := r.LineStart(tc.line); got != tc.start {
			t.Errorf("LineStart(%d) = %d, want %d", tc.line, got, tc.start)
		}
		if got := r.LineEnd(tc.line); got != tc.end {
			t.Errorf("LineEnd(%d) = %d, want %d", tc.line, got, tc.end)
		}
	}
	wantLine := []int{0, 0, 1, 1, 1, 2, 3, 3}
	for off, want := range wantLine {
		if got := r.LineOf(off); got != want {
			t.Errorf("LineOf(%d) = %d, want %d", off, got, want)
		}
	}
	empty := Rope{}
	if empty.LineStart(0) != 0 || empty.LineEnd(0) != 0 || empty.LineOf(0) != 0 {
		t.Errorf("empty rope: line 0 is not [0,0)")
	}
}

func TestLinesDeep(t *testing.T) {
	var sb strings.Builder
	var starts []int
	for i := 0; i < 50*maxLeaf; i++ {
		starts = append(starts, sb.Len())
		sb.WriteString(strings.Repeat("z", i%97))
		sb.WriteByte('\n')
	}
	starts = append(starts, sb.Len())
	r := FromString(sb.String())
	for n, want := range starts {
		if got := r.LineStart(n); got != want {
			t.Fatalf("LineStart(%d) = %d, want %d", n, got, want)
		}
		if n > 0 {
			if got := r.LineOf(want - 1); got != n-1 {
				t.Fatalf("LineOf(%d) = %d, want %d", want-1, got, n-1)
			}
			if got := r.LineEnd(n - 1); got != want-1 {
				t.Fatalf("LineEnd(%d) = %d, want %d", n-1, got, want-1)
			}
		}
		if got := r.LineOf(want); got != n {
			t.Fatalf("LineOf(%d) = %d, want %d", want, got, n)
		}
	}
}

func TestPanicsOutOfRange(t *testing.T) {
	r := FromString("ab\nc")
	tests := map[string]func(){
		"LineStart(-1)":      func() { r.LineStart(-1) },
		"LineStart(2)":       func() { r.LineStart(2) },
		"LineEnd(2)":         func() { r.LineEnd(2) },
		"LineBounds(2)":      func() { r.LineBounds(2) },
		"LineBounds(-1)":     func() { r.LineBounds(-1) },
		"LineOf(5)":          func() { r.LineOf(5) },
		"ByteAt(4)":          func() { r.ByteAt(4) },
		"Slice(3,2)":         func() { r.Slice(3, 2) },
		"SliceString(0,5)":   func() { r.SliceString(0, 5) },
		"Chunks(5)":          func() { r.Chunks(5) },
		"ChunksBackward(-1)": func() { r.ChunksBackward(-1) },
		"Insert(5)":          func() { r.Insert(5, "x") },
		"Delete(-1,1)":       func() { r.Delete(-1, 1) },
	}
	for name, f := range tests {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatalf("no panic")
				}
			}()
			f()
		})
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name, text string
		c          Change
		want       string
		wantErr    bool
	}{
		{"insert at start", "bc", Change{Off: 0, New: "a"}, "abc", false},
		{"insert at end", "ab", Change{Off: 2, New: "c"}, "abc", false},
		{"insert into empty", "", Change{Off: 0, New: "x\n"}, "x\n", false},
		{"delete", "abc", Change{Off: 1, Old: "b"}, "ac", false},
		{"delete all", "abc", Change{Off: 0, Old: "abc"}, "", false},
		{"replace", "a\r\nb", Change{Off: 1, Old: "\r\n", New: "\n"}, "a\nb", false},
		{"no-op", "abc", Change{Off: 1}, "abc", false},
		{"old differs", "abc", Change{Off: 1, Old: "x", New: "y"}, "abc", true},
		{"old runs past end", "abc", Change{Off: 2, Old: "cd"}, "abc", true},
		{"offset past end", "abc", Change{Off: 4, New: "x"}, "abc", true},
		{"negative offset", "abc", Change{Off: -1, New: "x"}, "abc", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := FromString(tc.text)
			got, err := r.Apply(tc.c)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if err != nil && !errors.Is(err, ErrMismatch) {
				t.Fatalf("err = %v, does not wrap ErrMismatch", err)
			}
			if got.String() != tc.want || r.String() != tc.text {
				t.Fatalf("got %q (source now %q), want %q", got.String(), r.String(), tc.want)
			}
			if err := got.check(); err != nil {
				t.Fatalf("invariant: %v", err)
			}
		})
	}
}

func TestApplyAllAtomic(t *testing.T) {
	r := FromString("hello world")
	cs := []Change{
		{Off: 0, Old: "hello", New: "goodbye"},
		{Off: 8, Old: "world", New: "moon"},
		{Off: 0, Old: "nope", New: "x"},
	}
	got, err := r.ApplyAll(cs)
	if err == nil || !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "change 2 of 3") {
		t.Fatalf("err = %v, want a mismatch naming change 2", err)
	}
	if got != r || got.String() != "hello world" {
		t.Fatalf("ApplyAll returned %q, want the original rope", got.String())
	}
	got, err = r.ApplyAll(cs[:2])
	if err != nil || got.String() != "goodbye moon" {
		t.Fatalf("ApplyAll = %q, %v", got.String(), err)
	}
	// The inverses in reverse order restore the original.
	inv := []Change{cs[1].Inverse(), cs[0].Inverse()}
	back, err := got.ApplyAll(inv)
	if err != nil || !back.Equal(r) {
		t.Fatalf("undo via inverses = %q, %v", back.String(), err)
	}
	if _, err := r.ApplyAll([]Change{{Off: 99, New: "x"}}); err == nil || !strings.Contains(err.Error(), "change 0 of 1") {
		t.Fatalf("single change error = %v", err)
	}
}

func TestInverse(t *testing.T) {
	c := Change{Off: 3, Old: "ab", New: "xyz"}
	if got := c.Inverse(); got != (Change{Off: 3, Old: "xyz", New: "ab"}) || got.Inverse() != c {
		t.Fatalf("Inverse = %+v", got)
	}
}

func TestEqual(t *testing.T) {
	text := strings.Repeat("abc\n", 10*maxLeaf)
	a := FromString(text)
	b := Rope{}
	for i := 0; i < len(text); i += 7 { // different leaf boundaries
		b = b.Insert(i, text[i:min(i+7, len(text))])
	}
	if !a.Equal(b) || !b.Equal(a) {
		t.Fatalf("equal texts with different shapes compare unequal")
	}
	c := b.Replace(len(text)/2, len(text)/2+1, "x")
	if a.Equal(c) || c.Equal(a) {
		t.Fatalf("different texts compare equal")
	}
	if a.Equal(a.Insert(0, "q")) || (Rope{}).Equal(FromString("a")) || !(Rope{}).Equal(FromString("")) {
		t.Fatalf("Equal wrong on length or emptiness")
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

func TestWriteToErrors(t *testing.T) {
	r := FromString(strings.Repeat("x", 5*maxLeaf))
	n, err := r.WriteTo(&failWriter{n: 3 * maxLeaf / 2})
	if err == nil || n != int64(3*maxLeaf/2) || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("WriteTo = %d, %v", n, err)
	}
	if _, err := r.WriteTo(shortWriter{}); !errors.Is(err, io.ErrShortWrite) {
		t.Fatalf("short write: err = %v", err)
	}
}

func TestReaderRegexp(t *testing.T) {
	text := strings.Repeat("aé€😀\xff", 3*maxLeaf) + "needle\n" + strings.Repeat("b", maxLeaf)
	r := FromString(text)
	re := regexp.MustCompile(`ne+dle`)
	loc := re.FindReaderIndex(r.Reader(10))
	want := re.FindStringIndex(text[10:])
	if loc == nil || loc[0] != want[0] || loc[1] != want[1] {
		t.Fatalf("FindReaderIndex = %v, want %v", loc, want)
	}
	rd := r.Reader(0)
	if _, _, err := rd.ReadRune(); err != nil {
		t.Fatal(err)
	}
	ch, size, _ := rd.ReadRune()
	if ch != 'é' || size != 2 || rd.Offset() != 3 {
		t.Fatalf("ReadRune = %q %d at %d", ch, size, rd.Offset())
	}
	if err := rd.UnreadRune(); err != nil || rd.Offset() != 1 {
		t.Fatalf("UnreadRune: %v, offset %d", err, rd.Offset())
	}
	if err := rd.UnreadRune(); err == nil {
		t.Fatalf("second UnreadRune succeeded")
	}
	all, err := io.ReadAll(r.Reader(5))
	if err != nil || string(all) != text[5:] {
		t.Fatalf("ReadAll(Reader(5)) differs: %v", err)
	}
}

func TestBatch(t *testing.T) {
	src := FromString(strings.Repeat("foo bar\n", 20*maxLeaf))
	orig := src.String()
	b := src.Transient()
	// Replace every "foo" by "quux", last first so offsets stay valid.
	for off := src.Len() - 8; off >= 0; off -= 8 {
		if err := b.Apply(Change{Off: off, Old: "foo", New: "quux"}); err != nil {
			t.Fatal(err)
		}
	}
	mid := b.Freeze()
	if err := b.Apply(Change{Off: 0, Old: "quux", New: "Q"}); err != nil {
		t.Fatal(err)
	}
	if err := b.Apply(Change{Off: 0, Old: "nope"}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("mismatch err = %v", err)
	}
	end := b.Freeze()
	want := strings.Repeat("quux bar\n", 20*maxLeaf)
	for _, c := range []struct {
		name string
		r    Rope
		want string
	}{{"source", src, orig}, {"published", mid, want}, {"final", end, "Q" + want[4:]}} {
		if err := c.r.check(); err != nil {
			t.Fatalf("%s: invariant: %v", c.name, err)
		}
		if c.r.String() != c.want {
			t.Fatalf("%s rope holds the wrong text", c.name)
		}
	}
	if b.Len() != end.Len() {
		t.Fatalf("Batch.Len = %d, want %d", b.Len(), end.Len())
	}
}

// TestConcurrentReaders reads snapshots from other goroutines while the
// owner keeps editing; run with -race.
func TestConcurrentReaders(t *testing.T) {
	r := FromString(strings.Repeat("concurrent\n", 5*maxLeaf))
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		snap, want := r, r.String()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				if snap.String() != want || snap.LineStart(snap.Newlines()) != strings.LastIndexByte(want, '\n')+1 {
					t.Errorf("snapshot changed under a reader")
					return
				}
			}
		}()
		b := r.Transient()
		for k := 0; k < 50; k++ {
			if err := b.Apply(Change{Off: k * 3, New: "w"}); err != nil {
				t.Fatal(err)
			}
		}
		r = b.Freeze().Insert(r.Len()/2, "x")
	}
	wg.Wait()
}

func TestZeroAllocQueries(t *testing.T) {
	r := FromString(strings.Repeat("line of text\n", 10*maxLeaf*maxKids))
	var sink int
	allocs := testing.AllocsPerRun(100, func() {
		sink += r.LineStart(r.Newlines()/3) + r.LineEnd(7) + r.LineOf(r.Len()/2) + int(r.ByteAt(r.Len()-1))
		sink += r.IndexByte(r.Len()/3, '\n') + r.LastIndexByte(r.Len()/3, '\n')
		snap := r
		sink += snap.Len()
	})
	if allocs != 0 {
		t.Fatalf("queries allocate %v times", allocs)
	}
	_ = sink
}

// TestBigEdits inserts and deletes runs much larger than a node, which
// splice must turn into whole new levels and then fold away again.
func TestBigEdits(t *testing.T) {
	base := strings.Repeat("0123456789\n", 40*maxLeaf)
	big := strings.Repeat("€bigtext\n", 60*maxLeaf*maxKids/9)
	h := newModel(t, base)
	h.replace(len(base)/2, len(base)/2, big)
	h.replace(1, 1, big)
	h.replace(len(h.m)-1, len(h.m), big)
	h.replace(5, len(h.m)-5, "")
	h.replace(0, len(h.m), big)
	h.replace(0, len(h.m), "")
	h.replace(0, 0, base)
	h.verifySnapshots()
}

// TestSliceStringOneByte checks every byte value read as a one-byte
// string, and that doing so allocates nothing.
func TestSliceStringOneByte(t *testing.T) {
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	r := FromBytes(all)
	for i := range all {
		if got := r.SliceString(i, i+1); got != string(all[i:i+1]) {
			t.Fatalf("SliceString(%d, %d) = %q", i, i+1, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { sinkString = r.SliceString(200, 201) }); n != 0 {
		t.Errorf("SliceString of one byte: %v allocations", n)
	}
}

var sinkString string

// TestLineBoundsMatchesStartEnd: LineBounds is LineStart and LineEnd at
// every line of ropes of many leaves, with long lines that cross leaves,
// lines that end at a leaf's end, empty lines, and after edits (leaves of
// every size), with no final newline or with one.
func TestLineBoundsMatchesStartEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for round := range 40 {
		var sb strings.Builder
		for sb.Len() < (round%5+1)*3*maxLeaf {
			switch rng.IntN(4) {
			case 0:
				sb.WriteString(strings.Repeat("w", rng.IntN(3*maxLeaf)))
			case 1:
				sb.WriteString(strings.Repeat("x", rng.IntN(40)))
			}
			sb.WriteByte('\n')
		}
		text := sb.String()
		if round%2 == 1 {
			text += "tail"
		}
		r := FromString(text)
		for range round % 7 {
			off := rng.IntN(r.Len() + 1)
			r = r.Insert(off, strings.Repeat("y\n", rng.IntN(3))+"y")
		}
		for n := 0; n <= r.Newlines(); n++ {
			s, e := r.LineBounds(n)
			if s != r.LineStart(n) || e != r.LineEnd(n) {
				t.Fatalf("round %d: LineBounds(%d) = %d, %d; LineStart, LineEnd = %d, %d", round, n, s, e, r.LineStart(n), r.LineEnd(n))
			}
		}
	}
	if s, e := FromString("").LineBounds(0); s != 0 || e != 0 {
		t.Fatalf("empty rope: LineBounds(0) = %d, %d", s, e)
	}
}
