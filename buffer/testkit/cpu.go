package testkit

import "testing"

// CPUPerOp starts measuring the process's CPU time for benchmark b and
// returns the function that reports it per operation as "cpu-ns/op"; call
// that after the timed loop (defer CPUPerOp(b)() does it). On a shared,
// loaded machine wall time measures the neighbours as much as the code;
// CPU time much less so.
func CPUPerOp(b *testing.B) (report func()) {
	start := ProcessCPU()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(ProcessCPU()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
