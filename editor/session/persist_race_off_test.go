//go:build !race

package session

// persistRace shrinks the persistence tests' random runs under the race
// detector.
const persistRace = false
