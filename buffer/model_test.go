package buffer

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// model pairs a rope with a plain []byte holding the same text; every
// operation is applied to both and the results compared.
type model struct {
	t    testing.TB
	r    Rope
	m    []byte
	snap []snapshot // older ropes with their text, to verify persistence
}

type snapshot struct {
	r    Rope
	text string
}

func newModel(t testing.TB, s string) *model {
	h := &model{t: t, r: FromString(s), m: []byte(s)}
	h.verify("FromString")
	return h
}

// verify checks the invariants and that the rope holds the model's text.
func (h *model) verify(op string) {
	h.t.Helper()
	if err := h.r.check(); err != nil {
		h.t.Fatalf("after %s: invariant: %v", op, err)
	}
	if h.r.Len() != len(h.m) {
		h.t.Fatalf("after %s: Len %d, model %d", op, h.r.Len(), len(h.m))
	}
	if got := h.r.String(); got != string(h.m) {
		h.t.Fatalf("after %s: text differs from model\n got %q\nwant %q", op, trim(got), trim(string(h.m)))
	}
	if h.r.Newlines() != bytes.Count(h.m, []byte("\n")) {
		h.t.Fatalf("after %s: Newlines %d, model %d", op, h.r.Newlines(), bytes.Count(h.m, []byte("\n")))
	}
}

func trim(s string) string {
	if len(s) > 200 {
		return s[:100] + "…" + s[len(s)-100:]
	}
	return s
}

// replace applies [a,b) -> s through Apply, checking the Change API.
func (h *model) replace(a, b int, s string) {
	h.t.Helper()
	c := Change{Off: a, Old: string(h.m[a:b]), New: s}
	before := h.r
	r, err := h.r.Apply(c)
	if err != nil {
		h.t.Fatalf("Apply(%+v): %v", c, err)
	}
	// The inverse restores the old text.
	back, err := r.Apply(c.Inverse())
	if err != nil || !back.Equal(before) {
		h.t.Fatalf("inverse of %+v: err %v, equal %v", c, err, back.Equal(before))
	}
	h.r = r
	h.m = append(h.m[:a:a], append([]byte(s), h.m[b:]...)...)
	h.verify("Apply")
}

// badApply applies a change whose Old does not match and expects an error
// and an unchanged rope.
func (h *model) badApply(rng *rand.Rand) {
	h.t.Helper()
	a := rng.IntN(len(h.m) + 1)
	b := a + rng.IntN(len(h.m)-a+1)
	old := string(h.m[a:b]) + "x" // past the end, or a different next byte
	if b < len(h.m) {
		old = string(h.m[a:b]) + string([]byte{h.m[b] ^ 1})
	}
	if rng.IntN(2) == 0 && b > a {
		old = string(h.m[a:b-1]) + string([]byte{h.m[b-1] ^ 1})
	}
	r, err := h.r.Apply(Change{Off: a, Old: old, New: "y"})
	if !errors.Is(err, ErrMismatch) || r != h.r {
		h.t.Fatalf("Apply of mismatched change at %d: err %v, rope changed %v", a, err, r != h.r)
	}
}

// queries compares read operations at random positions with the model.
func (h *model) queries(rng *rand.Rand) {
	h.t.Helper()
	n := len(h.m)
	a := rng.IntN(n + 1)
	b := a + rng.IntN(n-a+1)
	if got := h.r.SliceString(a, b); got != string(h.m[a:b]) {
		h.t.Fatalf("SliceString(%d,%d) = %q, want %q", a, b, got, h.m[a:b])
	}
	if got := h.r.Slice(a, b); !bytes.Equal(got, h.m[a:b]) {
		h.t.Fatalf("Slice(%d,%d) = %q, want %q", a, b, got, h.m[a:b])
	}
	if n > 0 {
		off := rng.IntN(n)
		if got := h.r.ByteAt(off); got != h.m[off] {
			h.t.Fatalf("ByteAt(%d) = %q, want %q", off, got, h.m[off])
		}
	}
	if got, want := h.r.LineOf(a), bytes.Count(h.m[:a], []byte("\n")); got != want {
		h.t.Fatalf("LineOf(%d) = %d, want %d", a, got, want)
	}
	lines := bytes.Count(h.m, []byte("\n"))
	line := rng.IntN(lines + 1)
	start, end := modelLine(h.m, line)
	if got := h.r.LineStart(line); got != start {
		h.t.Fatalf("LineStart(%d) = %d, want %d", line, got, start)
	}
	if got := h.r.LineEnd(line); got != end {
		h.t.Fatalf("LineEnd(%d) = %d, want %d", line, got, end)
	}
	h.chunks(a)
	h.reader(a)
	c := byte(rng.IntN(4)) + '\n' - 1
	if got, want := h.r.IndexByte(a, c), modelIndex(h.m, a, c); got != want {
		h.t.Fatalf("IndexByte(%d, %q) = %d, want %d", a, c, got, want)
	}
	if got, want := h.r.LastIndexByte(a, c), bytes.LastIndexByte(h.m[:a], c); got != want {
		h.t.Fatalf("LastIndexByte(%d, %q) = %d, want %d", a, c, got, want)
	}
}

func modelIndex(m []byte, off int, c byte) int {
	i := bytes.IndexByte(m[off:], c)
	if i < 0 {
		return -1
	}
	return off + i
}

// modelLine returns the start of line n and the offset of its '\n' (or the
// length for the last line).
func modelLine(m []byte, n int) (start, end int) {
	for i := 0; i < n; i++ {
		start += bytes.IndexByte(m[start:], '\n') + 1
	}
	end = len(m)
	if i := bytes.IndexByte(m[start:], '\n'); i >= 0 {
		end = start + i
	}
	return start, end
}

// chunks checks both iterators from off against the model.
func (h *model) chunks(off int) {
	h.t.Helper()
	var fwd []byte
	for it := h.r.Chunks(off); it.Next(); {
		if it.Offset() != off+len(fwd) {
			h.t.Fatalf("Chunks(%d): chunk offset %d, want %d", off, it.Offset(), off+len(fwd))
		}
		if len(it.Chunk()) == 0 {
			h.t.Fatalf("Chunks(%d): empty chunk", off)
		}
		fwd = append(fwd, it.Chunk()...)
	}
	if !bytes.Equal(fwd, h.m[off:]) {
		h.t.Fatalf("Chunks(%d) gave %q, want %q", off, trim(string(fwd)), trim(string(h.m[off:])))
	}
	var parts []string
	end := off
	for it := h.r.ChunksBackward(off); it.Next(); {
		c := it.Chunk()
		if it.Offset()+len(c) != end || len(c) == 0 {
			h.t.Fatalf("ChunksBackward(%d): chunk [%d,+%d) does not end at %d", off, it.Offset(), len(c), end)
		}
		end = it.Offset()
		parts = append(parts, string(c))
	}
	var back strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		back.WriteString(parts[i])
	}
	if back.String() != string(h.m[:off]) {
		h.t.Fatalf("ChunksBackward(%d) gave %q, want %q", off, trim(back.String()), trim(string(h.m[:off])))
	}
}

// reader checks the Reader's runes and bytes against the model.
func (h *model) reader(off int) {
	h.t.Helper()
	rd := h.r.Reader(off)
	want := []rune(string(h.m[off:])) // same decoding rules as utf8.DecodeRune
	for i, w := range want {
		r, _, err := rd.ReadRune()
		if err != nil || r != w {
			h.t.Fatalf("Reader(%d): rune %d = %q, %v; want %q", off, i, r, err, w)
		}
	}
	if _, _, err := rd.ReadRune(); err == nil {
		h.t.Fatalf("Reader(%d): no EOF after %d runes", off, len(want))
	}
}

// step applies one random operation; inserts turn into deletes while the
// text is longer than target.
func (h *model) step(rng *rand.Rand, maxIns, target int) {
	h.t.Helper()
	n := len(h.m)
	k := rng.IntN(20)
	if k < 8 && n > target {
		k = 8
	}
	switch {
	case k < 8: // insert
		a := rng.IntN(n + 1)
		h.replace(a, a, randText(rng, rng.IntN(maxIns)+1))
	case k < 13: // delete
		a := rng.IntN(n + 1)
		b := a + rng.IntN(min(n-a, maxIns)+1)
		h.replace(a, b, "")
	case k < 16: // replace
		a := rng.IntN(n + 1)
		b := a + rng.IntN(min(n-a, maxIns)+1)
		h.replace(a, b, randText(rng, rng.IntN(maxIns)))
	case k < 17:
		h.badApply(rng)
	case k < 18:
		h.snap = append(h.snap, snapshot{h.r, string(h.m)})
	case k < 19:
		if rng.IntN(2) == 0 {
			h.batch(rng, maxIns)
		} else {
			h.transient(rng, maxIns)
		}
	default:
		h.queries(rng)
	}
}

// transient edits the text the way the undo tree edits its current text:
// a long-lived Transient, mostly typing and backspacing at one place (in
// place in an owned leaf), with reads of borrowed views between changes,
// freezes whose ropes become snapshots that must never change, and Set
// with a rope derived from a borrowed view (a movement's result).
func (h *model) transient(rng *rand.Rand, maxIns int) {
	h.t.Helper()
	h.snap = append(h.snap, snapshot{h.r, string(h.m)}) // the source stays as it was
	tx := h.r.Transient()
	pos := rng.IntN(len(h.m) + 1)
	for i := rng.IntN(200); i >= 0; i-- {
		n := len(h.m)
		pos = min(pos, n)
		var c Change
		switch k := rng.IntN(16); {
		case k < 8: // type at pos
			c = Change{Off: pos, New: randText(rng, 1+rng.IntN(3))}
			pos += len(c.New)
		case k < 11: // backspace
			a := max(pos-1-rng.IntN(3), 0)
			c = Change{Off: a, Old: string(h.m[a:pos])}
			pos = a
		case k < 12: // a jump, or a larger change elsewhere
			pos = rng.IntN(n + 1)
			e := pos + rng.IntN(min(n-pos, maxIns)+1)
			c = Change{Off: pos, Old: string(h.m[pos:e]), New: randText(rng, rng.IntN(maxIns))}
		case k < 13: // freeze: a holder keeps the text
			h.snap = append(h.snap, snapshot{tx.Freeze(), string(h.m)})
			continue
		case k < 14: // Set a rope derived from a borrowed view
			a := rng.IntN(n + 1)
			e := a + rng.IntN(min(n-a, 4)+1)
			c = Change{Off: a, Old: string(h.m[a:e]), New: randText(rng, rng.IntN(4))}
			r, err := tx.Borrow().Apply(c)
			if err != nil {
				h.t.Fatalf("Apply(%+v) on a borrowed view: %v", c, err)
			}
			tx.Set(r)
			h.m = append(h.m[:a:a], append([]byte(c.New), h.m[e:]...)...)
			h.checkBorrowed(tx, "Set")
			continue
		default: // read a borrowed view
			h.checkBorrowed(tx, "Borrow")
			continue
		}
		if err := tx.Apply(c); err != nil {
			h.t.Fatalf("Transient.Apply(%+v): %v", c, err)
		}
		h.m = append(h.m[:c.Off:c.Off], append([]byte(c.New), h.m[c.Off+len(c.Old):]...)...)
		if tx.Len() != len(h.m) {
			h.t.Fatalf("Transient.Len = %d, model %d", tx.Len(), len(h.m))
		}
	}
	h.checkBorrowed(tx, "Transient")
	h.r = tx.Freeze()
	h.verify("Transient")
	// The source and the frozen ropes are checked with every snapshot
	// when the test ends (verifySnapshots).
}

// checkBorrowed checks a view borrowed from tx against the model.
func (h *model) checkBorrowed(tx *Transient, op string) {
	h.t.Helper()
	r := tx.Borrow()
	if err := r.check(); err != nil {
		h.t.Fatalf("after %s: invariant: %v", op, err)
	}
	if got := r.String(); got != string(h.m) {
		h.t.Fatalf("after %s: borrowed text differs from model\n got %q\nwant %q", op, trim(got), trim(string(h.m)))
	}
}

// batch applies several random changes through a Transient and compares.
func (h *model) batch(rng *rand.Rand, maxIns int) {
	h.t.Helper()
	before, text := h.r, string(h.m)
	b := h.r.Transient()
	var cs []Change
	for i := rng.IntN(20); i >= 0; i-- {
		n := len(h.m)
		a := rng.IntN(n + 1)
		e := a + rng.IntN(min(n-a, maxIns)+1)
		c := Change{Off: a, Old: string(h.m[a:e]), New: randText(rng, rng.IntN(maxIns))}
		if err := b.Apply(c); err != nil {
			h.t.Fatalf("Batch.Apply(%+v): %v", c, err)
		}
		cs = append(cs, c)
		h.m = append(h.m[:a:a], append([]byte(c.New), h.m[e:]...)...)
		bad := c.New + "z"
		if end := a + len(c.New); end < len(h.m) {
			bad = c.New + string([]byte{h.m[end] ^ 1})
		}
		if err := b.Apply(Change{Off: a, Old: bad}); err == nil {
			h.t.Fatalf("Batch.Apply accepted a mismatched change")
		}
		if rng.IntN(8) == 0 { // publish mid-batch, then keep editing
			h.snap = append(h.snap, snapshot{b.Freeze(), string(h.m)})
		}
	}
	h.r = b.Freeze()
	if before.String() != text {
		h.t.Fatalf("Batch changed its source rope")
	}
	h.verify("Batch")
	// ApplyAll of the same changes gives the same text.
	all, err := before.ApplyAll(cs)
	if err != nil || !all.Equal(h.r) {
		h.t.Fatalf("ApplyAll: err %v, equal %v", err, all.Equal(h.r))
	}
	if err := all.check(); err != nil {
		h.t.Fatalf("ApplyAll: invariant: %v", err)
	}
}

// verifySnapshots checks that every recorded rope still holds its text.
func (h *model) verifySnapshots() {
	h.t.Helper()
	for i, s := range h.snap {
		if err := s.r.check(); err != nil {
			h.t.Fatalf("snapshot %d: invariant: %v", i, err)
		}
		if s.r.String() != s.text {
			h.t.Fatalf("snapshot %d changed", i)
		}
	}
}

// randText returns n bytes mixing ASCII, newlines, CRLF, NUL, multi-byte
// UTF-8 and invalid bytes (including truncated sequences).
func randText(rng *rand.Rand, n int) string {
	pieces := []string{"a", "b", "\n", "\r\n", "\x00", "é", "€", "😀", "\xe2", "\x82\xac", "\x80", "\xf0\x9f", "\xff", "xyz", "\t"}
	var sb strings.Builder
	for sb.Len() < n {
		if rng.IntN(3) == 0 {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		} else {
			sb.WriteByte(byte('a' + rng.IntN(26)))
		}
	}
	return sb.String()[:n]
}
