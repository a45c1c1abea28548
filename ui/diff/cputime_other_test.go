//go:build !unix

package diff

import "time"

func processCPU() time.Duration { return 0 }
