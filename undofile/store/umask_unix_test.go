//go:build unix

package store

import "syscall"

func setUmask(m int) int { return syscall.Umask(m) }
