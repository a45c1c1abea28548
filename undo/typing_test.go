package undo

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// typedText is what the typing tests and benchmarks type: words and a
// newline every 60 bytes, so that line counts have something to count.
const typedText = "the quick brown fox jumps over the lazy dog; fn main() {}\n\t "

// typedKey is the k-th key of typedText, a one-byte string that needs no
// allocation.
func typedKey(k int) string {
	i := k % len(typedText)
	return typedText[i : i+1]
}

// typeInsert types keys one-byte changes at off, each at the end of the
// previous one, into the tree's open block (Save first).
func typeInsert(tb testing.TB, tr *Tree, off, keys int) {
	tb.Helper()
	for k := range keys {
		if err := tr.Apply(buffer.Change{Off: off + k, New: typedKey(k)}); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkTypeLongInsert is one Insert-mode session: Save, then keys
// single-byte Applies each at the end of the previous one (all merged into
// one change), then Sync. ns/key and allocs/key must not grow with keys:
// merging is amortised O(1) per key.
func BenchmarkTypeLongInsert(b *testing.B) {
	base := buffer.FromString("package main\n\nfunc main() {\n}\n")
	for _, keys := range []int{5_000, 50_000} {
		b.Run("keys="+strconv.Itoa(keys), func(b *testing.B) {
			b.ReportAllocs()
			defer testkit.CPUPerOp(b)()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mallocs := ms.Mallocs
			for b.Loop() {
				tr := New(base, Options{})
				tr.Save(Pos{Line: 2}, SourceTyped)
				typeInsert(b, tr, 27, keys)
				tr.Sync()
				if tr.Text().Len() != base.Len()+keys {
					b.Fatalf("text length %d, want %d", tr.Text().Len(), base.Len()+keys)
				}
			}
			runtime.ReadMemStats(&ms)
			perKey := float64(b.N * keys)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perKey, "ns/key")
			b.ReportMetric(float64(ms.Mallocs-mallocs)/perKey, "allocs/key")
		})
	}
}

// merge is the merge rule applied once: p followed by c as one change when
// c touches the text p produced (what Apply does through the pending
// builder, which is what this exercises).
func merge(p, c buffer.Change) (buffer.Change, bool) {
	var pb pending
	if !pb.merge(p, c) {
		return buffer.Change{}, false
	}
	m := p
	pb.write(&m)
	return m, true
}

// mergeStrings is the merge rule on strings, the way Apply once did it (a
// model: it copies the whole change on every merge).
func mergeStrings(p, c buffer.Change) (buffer.Change, bool) {
	a, b := p.Off, p.Off+len(p.New)
	cEnd := c.Off + len(c.Old)
	if c.Off > b || cEnd < a {
		return buffer.Change{}, false
	}
	lo := min(a, c.Off)
	var left, right string
	if c.Off < a {
		left = c.Old[:a-c.Off]
	}
	if cEnd > b {
		right = c.Old[b-c.Off:]
	}
	region := left + p.New + right // the text in [lo, max(b, cEnd)) after p
	return buffer.Change{
		Off: lo,
		Old: left + p.Old + right,
		New: region[:c.Off-lo] + c.New + region[cEnd-lo:],
	}, true
}

// TestGapBuf checks the gap buffer against a string on random edits that
// jump about and edits that stay in one place.
func TestGapBuf(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := range 200 {
		var g gapBuf
		model := ""
		if round%2 == 1 {
			model = strings.Repeat("ab\n", rng.IntN(40))
			g.set(model)
		}
		pos := 0
		for range 300 {
			if rng.IntN(4) == 0 || pos > len(model) {
				pos = rng.IntN(len(model) + 1)
			}
			del := rng.IntN(min(3, len(model)-pos) + 1)
			ins := strings.Repeat(string(rune('c'+rng.IntN(20))), rng.IntN(4))
			if rng.IntN(50) == 0 {
				ins = strings.Repeat("L", 200) // more than the gap holds
			}
			g.replace(pos, del, ins)
			model = model[:pos] + ins + model[pos+del:]
			pos += len(ins)
			if g.size() != len(model) || g.String() != model {
				t.Fatalf("round %d: gap buffer %q (size %d), want %q", round, g.String(), g.size(), model)
			}
		}
		g.release()
		if g.size() != 0 || g.String() != "" {
			t.Fatalf("released buffer holds %q", g.String())
		}
	}
}

// localChange is a random change touching [a, b], the text the block's
// last change produced: typing at the end (most often) or inside,
// backspacing, deleting forward, deleting or replacing across either edge.
func localChange(rng *rand.Rand, text string, a, b int) buffer.Change {
	n := len(text)
	switch k := rng.IntN(10); {
	case k < 4:
		return buffer.Change{Off: b, New: typedKey(rng.IntN(len(typedText)))}
	case k == 4:
		return buffer.Change{Off: a + rng.IntN(b-a+1), New: "xy"[:1+rng.IntN(2)]}
	case k == 5 && b > 0:
		return buffer.Change{Off: b - 1, Old: text[b-1 : b]}
	case k == 6 && b < n:
		return buffer.Change{Off: b, Old: text[b:min(b+1+rng.IntN(3), n)]}
	case k == 7 && a > 0:
		lo := max(0, a-1-rng.IntN(3))
		return buffer.Change{Off: lo, Old: text[lo : a+rng.IntN(b-a+1)], New: "pq"[:rng.IntN(3)]}
	case k == 8:
		lo := a + rng.IntN(b-a+1)
		hi := min(n, b+rng.IntN(4))
		if hi < lo {
			hi = lo
		}
		return buffer.Change{Off: lo, Old: text[lo:hi], New: "\n"[:rng.IntN(2)]}
	}
	return buffer.Change{Off: b, New: "\n"}
}

// modelApply records c in a model block (its changes and typed mask) the
// way Apply does, merging with mergeStrings.
func modelApply(model []buffer.Change, typed uint32, c buffer.Change) ([]buffer.Change, uint32) {
	n := len(model)
	if n == 0 {
		return append(model, c), typed
	}
	m, ok := mergeStrings(model[n-1], c)
	if !ok {
		return append(model, c), typed
	}
	model[n-1] = m
	if c.New != "" {
		typed |= typedBit(n - 1)
	}
	return model, typed
}

// TestPendingMatchesStringMerge types, backspaces and deletes around the
// open block's last change, against the string merge as a model, with
// snapshots taken at random moments: every snapshot shows exactly the
// model's changes, keeps showing them after the tree moves on (what it
// saw is immutable), and the closed node's changes, line counts, undo and
// redo are the model's.
func TestPendingMatchesStringMerge(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	rounds := 300
	if testing.Short() || testkit.RaceEnabled {
		rounds = 60
	}
	type seen struct {
		snap    Snapshot
		changes []buffer.Change
	}
	for round := range rounds {
		start := strings.Repeat("one two\nthree\n", 1+rng.IntN(4))
		tr := New(buffer.FromString(start), Options{})
		text := start
		var model []buffer.Change
		var typed uint32
		var held []seen
		tr.Save(Pos{}, SourceTyped)
		for step := range 200 {
			var c buffer.Change
			if len(model) == 0 || rng.IntN(40) == 0 {
				c = randomChange(randSource{rng}, buffer.FromString(text))
			} else {
				last := model[len(model)-1]
				c = localChange(rng, text, last.Off, last.Off+len(last.New))
			}
			if c.Old == c.New {
				continue
			}
			if err := tr.Apply(c); err != nil {
				t.Fatalf("round %d step %d: Apply(%+v): %v", round, step, c, err)
			}
			text = text[:c.Off] + c.New + text[c.Off+len(c.Old):]
			model, typed = modelApply(model, typed, c)
			if rng.IntN(8) == 0 {
				s := tr.Snapshot()
				n, _ := s.Node(tr.SeqLast())
				if !slices.Equal(n.Changes, model) {
					t.Fatalf("round %d step %d: snapshot of the open node has %+v, want %+v", round, step, n.Changes, model)
				}
				held = append(held, seen{s, slices.Clone(model)})
			}
		}
		tr.Sync()
		if got := tr.Text().String(); got != text {
			t.Fatalf("round %d: text %q, want %q", round, got, text)
		}
		n, _ := tr.Snapshot().Node(tr.SeqLast())
		if !slices.Equal(n.Changes, model) {
			t.Fatalf("round %d: node has %+v, want %+v", round, n.Changes, model)
		}
		rebuilt := rebuildInfo(nil, tr.Text(), model, typed)
		tr.resolveLastInfo(tr.st.d(tr.newhead))
		if !slices.Equal(tr.openInfo, rebuilt) {
			// :undojoin reuses the entries kept at Sync instead of these.
			t.Fatalf("round %d: entries kept at Sync %+v, rebuilt %+v", round, tr.openInfo, rebuilt)
		}
		wantOld, wantNew := blockLines(rebuilt)
		if d := tr.st.d(tr.newhead); d.oldLines != wantOld || d.newLines != wantNew || d.typed != typed {
			t.Fatalf("round %d: lines %d, %d typed %b; want %d, %d typed %b", round, d.oldLines, d.newLines, d.typed, wantOld, wantNew, typed)
		}
		for _, h := range held {
			n, _ := h.snap.Node(tr.SeqLast())
			if !slices.Equal(n.Changes, h.changes) {
				t.Fatalf("round %d: a snapshot's open node changed under it: %+v, was %+v", round, n.Changes, h.changes)
			}
			if r, err := h.snap.TextAt(0); err != nil || r.String() != start {
				t.Fatalf("round %d: held snapshot's root text %q (%v), want %q", round, r.String(), err, start)
			}
		}
		if r := tr.Undo(1); r.Text.String() != start {
			t.Fatalf("round %d: undo gives %q, want %q", round, r.Text.String(), start)
		}
		if r := tr.Redo(1); r.Text.String() != text {
			t.Fatalf("round %d: redo gives %q, want %q", round, r.Text.String(), text)
		}
	}
}

// TestTypeLongInsertUndoRedo types 100 000 keys into one block (with a
// backspace now and then, and a snapshot in the middle), then checks that
// the block is one change and that undo and redo restore the exact texts.
func TestTypeLongInsertUndoRedo(t *testing.T) {
	const keys = 100_000
	start := "package main\n\nfunc main() {\n}\n"
	tr := New(buffer.FromString(start), Options{})
	tr.Save(Pos{Line: 2}, SourceTyped)
	const at = 27 // after "{\n"
	var typed strings.Builder
	var mid Snapshot
	var midText string
	for k := range keys {
		off := at + typed.Len()
		c := buffer.Change{Off: off, New: typedKey(k)}
		if k%10 == 9 {
			s := typed.String()
			c = buffer.Change{Off: off - 1, Old: s[len(s)-1:]}
		}
		if err := tr.Apply(c); err != nil {
			t.Fatalf("key %d: %v", k, err)
		}
		if c.New != "" {
			typed.WriteString(c.New)
		} else {
			s := typed.String()
			typed.Reset()
			typed.WriteString(s[:len(s)-1])
		}
		if k == keys/2 {
			mid, midText = tr.Snapshot(), start[:at]+typed.String()+start[at:]
		}
	}
	tr.SetCursorAfter(Pos{Line: 9})
	tr.Sync()
	want := start[:at] + typed.String() + start[at:]
	if got := tr.Text().String(); got != want {
		t.Fatalf("text after typing differs (len %d, want %d)", len(got), len(want))
	}
	n, ok := tr.Snapshot().Node(1)
	if !ok || len(n.Changes) != 1 || n.Changes[0] != (buffer.Change{Off: at, New: typed.String()}) {
		t.Fatalf("node #1 holds %d changes, want the one insert of %d bytes", len(n.Changes), typed.Len())
	}
	if r := tr.Undo(1); !r.Moved || r.Text.String() != start {
		t.Fatalf("undo: moved %v, text of %d bytes, want the %d-byte start", r.Moved, r.Text.Len(), len(start))
	}
	if r := tr.Redo(1); !r.Moved || r.Text.String() != want {
		t.Fatalf("redo: moved %v, text of %d bytes, want %d", r.Moved, r.Text.Len(), len(want))
	}
	if mid.Text().String() != midText {
		t.Fatal("the snapshot taken halfway lost its text")
	}
	mn, _ := mid.Node(1)
	if len(mn.Changes) != 1 || start[:at]+mn.Changes[0].New+start[at:] != midText {
		t.Fatal("the snapshot taken halfway does not hold the insert as it was then")
	}
	if r, err := mid.TextAt(0); err != nil || r.String() != start {
		t.Fatalf("the snapshot taken halfway: root text %v", err)
	}
}

// BenchmarkTypeLongInsertRopeOnly is BenchmarkTypeLongInsert's text edits
// without the tree: what the rope alone costs per key, for comparison.
func BenchmarkTypeLongInsertRopeOnly(b *testing.B) {
	const keys = 50_000
	base := buffer.FromString("package main\n\nfunc main() {\n}\n")
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for b.Loop() {
		r := base
		for k := range keys {
			var err error
			if r, err = r.Apply(buffer.Change{Off: 27 + k, New: typedKey(k)}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*keys), "ns/key")
}

// tenMB is a 10 MB text of 60-byte lines.
func tenMB() buffer.Rope {
	return buffer.FromString(strings.Repeat(typedText[:59]+"\n", (10<<20)/60))
}

// BenchmarkTypeKey10MB is a typed key in Insert mode in a 10 MB buffer,
// as the undo tree sees it: one Apply merged into the open block, the
// text edited in place (issue #17: ≤ 0.3 µs, 0 allocations in the
// steady state; the insert's gap buffers double now and then).
func BenchmarkTypeKey10MB(b *testing.B) {
	tr := New(tenMB(), Options{})
	off := tr.Text().Len() / 2
	tr.Save(Pos{}, SourceTyped)
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for k := 0; b.Loop(); k++ {
		if err := tr.Apply(buffer.Change{Off: off + k, New: typedKey(k)}); err != nil {
			b.Fatal(err)
		}
	}
	tr.Sync()
}

// BenchmarkBackspace10MB is <BS> in Insert mode in a 10 MB buffer: each
// Apply deletes the byte before the previous one, merged into the open
// block.
func BenchmarkBackspace10MB(b *testing.B) {
	r := tenMB()
	tr := New(r, Options{})
	off := r.Len() - 1
	tr.Save(Pos{}, SourceTyped)
	text := r.String() // the old bytes, as strings that need no allocation
	b.ReportAllocs()
	defer testkit.CPUPerOp(b)()
	for b.Loop() {
		if off == 0 {
			b.Fatal("ran out of text")
		}
		if err := tr.Apply(buffer.Change{Off: off - 1, Old: text[off-1 : off]}); err != nil {
			b.Fatal(err)
		}
		off--
	}
	tr.Sync()
}
