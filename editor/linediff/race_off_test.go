//go:build !race

package linediff

const raceEnabled = false
