//go:build unix

package ui

import "syscall"

// stopSelf stops the process group (the shell resumes it with fg).
func stopSelf() { _ = syscall.Kill(0, syscall.SIGTSTP) }
