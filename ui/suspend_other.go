//go:build !unix

package ui

// stopSelf does nothing where there is no job control.
func stopSelf() {}
