package clock

import (
	"slices"
	"sync"
	"time"
)

// Epoch is where a virtual clock made without a time stands: a fixed,
// deterministic instant (2000-01-01 00:00:00 UTC). The editor core uses
// it when its caller gives no clock, so that a core made from a zero
// Config never reads the wall clock.
var Epoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Virtual is a clock that moves only when told to (Advance, Sleep). Its
// timers fire, in deadline order, on the goroutine that moves the clock
// past their deadline. It is safe for use by several goroutines.
type Virtual struct {
	mu     sync.Mutex
	now    time.Time
	timers []*virtualTimer // armed timers, in no particular order
	armed  chan time.Time  // see Armed; nil until asked for
}

// NewVirtual returns a virtual clock standing at t.
func NewVirtual(t time.Time) *Virtual { return &Virtual{now: t} }

// Now returns the clock's time.
func (v *Virtual) Now() time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.now
}

// Sleep moves the clock by d at once (Advance).
func (v *Virtual) Sleep(d time.Duration) { v.Advance(d) }

// Advance moves the clock by d (not backwards) and fires every timer whose
// deadline it reached, earliest first. It returns how many fired.
func (v *Virtual) Advance(d time.Duration) int {
	v.mu.Lock()
	if d > 0 {
		v.now = v.now.Add(d)
	}
	var due []*virtualTimer
	v.timers = slices.DeleteFunc(v.timers, func(t *virtualTimer) bool {
		if t.at.After(v.now) {
			return false
		}
		due = append(due, t)
		return true
	})
	slices.SortStableFunc(due, func(a, b *virtualTimer) int { return a.at.Compare(b.at) })
	var funcs []func()
	for _, t := range due {
		if f := t.fire(v.now); f != nil {
			funcs = append(funcs, f)
		}
	}
	v.mu.Unlock()
	for _, f := range funcs { // outside the lock: f may use the clock
		f()
	}
	return len(due)
}

// Armed returns a channel that receives the deadline of every timer armed
// from now on (NewTimer, Reset), so that a test can wait until the code
// under test has set its timer before it moves the clock. It holds the
// last 1024 deadlines not yet received; older ones are dropped.
func (v *Virtual) Armed() <-chan time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.armed == nil {
		v.armed = make(chan time.Time, 1024)
	}
	return v.armed
}

// NewTimer returns a timer that fires when the clock reaches Now()+d.
func (v *Virtual) NewTimer(d time.Duration) Timer {
	t := &virtualTimer{v: v, c: make(chan time.Time, 1)}
	t.Reset(d)
	return t
}

// AfterFunc returns a timer that calls f when the clock reaches Now()+d,
// on the goroutine that moves it there (at once, on a new goroutine, when
// d <= 0, as time.AfterFunc would).
func (v *Virtual) AfterFunc(d time.Duration, f func()) Timer {
	t := &virtualTimer{v: v, fn: f}
	t.Reset(d)
	return t
}

// arm adds t with deadline now+d (the clock's lock is held); a deadline
// already reached fires at once.
func (v *Virtual) arm(t *virtualTimer, d time.Duration) {
	t.at = v.now.Add(d)
	if v.armed != nil {
		select {
		case v.armed <- t.at:
		default:
		}
	}
	if d <= 0 {
		if f := t.fire(v.now); f != nil {
			go f() // not under the clock's lock
		}
		return
	}
	v.timers = append(v.timers, t)
}

// disarm removes t (the clock's lock is held) and reports whether it was
// armed.
func (v *Virtual) disarm(t *virtualTimer) bool {
	n := len(v.timers)
	v.timers = slices.DeleteFunc(v.timers, func(x *virtualTimer) bool { return x == t })
	return len(v.timers) < n
}

// virtualTimer is a Virtual clock's timer: a channel with room for one
// value, so firing never blocks, or (AfterFunc) a function.
type virtualTimer struct {
	v  *Virtual
	c  chan time.Time // nil for AfterFunc
	fn func()
	at time.Time
}

func (t *virtualTimer) C() <-chan time.Time { return t.c }

func (t *virtualTimer) Reset(d time.Duration) bool {
	t.v.mu.Lock()
	defer t.v.mu.Unlock()
	was := t.v.disarm(t)
	t.drain()
	t.v.arm(t, d)
	return was
}

func (t *virtualTimer) Stop() bool {
	t.v.mu.Lock()
	defer t.v.mu.Unlock()
	was := t.v.disarm(t)
	t.drain()
	return was
}

// fire sends now, replacing a value nobody received; for AfterFunc it
// returns the function to call once the clock's lock is released.
func (t *virtualTimer) fire(now time.Time) func() {
	if t.fn != nil {
		return t.fn
	}
	t.drain()
	t.c <- now
	return nil
}

func (t *virtualTimer) drain() {
	if t.c == nil {
		return
	}
	select {
	case <-t.c:
	default:
	}
}
