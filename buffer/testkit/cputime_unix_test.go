//go:build unix

package testkit

import (
	"testing"
	"time"
)

// spin burns CPU for about d of wall time and returns a value the compiler
// cannot drop.
func spin(d time.Duration) int {
	x := 0
	for end := time.Now().Add(d); time.Now().Before(end); {
		for i := range 10_000 {
			x += i ^ x
		}
	}
	return x
}

// TestProcessCPUGrows: CPU time grows while the process computes, and
// never runs backwards.
func TestProcessCPUGrows(t *testing.T) {
	start := ProcessCPU()
	if start <= 0 {
		t.Fatalf("ProcessCPU() = %v at the start of a test", start)
	}
	deadline := time.Now().Add(10 * time.Second)
	last := start
	for last-start < 20*time.Millisecond && time.Now().Before(deadline) {
		_ = spin(time.Millisecond)
		now := ProcessCPU()
		if now < last {
			t.Fatalf("ProcessCPU went back from %v to %v", last, now)
		}
		last = now
	}
	if last-start < 20*time.Millisecond {
		t.Fatalf("ProcessCPU grew by %v in 10 s of computing", last-start)
	}
}

// TestCPUPerOp: a benchmark that computes reports a positive cpu-ns/op.
func TestCPUPerOp(t *testing.T) {
	var sink int
	r := testing.Benchmark(func(b *testing.B) {
		defer CPUPerOp(b)()
		for b.Loop() {
			sink += spin(100 * time.Microsecond)
		}
	})
	_ = sink
	if got := r.Extra["cpu-ns/op"]; got <= 0 {
		t.Fatalf("cpu-ns/op = %v over %d operations; want > 0", got, r.N)
	}
}
