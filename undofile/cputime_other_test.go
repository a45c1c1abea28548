//go:build !unix

package undofile

import "time"

// processCPU is unknown here: benchmarks report 0.
func processCPU() time.Duration { return 0 }
