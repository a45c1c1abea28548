package clock

import "time"

// Clock tells the time and makes timers.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// NewTimer returns a timer that sends the time on its channel once d
	// has passed (at once when d <= 0).
	NewTimer(d time.Duration) Timer
	// AfterFunc calls f on its own goroutine once d has passed (a
	// virtual clock calls it on the goroutine that moves the clock). The
	// Timer's C is nil; Stop keeps f from being called.
	AfterFunc(d time.Duration, f func()) Timer
	// Sleep waits until d has passed: a virtual clock moves by d at once.
	Sleep(d time.Duration)
}

// Timer is the part of *time.Timer that kjx uses. Reset and Stop follow
// time.Timer's semantics since Go 1.23: after either returns, no value
// from before the call is received from C.
type Timer interface {
	// C is the channel the timer fires on.
	C() <-chan time.Time
	// Reset arms the timer again to fire after d; it reports whether it
	// was active.
	Reset(d time.Duration) bool
	// Stop disarms the timer; it reports whether it was active.
	Stop() bool
}

// After returns a channel that receives the time once d has passed on c:
// a one-shot timer that nobody stops.
func After(c Clock, d time.Duration) <-chan time.Time { return c.NewTimer(d).C() }

// Real returns the wall clock.
func Real() Clock { return realClock{} }

type realClock struct{}

func (realClock) Now() time.Time                 { return time.Now() }
func (realClock) Sleep(d time.Duration)          { time.Sleep(d) }
func (realClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return realTimer{time.AfterFunc(d, f)} }

type realTimer struct{ t *time.Timer }

func (r realTimer) C() <-chan time.Time        { return r.t.C }
func (r realTimer) Reset(d time.Duration) bool { return r.t.Reset(d) }
func (r realTimer) Stop() bool                 { return r.t.Stop() }
