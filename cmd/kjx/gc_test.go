package main

import (
	"runtime/debug"
	"testing"
)

func TestSetGCPercent(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, c := range []struct {
		gogc string
		want int
	}{
		{"", defaultGCPercent},
		{"100", 100}, // the environment's value, which the runtime read at start
		{"off", 100},
	} {
		debug.SetGCPercent(100)
		setGCPercent(func(k string) string {
			if k == "GOGC" {
				return c.gogc
			}
			return ""
		})
		if got := debug.SetGCPercent(100); got != c.want {
			t.Errorf("GOGC=%q: GC percent %d, want %d", c.gogc, got, c.want)
		}
	}
}
