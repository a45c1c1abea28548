//go:build !unix

package ui

import "time"

func processCPU() time.Duration { return 0 }
