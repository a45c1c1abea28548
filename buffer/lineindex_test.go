package buffer

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestBlockScan checks the word-at-a-time scan against a byte loop on
// blocks of every length up to ixBlock+8 over all byte values, with
// bytes next to '\n' (0x09, 0x0b, 0x8a) that a carry would confuse.
func TestBlockScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	alphabets := [][]byte{{'\n', 0x0b, 0x09, 0x8a, 0x8b, 0xff, 0x00}, {'\n', 'a'}, {'\n'}}
	for n := 0; n <= max(ixBlock, 64)+8; n++ {
		for trial := 0; trial < 20; trial++ {
			s := make([]byte, n)
			switch alpha := trial % 4; alpha {
			case 3:
				for i := range s {
					s[i] = byte(rng.IntN(256))
				}
			default:
				for i := range s {
					s[i] = alphabets[alpha][rng.IntN(len(alphabets[alpha]))]
				}
			}
			want := bytes.Count(s, []byte{'\n'})
			pos := -1
			for k := 1; k <= want; k++ {
				pos += 1 + bytes.IndexByte(s[pos+1:], '\n')
				if got := nthInBlock(s, k); got != pos {
					t.Fatalf("nthInBlock(% x, %d) = %d, want %d", s, k, got, pos)
				}
			}
		}
	}
}

// TestLineIndex checks buildIndex and the indexed queries on leaves of
// every size from 1 to maxLeaf.
func TestLineIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for n := 1; n <= maxLeaf; n += 1 + n/64 {
		leaf := []byte(randText(rng, n))
		w := buildIndex(leaf)
		total := 0
		for j := 0; j < ixN; j++ {
			lo, hi := min(j*ixBlock, n), min((j+1)*ixBlock, n)
			if got, want := w.count(j), countNL(leaf[lo:hi]); got != want {
				t.Fatalf("leaf of %d: block %d counts %d, want %d", n, j, got, want)
			}
			total += w.count(j)
		}
		for k := 1; k <= total; k++ {
			if got, want := nthNewlineIx(leaf, &w, k), nthNewline(leaf, total, k); got != want {
				t.Fatalf("leaf of %d: nthNewlineIx(%d) = %d, want %d", n, k, got, want)
			}
		}
	}
}

// TestLineIndexAfterEdits indexes every node of a rope, then edits it
// (single-leaf edits, splits and merges) and checks that no node keeps an
// index of a leaf that changed and that LineStart agrees with the model.
func TestLineIndexAfterEdits(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	h := newModel(t, randText(rng, 40*maxLeaf))
	indexAll := func() {
		for q := 0; q <= ixAfter; q++ {
			for line := 0; line <= h.r.Newlines(); line += 1 + line/50 {
				h.r.LineStart(line)
			}
		}
	}
	for step := 0; step < 300; step++ {
		indexAll()
		n := len(h.m)
		a := rng.IntN(n + 1)
		b := min(a+rng.IntN(1+[]int{3, 300, 3 * maxLeaf}[step%3]), n)
		h.replace(a, b, randText(rng, rng.IntN(1+[]int{4, 200, 2 * maxLeaf}[step%3])))
		lines := bytes.Count(h.m, []byte("\n"))
		for q := 0; q < 20; q++ {
			line := rng.IntN(lines + 1)
			if start, _ := modelLine(h.m, line); h.r.LineStart(line) != start {
				t.Fatalf("step %d: LineStart(%d) = %d, want %d", step, line, h.r.LineStart(line), start)
			}
		}
	}
}
