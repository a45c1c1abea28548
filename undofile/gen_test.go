package undofile

import (
	"math/rand/v2"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// randomString returns n random bytes (any values, including NUL and
// invalid UTF-8), or n runes of text.
func randomString(rng *rand.Rand, n int) string {
	b := make([]byte, 0, n)
	if rng.IntN(2) == 0 {
		for range n {
			b = append(b, byte(rng.IntN(256)))
		}
		return string(b)
	}
	const alphabet = "abcdefghij \n\tαβγ😀%/"
	rs := []rune(alphabet)
	for range n {
		b = append(b, string(rs[rng.IntN(len(rs))])...)
	}
	return string(b)
}

// randomImage returns a structurally valid random history of n nodes and a
// saved seq naming one of its nodes or the root: random parents, random
// child order, random seq gaps (parents may even have higher seqs than
// their children), random changes and labels. It does not model texts:
// the changes need not apply to anything.
func randomImage(rng *rand.Rand, n int) (undo.Image, int) {
	var img undo.Image
	seqs := make([]int, n)
	s := 0
	for i := range seqs {
		s += 1 + rng.IntN(3)*rng.IntN(2)
		seqs[i] = s
	}
	img.SeqLast = s + rng.IntN(3)
	// Shape over creation indices: parent index < child index, then map
	// indices to seqs, usually in order, sometimes shuffled.
	order := make([]int, n) // order[i] = seq of the i-th created node
	copy(order, seqs)
	if rng.IntN(8) == 0 {
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	parentOf := make(map[int]int, n)
	kids := map[int][]int{}
	for i := range n {
		p := 0
		if i > 0 && rng.IntN(10) != 0 {
			if rng.IntN(3) == 0 {
				p = order[rng.IntN(i)]
			} else {
				p = order[i-1]
			}
		}
		parentOf[order[i]] = p
		kids[p] = append(kids[p], order[i])
	}
	shuffle := func(xs []int) []int {
		rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		return xs
	}
	img.RootChildren = shuffle(kids[0])
	img.SaveLast = rng.IntN(5)
	img.SaveCur = rng.IntN(img.SaveLast + 1)
	img.TimeCur = 1_700_000_000 + rng.Int64N(1_000_000) - 500_000
	if rng.IntN(10) == 0 {
		img.TimeCur = -rng.Int64N(1 << 62)
	}
	img.SeqCur = rng.IntN(img.SeqLast + 1)
	img.Modified = rng.IntN(2) == 0
	img.Pruned = rng.IntN(3) * rng.IntN(100)
	t := img.TimeCur
	for _, seq := range seqs {
		t += rng.Int64N(100) - 10
		node := undo.ImageNode{
			Seq:          seq,
			Parent:       parentOf[seq],
			Children:     shuffle(kids[seq]),
			Time:         t,
			Source:       undo.Source(rng.IntN(6)),
			CursorBefore: undo.Pos{Line: rng.IntN(100000), Col: rng.IntN(200)},
			CursorAfter:  undo.Pos{Line: rng.IntN(100000), Col: rng.IntN(200)},
			WasModified:  rng.IntN(2) == 0,
			Changes:      randomChanges(rng),
		}
		if img.SaveLast > 0 && rng.IntN(4) == 0 {
			node.SaveNr = 1 + rng.IntN(img.SaveLast)
		}
		if rng.IntN(5) == 0 {
			node.Label = randomString(rng, 1+rng.IntN(30))
		}
		if rng.IntN(50) == 0 {
			node.Source = undo.Source(rng.IntN(256))
		}
		node.Lines = randomLines(rng, node.Changes)
		img.Nodes = append(img.Nodes, node)
	}
	if n > 0 {
		if rng.IntN(3) != 0 {
			img.CurHead = seqs[rng.IntN(n)]
		}
		if rng.IntN(3) != 0 {
			img.NewHead = seqs[rng.IntN(n)]
		}
	}
	saved := 0
	if n > 0 && rng.IntN(4) != 0 {
		saved = seqs[rng.IntN(n)]
	}
	return img, saved
}

// randomLines returns line counts for a node with changes cs, as the undo
// tree may export them: zero (derive them), small, or up to the limit,
// their difference bounded by the changed bytes (checkNodeChanges).
func randomLines(rng *rand.Rand, cs []buffer.Change) [2]int {
	if rng.IntN(4) == 0 {
		return [2]int{}
	}
	bytes := 0
	for _, c := range cs {
		bytes += len(c.Old) + len(c.New)
	}
	var saved int
	switch rng.IntN(20) {
	case 0:
		saved = maxLines - rng.IntN(3)
	case 1:
		saved = rng.IntN(maxLines)
	case 2:
		saved = rng.IntN(100000)
	default:
		saved = rng.IntN(20)
	}
	lo, hi := -min(bytes, saved), min(bytes, maxLines-saved)
	return [2]int{saved, saved + lo + rng.IntN(hi-lo+1)}
}

func randomChanges(rng *rand.Rand) []buffer.Change {
	k := rng.IntN(4)
	if k == 0 {
		return nil
	}
	cs := make([]buffer.Change, k)
	for i := range cs {
		size := func() int {
			switch rng.IntN(10) {
			case 0:
				return 0
			case 1:
				return rng.IntN(3000)
			default:
				return rng.IntN(12)
			}
		}
		cs[i] = buffer.Change{Off: rng.IntN(1 << 20), Old: randomString(rng, size()), New: randomString(rng, size())}
		if rng.IntN(2) == 0 {
			cs[i].Old = ""
		} else if rng.IntN(2) == 0 {
			cs[i].New = ""
		}
	}
	return cs
}

// typicalImage returns a linear history of n typical edits, like a typing
// session: mostly one to a few characters inserted next to the previous
// change, some deletions, one change per node, a second or a few between
// nodes, a write every 50 nodes, each node with the line counts the undo
// tree exports for an edit within one line (1 saved, 1 left).
func typicalImage(rng *rand.Rand, n int) undo.Image {
	img := undo.Image{SeqLast: n, SeqCur: n, NewHead: n, TimeCur: 1_700_000_000}
	off, line, col := 1000, 40, 0
	t := img.TimeCur - int64(n)*3
	for i := 1; i <= n; i++ {
		t += 1 + rng.Int64N(4)
		node := undo.ImageNode{Seq: i, Parent: i - 1, Time: t, WasModified: i > 1,
			CursorBefore: undo.Pos{Line: line, Col: col}}
		if i < n {
			node.Children = []int{i + 1}
		}
		var c buffer.Change
		switch r := rng.IntN(10); {
		case r < 7:
			c = buffer.Change{Off: off, New: randomWord(rng)}
			off += len(c.New)
			col += len(c.New)
		case r < 9:
			k := 1 + rng.IntN(3)
			if off < k {
				k = off
			}
			off -= k
			c = buffer.Change{Off: off, Old: "abc"[:k]}
			col = max(col-k, 0)
		default:
			off += rng.IntN(400) - 200
			off = max(off, 0)
			line += rng.IntN(20) - 10
			line = max(line, 0)
			c = buffer.Change{Off: off, Old: "x", New: "y"}
		}
		node.Changes = []buffer.Change{c}
		node.Lines = [2]int{1, 1} // each change stays within one line
		node.CursorAfter = undo.Pos{Line: line, Col: col}
		if i%50 == 0 {
			img.SaveLast++
			node.SaveNr = img.SaveLast
		}
		img.Nodes = append(img.Nodes, node)
	}
	img.SaveCur = img.SaveLast
	if n > 0 {
		img.RootChildren = []int{1}
	}
	return img
}

func randomWord(rng *rand.Rand) string {
	const letters = "etaoinshrdlu "
	b := make([]byte, 1+rng.IntN(6))
	for i := range b {
		b[i] = letters[rng.IntN(len(letters))]
	}
	return string(b)
}
