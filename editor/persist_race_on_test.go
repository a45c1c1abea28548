//go:build race

package editor

// persistRace shrinks the persistence tests' random runs under the race
// detector.
const persistRace = true
