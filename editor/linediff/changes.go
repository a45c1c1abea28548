package linediff

import (
	"context"
	"fmt"
	"hash/maphash"

	"github.com/kjx-editor/kjx/buffer"
)

// Bounds of the search behind Changes. Beyond them a region is replaced
// wholesale: the changes stay correct, merely not minimal.
const (
	// changesMaxD bounds the differences Myers looks for in one region
	// (its cost is quadratic in them when the texts have little in
	// common).
	changesMaxD = 4096
	// changesBudget bounds the total work (diagonals visited plus snake
	// steps), on top of changesLineBudget per middle line: about 20 ms
	// for 10 000 lines with nothing in common (about 1400 differing
	// lines per region stay minimal), while a huge text with scattered
	// changes, whose snakes are long, stays minimal.
	changesBudget     = 1 << 22
	changesLineBudget = 32
)

// limits are the bounds of one Changes computation (tests lower them).
type limits struct {
	maxD, budget, lineBudget int
	// hash hashes a line; nil means maphash with a fresh seed. Tests
	// pass a colliding one to exercise the exact fallback.
	hash func([]byte) uint64
}

// stats describes a computed change list, for tests.
type stats struct {
	deleted, inserted int  // lines of a removed, lines of b added
	approx            bool // a bound was hit: the changes are not minimal
	rehashed          bool // line hashes collided: the lines were interned
}

// Changes returns the changes that turn a into b, in line units: each
// change replaces a run of whole lines of a (those that differ) with the
// corresponding run of lines of b, so a.ApplyAll(changes) == b and
// Inverse of the changes, applied in reverse order, turn b back into a.
//
// The changes are in ascending order of position and each one's Off is in
// the text as the changes before it left it, which is what ApplyAll
// expects. A change holds only the differing lines (with at most the one
// newline separating them from their neighbours), in strings of its own
// that share no memory with a or b. The line diff is minimal (Myers)
// unless the texts differ in more than some thousands of lines, where a
// region is replaced wholesale. Equal texts give no changes.
//
// Cost: the common prefix and suffix are compared chunk by chunk without
// copying; only the lines between them are read and diffed, in
// O((N+M)·D) for N and M lines there and D differing lines. It returns
// ctx's error, wrapped, when ctx is cancelled.
func Changes(ctx context.Context, a, b buffer.Rope) ([]buffer.Change, error) {
	cs, _, err := changes(ctx, a, b, limits{maxD: changesMaxD, budget: changesBudget, lineBudget: changesLineBudget})
	return cs, err
}

func changes(ctx context.Context, a, b buffer.Rope, lim limits) ([]buffer.Change, stats, error) {
	if err := ctx.Err(); err != nil {
		return nil, stats{}, fmt.Errorf("linediff: %w", err)
	}
	k, s, equal := trim(a, b)
	if equal {
		return nil, stats{}, nil
	}
	hash := lim.hash
	if hash == nil {
		seed := maphash.MakeSeed()
		hash = func(p []byte) uint64 { return maphash.Bytes(seed, p) }
	}
	sa := scan(a, k, a.Newlines()+1-k-s, hash)
	sb := scan(b, k, b.Newlines()+1-k-s, hash)
	script, st, err := diffMiddle(ctx, sa, sb, lim)
	if err != nil {
		return nil, stats{}, fmt.Errorf("linediff: %w", err)
	}
	cs := build(script, sa, sb, &st)
	return cs, st, nil
}

// side is one text's middle lines: those between the lines common to
// both texts at their start and at their end.
type side struct {
	r buffer.Rope
	// starts[i] is the offset where middle line i starts; starts[m],
	// for m lines, is where the line after them starts, r.Len()+1 when
	// there is none. Line i ends at starts[i+1]-1, at its '\n' or at the
	// end of the text, and starts[0]-1 is the '\n' before the first.
	starts []int
	hashes []uint64 // of each line's bytes, without its newline
}

// lines returns the number of middle lines.
func (sd *side) lines() int { return len(sd.hashes) }

// run returns the byte range of the text that n middle lines from line i
// stand for in a change. When the other side of the change has lines too
// (replace), that is the lines' content and the newlines between them.
// Otherwise lines are removed or inserted whole, with one separating
// newline: the one after them when a line follows, else the one before.
// A run of zero lines is the empty range where the lines would go.
func (sd *side) run(i, n int, replace bool) (lo, hi int) {
	end := sd.starts[i+n]
	switch {
	case replace:
		return sd.starts[i], end - 1
	case end <= sd.r.Len(): // a line follows
		return sd.starts[i], end
	default: // the run ends the text, so a line precedes it
		return sd.starts[i] - 1, sd.r.Len()
	}
}

// diffMiddle returns the edit script turning the middle lines of a into
// those of b. Lines are compared by hash; when a pair of lines that the
// script keeps turns out to differ (a collision), the lines are interned
// exactly and the diff is recomputed.
func diffMiddle(ctx context.Context, a, b side, lim limits) ([]edit, stats, error) {
	na, nb := a.lines(), b.lines()
	if na == 0 || nb == 0 {
		return []edit{{opDelete, na}, {opInsert, nb}}, stats{}, nil
	}
	budget := lim.budget + lim.lineBudget*(na+nb)
	d := &differ{ctx: ctx, a: a.hashes, b: b.hashes, maxD: lim.maxD, budget: budget}
	d.compare(0, na, 0, nb)
	if d.err != nil {
		return nil, stats{}, d.err
	}
	if keepsEqualLines(d.out, a, b) {
		return d.out, stats{approx: d.approx}, nil
	}
	ids := make(map[string]uint64, na)
	d = &differ{ctx: ctx, a: intern(a, ids), b: intern(b, ids), maxD: lim.maxD, budget: budget}
	d.compare(0, na, 0, nb)
	if d.err != nil {
		return nil, stats{}, d.err
	}
	return d.out, stats{approx: d.approx, rehashed: true}, nil
}

// keepsEqualLines reports whether every run of lines the script keeps is
// the same text in a and b.
func keepsEqualLines(script []edit, a, b side) bool {
	i, j := 0, 0
	for _, e := range script {
		switch e.op {
		case opEqual:
			alo, ahi := a.starts[i], a.starts[i+e.n]-1
			blo, bhi := b.starts[j], b.starts[j+e.n]-1
			if ahi-alo != bhi-blo || !rangesEqual(a.r, alo, b.r, blo, ahi-alo) {
				return false
			}
			i += e.n
			j += e.n
		case opDelete:
			i += e.n
		case opInsert:
			j += e.n
		}
	}
	return true
}

// intern returns ids for the middle lines of sd, equal ids for equal lines.
func intern(sd side, ids map[string]uint64) []uint64 {
	out := make([]uint64, sd.lines())
	for i := range out {
		line := sd.r.SliceString(sd.starts[i], sd.starts[i+1]-1)
		id, ok := ids[line]
		if !ok {
			id = uint64(len(ids))
			ids[line] = id
		}
		out[i] = id
	}
	return out
}

// build turns an edit script over the middle lines into changes and
// counts their lines into st. The changes' text is copied into one
// compact string, so they keep neither text alive.
func build(script []edit, a, b side, st *stats) []buffer.Change {
	type piece struct{ oldLo, oldHi, newLo, newHi int }
	var ps []piece
	total := 0
	i, j := 0, 0 // middle lines of a and b consumed
	for x := 0; x < len(script); {
		if script[x].op == opEqual {
			i += script[x].n
			j += script[x].n
			x++
			continue
		}
		del, ins := 0, 0
		for ; x < len(script) && script[x].op != opEqual; x++ {
			if script[x].op == opDelete {
				del += script[x].n
			} else {
				ins += script[x].n
			}
		}
		if del == 0 && ins == 0 {
			continue
		}
		replace := del > 0 && ins > 0
		var p piece
		p.oldLo, p.oldHi = a.run(i, del, replace)
		p.newLo, p.newHi = b.run(j, ins, replace)
		ps = append(ps, p)
		total += p.oldHi - p.oldLo + p.newHi - p.newLo
		st.deleted += del
		st.inserted += ins
		i += del
		j += ins
	}
	buf := make([]byte, 0, total)
	for _, p := range ps {
		buf = a.r.AppendSlice(buf, p.oldLo, p.oldHi)
		buf = b.r.AppendSlice(buf, p.newLo, p.newHi)
	}
	text := string(buf)
	cs := make([]buffer.Change, len(ps))
	pos, delta := 0, 0
	for x, p := range ps {
		no, nn := p.oldHi-p.oldLo, p.newHi-p.newLo
		cs[x] = buffer.Change{Off: p.oldLo + delta, Old: text[pos : pos+no], New: text[pos+no : pos+no+nn]}
		pos += no + nn
		delta += nn - no
	}
	return cs
}
