//go:build race

package undopanel

const raceEnabled = true
