//go:build unix

package undofile

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) this process has used.
// The index benchmarks report it per operation next to wall time: on a
// shared, loaded machine wall time measures the neighbours as much as the
// code.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
