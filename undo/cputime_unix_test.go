//go:build unix

package undo

import (
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp reports the process CPU time per operation next to wall time:
// on a shared, loaded machine wall time measures the neighbours too. Call
// the returned function after the b.Loop loop.
func cpuPerOp(b *testing.B) func() {
	start := processCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
