package buffer

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// program reads a fuzz input as a stream of operations.
type program struct{ data []byte }

func (p *program) byte() byte {
	if len(p.data) == 0 {
		return 0
	}
	b := p.data[0]
	p.data = p.data[1:]
	return b
}

// intn returns a number in [0, n) from two input bytes.
func (p *program) intn(n int) int {
	v := int(p.byte())<<8 | int(p.byte())
	return v % n
}

// text returns up to max raw input bytes (any bytes: invalid UTF-8, NUL,
// CR). A length byte with the top bit set repeats the text to reach past a
// leaf.
func (p *program) text(max int) string {
	l := p.byte()
	n := min(int(l&0x3f), len(p.data))
	s := string(p.data[:n])
	p.data = p.data[n:]
	if l&0x80 != 0 && s != "" {
		for len(s) < 3*maxLeaf {
			s += s
		}
	}
	return s[:min(len(s), max)]
}

// FuzzRope runs the operations an input encodes against the []byte model,
// checking the tree's invariants after each.
func FuzzRope(f *testing.F) {
	f.Add([]byte("\x00\x00\x01\x05hello\x01\x00\x02\x00\x03"))
	f.Add([]byte("\x05\x00\x00\x80\x03€x\x01\x00\x01\x00\x02\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		hash := fnv.New64a()
		hash.Write(data)
		rng := rand.New(rand.NewPCG(hash.Sum64(), 1))
		p := &program{data: data}
		h := newModel(t, p.text(4*maxLeaf))
		for ops := 0; len(p.data) > 0 && ops < 200; ops++ {
			n := len(h.m)
			switch p.byte() % 8 {
			case 0:
				a := p.intn(n + 1)
				h.replace(a, a, p.text(4*maxLeaf))
			case 1:
				a := p.intn(n + 1)
				h.replace(a, a+p.intn(n-a+1), "")
			case 2:
				a := p.intn(n + 1)
				h.replace(a, a+p.intn(n-a+1), p.text(4*maxLeaf))
			case 3:
				h.batch(rng, 1+p.intn(3*maxLeaf))
			case 4:
				h.queries(rng)
			case 5:
				h.badApply(rng)
			case 6:
				h.transient(rng, 1+p.intn(3*maxLeaf))
			default:
				h.snap = append(h.snap, snapshot{h.r, string(h.m)})
			}
		}
		h.queries(rng)
		h.verifySnapshots()
	})
}
