//go:build unix

package workspace

import "syscall"

func setUmask(m int) int { return syscall.Umask(m) }
