//go:build race

package editor

// diskRaceEnabled is set under the race detector, where the disk tests
// skip their timing checks.
const diskRaceEnabled = true
