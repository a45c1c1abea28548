//go:build !race

package fileio

const raceEnabled = false
