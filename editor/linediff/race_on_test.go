//go:build race

package linediff

const raceEnabled = true
