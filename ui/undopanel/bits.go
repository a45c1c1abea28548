package undopanel

import "math/bits"

// bitset is a growable set of small non-negative integers with fast
// searches for the nearest member (or non-member) on either side.
type bitset []uint64

func (b *bitset) grow(n int) {
	for len(*b)*64 < n {
		*b = append(*b, 0)
	}
}

func (b *bitset) set(i int, v bool) {
	b.grow(i + 1)
	if v {
		(*b)[i>>6] |= 1 << (uint(i) & 63)
	} else {
		(*b)[i>>6] &^= 1 << (uint(i) & 63)
	}
}

func (b bitset) get(i int) bool {
	return i>>6 < len(b) && b[i>>6]&(1<<(uint(i)&63)) != 0
}

// prevSet returns the largest member <= i, or -1.
func (b bitset) prevSet(i int) int {
	if i < 0 {
		return -1
	}
	w := i >> 6
	if w >= len(b) {
		w = len(b) - 1
		i = w*64 + 63
	}
	if w < 0 {
		return -1
	}
	word := b[w] & (^uint64(0) >> (63 - uint(i)&63))
	for {
		if word != 0 {
			return w*64 + 63 - bits.LeadingZeros64(word)
		}
		if w--; w < 0 {
			return -1
		}
		word = b[w]
	}
}

// nextSet returns the smallest member >= i, or -1.
func (b bitset) nextSet(i int) int {
	if i < 0 {
		i = 0
	}
	w := i >> 6
	if w >= len(b) {
		return -1
	}
	word := b[w] & (^uint64(0) << (uint(i) & 63))
	for {
		if word != 0 {
			return w*64 + bits.TrailingZeros64(word)
		}
		if w++; w >= len(b) {
			return -1
		}
		word = b[w]
	}
}

// prevClear returns the largest non-member <= i (i >= 0), or -1.
func (b bitset) prevClear(i int) int {
	for i >= 0 {
		w := i >> 6
		if w >= len(b) {
			return i
		}
		word := ^b[w] & (^uint64(0) >> (63 - uint(i)&63))
		if word != 0 {
			return w*64 + 63 - bits.LeadingZeros64(word)
		}
		i = w*64 - 1
	}
	return -1
}

// nextClear returns the smallest non-member >= i.
func (b bitset) nextClear(i int) int {
	for {
		w := i >> 6
		if w >= len(b) {
			return i
		}
		word := ^b[w] & (^uint64(0) << (uint(i) & 63))
		if word != 0 {
			return w*64 + bits.TrailingZeros64(word)
		}
		i = (w + 1) * 64
	}
}
