package store

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// sourceText is a Go-like source file of about n bytes.
func sourceText(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	words := []string{"func", "return", "if", "err", "nil", "ctx", "for", "range", "x", ":=", "buf", "len", "(", ")", "{", "}", "fmt.Errorf", "\"%w\""}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(strings.Repeat("\t", rng.IntN(4)))
		for k := 2 + rng.IntN(8); k > 0; k-- {
			b.WriteString(words[rng.IntN(len(words))])
			b.WriteByte(' ')
		}
		b.WriteString(fmt.Sprint(rng.IntN(1000)))
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// BenchmarkPut stores a new 20 KB source text each iteration (hash,
// compress, crash-safe write with fsync).
func BenchmarkPut(b *testing.B) {
	s := New(b.TempDir(), Options{})
	base := sourceText(20_000, 1)
	b.SetBytes(int64(len(base)))
	i := 0
	for b.Loop() {
		text := append(fmt.Appendf(nil, "// %d\n", i), base...)
		i++
		if _, err := s.Put(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPutExisting is the deduplicated Put: hash, header check,
// time refresh.
func BenchmarkPutExisting(b *testing.B) {
	s := New(b.TempDir(), Options{})
	text := sourceText(20_000, 1)
	if _, err := s.Put(text); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := s.Put(text); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGet reads and verifies a 20 KB blob.
func BenchmarkGet(b *testing.B) {
	s := New(b.TempDir(), Options{})
	text := sourceText(20_000, 1)
	res, err := s.Put(text)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := s.Get(res.Hash); err != nil {
			b.Fatal(err)
		}
	}
}
