//go:build !unix

package testkit

import "time"

// ProcessCPU returns the CPU time this process has used; it is not
// measured on this platform and is always 0.
func ProcessCPU() time.Duration { return 0 }
