package exparse

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// scanLower is the reference resolution of a lowercase name: the first
// entry of kjxNames, then vimNames, that t abbreviates.
func scanLower(t string) (string, bool) {
	for _, k := range kjxNames {
		if len(t) >= k.min && strings.HasPrefix(k.name, t) {
			return k.name, true
		}
	}
	for _, v := range vimNames {
		if len(t) >= v.min && strings.HasPrefix(v.name, t) {
			return v.name, true
		}
	}
	return "", false
}

// TestLowerNamesMatchScan checks the per-letter lookup against the table scan
// for every prefix of every name, and for near misses.
func TestLowerNamesMatchScan(t *testing.T) {
	var names []string
	for _, k := range kjxNames {
		names = append(names, k.name)
	}
	for _, v := range vimNames {
		names = append(names, v.name)
	}
	checked := 0
	for _, name := range names {
		if name == "" || name[0] < 'a' || name[0] > 'z' {
			continue
		}
		for n := 1; n <= len(name)+1; n++ {
			t1 := name[:min(n, len(name))]
			if n > len(name) {
				t1 = name + "x"
			}
			want, wok := scanLower(t1)
			got, gok, amb := resolveName(t1)
			if got != want || gok != wok || amb {
				t.Fatalf("resolveName(%q) = %q,%v,%v; the scan gives %q,%v", t1, got, gok, amb, want, wok)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("checked only %d spellings", checked)
	}
}

// TestLowerAbbrevsMatchScan: the abbreviation map resolves every prefix
// of every lowercase command name, and random words, as the scan of the
// name table does.
func TestLowerAbbrevsMatchScan(t *testing.T) {
	var words []string
	for _, rules := range lowerNames {
		for _, r := range rules {
			for n := 1; n <= len(r.name)+1; n++ {
				words = append(words, (r.name + "x")[:n])
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 8))
	for range 5000 {
		b := make([]byte, 1+rng.IntN(6))
		for i := range b {
			b[i] = byte('a' + rng.IntN(26))
		}
		words = append(words, string(b))
	}
	for _, w := range words {
		got, gotOK := lookupLower(w)
		want, wantOK := scanLower(w)
		if got != want || gotOK != wantOK {
			t.Fatalf("lookupLower(%q) = %q, %v; the scan gives %q, %v", w, got, gotOK, want, wantOK)
		}
	}
}
