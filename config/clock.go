package config

import "time"

// Clock makes the timers Watch debounces with. RealClock uses package time;
// tests inject a fake that they advance by hand, so debouncing is tested
// without sleeping.
type Clock interface {
	NewTimer(d time.Duration) Timer
}

// Timer is the part of *time.Timer that Watch uses. Reset and Stop follow
// time.Timer's semantics since Go 1.23: after either returns, no value from
// before the call is received from C.
type Timer interface {
	C() <-chan time.Time
	Reset(d time.Duration) bool
	Stop() bool
}

// RealClock returns a Clock backed by package time.
func RealClock() Clock { return realClock{} }

type realClock struct{}

func (realClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time        { return r.t.C }
func (r realTimer) Reset(d time.Duration) bool { return r.t.Reset(d) }
func (r realTimer) Stop() bool                 { return r.t.Stop() }
