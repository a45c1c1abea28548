package main

import "runtime/debug"

// defaultGCPercent is the collector's target when the environment sets no
// GOGC: the heap may grow 70 % past what is live between collections, not
// Go's 100 %. kjx keeps a long undo history live, and Go's default let a
// replayed editing session (kjxbench 1d) peak at 1.06 of Vim's memory; at
// 70 it peaks at 0.97, for no measurable CPU (docs/performance.md, #17).
const defaultGCPercent = 70

// setGCPercent applies defaultGCPercent unless GOGC is set, so that a
// user's (or a benchmark's) own setting wins.
func setGCPercent(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
}
