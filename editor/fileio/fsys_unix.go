//go:build unix

package fileio

import "syscall"

// Writable asks access(2) whether the process may write name.
func (osFS) Writable(name string) bool { return syscall.Access(name, 2) == nil }

// nonBlock opens without waiting for a FIFO's writer.
const nonBlock = syscall.O_NONBLOCK
