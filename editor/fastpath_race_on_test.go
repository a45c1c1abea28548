//go:build race

package editor

// fastRace shrinks the fast-path property runs under -race.
const fastRace = true
