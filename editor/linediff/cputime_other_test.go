//go:build !unix

package linediff

import "time"

// processCPU is not measured on this platform.
func processCPU() time.Duration { return 0 }
