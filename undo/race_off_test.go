//go:build !race

package undo

const raceEnabled = false
