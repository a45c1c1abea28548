package clock

import (
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)

// received reports whether c holds a value now, and which.
func received(c <-chan time.Time) (time.Time, bool) {
	select {
	case v := <-c:
		return v, true
	default:
		return time.Time{}, false
	}
}

func TestVirtualNowAndSleep(t *testing.T) {
	v := NewVirtual(t0)
	if !v.Now().Equal(t0) {
		t.Fatalf("Now = %v, want %v", v.Now(), t0)
	}
	v.Sleep(90 * time.Second)
	if want := t0.Add(90 * time.Second); !v.Now().Equal(want) {
		t.Fatalf("after Sleep(90s): %v, want %v", v.Now(), want)
	}
	v.Advance(-time.Hour)
	if want := t0.Add(90 * time.Second); !v.Now().Equal(want) {
		t.Fatalf("Advance went backwards: %v", v.Now())
	}
}

func TestVirtualTimerFiresAtItsDeadline(t *testing.T) {
	v := NewVirtual(t0)
	tm := v.NewTimer(10 * time.Second)
	if n := v.Advance(9 * time.Second); n != 0 {
		t.Fatalf("%d timers fired 1 s early", n)
	}
	if _, ok := received(tm.C()); ok {
		t.Fatal("the timer fired early")
	}
	if n := v.Advance(time.Second); n != 1 {
		t.Fatalf("%d timers fired at the deadline, want 1", n)
	}
	if at, ok := received(tm.C()); !ok || !at.Equal(t0.Add(10*time.Second)) {
		t.Fatalf("fired %v (%v), want the deadline", at, ok)
	}
	if n := v.Advance(time.Hour); n != 0 {
		t.Fatalf("a fired timer fired again (%d)", n)
	}
}

func TestVirtualTimerNonPositiveFiresAtOnce(t *testing.T) {
	v := NewVirtual(t0)
	for _, d := range []time.Duration{0, -time.Second} {
		if _, ok := received(v.NewTimer(d).C()); !ok {
			t.Errorf("NewTimer(%v) did not fire at once", d)
		}
	}
}

func TestVirtualTimerResetAndStop(t *testing.T) {
	v := NewVirtual(t0)
	tm := v.NewTimer(time.Second)
	if !tm.Reset(5 * time.Second) {
		t.Error("Reset of an armed timer reported it inactive")
	}
	v.Advance(2 * time.Second)
	if _, ok := received(tm.C()); ok {
		t.Fatal("fired at the deadline from before Reset")
	}
	if !tm.Stop() {
		t.Error("Stop of an armed timer reported it inactive")
	}
	if tm.Stop() {
		t.Error("a second Stop reported the timer active")
	}
	v.Advance(time.Hour)
	if _, ok := received(tm.C()); ok {
		t.Fatal("a stopped timer fired")
	}
	// A value fired but not received is gone after Reset, as with
	// time.Timer since Go 1.23.
	tm.Reset(time.Second)
	v.Advance(time.Second)
	tm.Reset(time.Second)
	if _, ok := received(tm.C()); ok {
		t.Fatal("a value from before Reset was received")
	}
}

func TestVirtualFiresInDeadlineOrder(t *testing.T) {
	v := NewVirtual(t0)
	late, early := v.NewTimer(3*time.Second), v.NewTimer(time.Second)
	if n := v.Advance(time.Minute); n != 2 {
		t.Fatalf("%d fired, want 2", n)
	}
	a, _ := received(early.C())
	b, _ := received(late.C())
	if !a.Equal(t0.Add(time.Minute)) || !b.Equal(t0.Add(time.Minute)) {
		t.Fatalf("fired with %v and %v, want the clock's time", a, b)
	}
}

func TestVirtualArmed(t *testing.T) {
	v := NewVirtual(t0)
	armed := v.Armed()
	tm := v.NewTimer(time.Second)
	if at, ok := received(armed); !ok || !at.Equal(t0.Add(time.Second)) {
		t.Fatalf("Armed got %v (%v), want the deadline", at, ok)
	}
	tm.Reset(2 * time.Second)
	if at, ok := received(armed); !ok || !at.Equal(t0.Add(2*time.Second)) {
		t.Fatalf("Armed after Reset got %v (%v)", at, ok)
	}
}

// TestVirtualConcurrent: timers armed and the clock moved from several
// goroutines (run with -race).
func TestVirtualConcurrent(t *testing.T) {
	v := NewVirtual(t0)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				tm := v.NewTimer(time.Millisecond)
				v.Advance(time.Millisecond)
				<-tm.C()
				_ = v.Now()
			}
		}()
	}
	wg.Wait()
}

func TestVirtualAfterFunc(t *testing.T) {
	v := NewVirtual(t0)
	var calls []string
	v.AfterFunc(2*time.Second, func() { calls = append(calls, "late") })
	early := v.AfterFunc(time.Second, func() {
		calls = append(calls, "early")
		_ = v.Now() // the clock is usable from f
	})
	stopped := v.AfterFunc(time.Second, func() { calls = append(calls, "stopped") })
	if stopped.C() != nil {
		t.Error("an AfterFunc timer has a channel")
	}
	if !stopped.Stop() {
		t.Error("Stop of an armed AfterFunc timer reported it inactive")
	}
	v.Advance(time.Second)
	if len(calls) != 1 || calls[0] != "early" {
		t.Fatalf("after 1 s: %q, want [early]", calls)
	}
	early.Reset(5 * time.Second)
	v.Advance(time.Minute)
	if len(calls) != 3 || calls[1] != "late" || calls[2] != "early" {
		t.Fatalf("after a minute: %q, want [early late early]", calls)
	}
	done := make(chan struct{})
	v.AfterFunc(0, func() { close(done) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("AfterFunc(0) was never called")
	}
}

func TestRealTimerAndAfter(t *testing.T) {
	c := Real()
	start := c.Now()
	select {
	case <-After(c, time.Millisecond):
	case <-time.After(10 * time.Second):
		t.Fatal("a 1 ms real timer did not fire in 10 s")
	}
	if c.Now().Before(start) {
		t.Fatal("the wall clock went backwards")
	}
	tm := c.NewTimer(time.Hour)
	if !tm.Stop() {
		t.Error("Stop of an armed real timer reported it inactive")
	}
	if tm.Reset(time.Millisecond) {
		t.Error("Reset of a stopped real timer reported it active")
	}
	<-tm.C()
	called := make(chan struct{})
	c.AfterFunc(time.Millisecond, func() { close(called) })
	select {
	case <-called:
	case <-time.After(10 * time.Second):
		t.Fatal("a 1 ms real AfterFunc was not called in 10 s")
	}
}
