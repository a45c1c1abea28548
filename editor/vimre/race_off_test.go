//go:build !race

package vimre

const raceEnabled = false
