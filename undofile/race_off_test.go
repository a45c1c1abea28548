//go:build !race

package undofile

const raceEnabled = false
