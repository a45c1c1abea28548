//go:build !race

package editor

// subRace shrinks the :s property runs under -race.
const subRace = false
