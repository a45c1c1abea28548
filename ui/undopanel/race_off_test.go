//go:build !race

package undopanel

const raceEnabled = false
