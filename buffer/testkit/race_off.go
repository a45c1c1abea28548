//go:build !race

package testkit

// RaceEnabled reports whether the binary was built with the race detector
// (go test -race). Tests that run many random operations or check timings
// use it to run fewer operations or skip the timing check: the detector
// makes code 5 to 20 times slower.
const RaceEnabled = false
