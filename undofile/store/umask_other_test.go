//go:build !unix

package store

func setUmask(int) int { return 0 }
