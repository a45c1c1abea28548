package diff

import (
	"context"
	"errors"
	"github.com/kjx-editor/kjx/editor/clock"
	"sync/atomic"
	"testing"
	"time"
)

// fakeClock is a virtual clock whose timers fire only when the test says
// so; asked receives a value for every timer the worker starts.
type fakeClock struct {
	*clock.Virtual
	asked <-chan time.Time
}

func newFakeClock() *fakeClock {
	v := clock.NewVirtual(time.Time{})
	return &fakeClock{Virtual: v, asked: v.Armed()}
}

// fire waits for the worker to start a timer, then fires every timer
// started so far.
func (c *fakeClock) fire(t *testing.T) {
	t.Helper()
	select {
	case <-c.asked:
	case <-time.After(5 * time.Second):
		t.Fatal("the worker never started its debounce timer")
	}
	c.fireAll()
}

// fireAll fires every timer started so far: the clock moves past all of
// their deadlines.
func (c *fakeClock) fireAll() { c.Advance(24 * time.Hour) }

type harness struct {
	w      *Worker
	clock  *fakeClock
	done   chan struct{}
	cancel context.CancelFunc
}

func startWorker(t *testing.T) *harness {
	h := &harness{clock: newFakeClock(), done: make(chan struct{}, 100)}
	h.w = NewWorker(h.clock, 100*time.Millisecond, func() { h.done <- struct{}{} })
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go h.w.Run(ctx)
	t.Cleanup(cancel)
	return h
}

// waitNotify fires the debounce timers the worker starts until it
// announces a result. (Requests that arrive while it debounces restart
// the timer, so how many timers one result takes depends on scheduling.)
func (h *harness) waitNotify(t *testing.T) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case <-h.done:
			return
		case <-h.clock.asked:
			h.clock.fireAll()
		case <-deadline:
			t.Fatal("no result was announced")
		}
	}
}

func constJob(calls *atomic.Int32, added int) Job {
	return func(ctx context.Context) (*Result, error) {
		calls.Add(1)
		return &Result{Added: added}, nil
	}
}

func TestWorkerComputesAfterDebounce(t *testing.T) {
	h := startWorker(t)
	var calls atomic.Int32
	if _, ok := h.w.Want(Key{1, 2, 0, 0}, constJob(&calls, 5)); ok {
		t.Fatal("a result before any computation")
	}
	if calls.Load() != 0 {
		t.Fatal("computed before the debounce interval")
	}
	h.clock.fire(t)
	h.waitNotify(t)
	o, ok := h.w.Want(Key{1, 2, 0, 0}, constJob(&calls, 5))
	if !ok || o.Result.Added != 5 {
		t.Fatalf("cached outcome %+v, %v", o, ok)
	}
	if calls.Load() != 1 {
		t.Fatalf("%d computations, want 1", calls.Load())
	}
}

func TestWorkerOnlyComputesTheNewest(t *testing.T) {
	h := startWorker(t)
	var calls atomic.Int32
	for i := 0; i < 50; i++ {
		h.w.Want(Key{i, 100, 0, 0}, constJob(&calls, i))
	}
	// Each request restarts the debounce; fire until quiet.
	h.clock.fire(t)
	h.waitNotify(t)
	if o, ok := h.w.Want(Key{49, 100, 0, 0}, nil); !ok || o.Result.Added != 49 {
		t.Fatalf("newest request not computed: %+v %v", o, ok)
	}
	if calls.Load() != 1 {
		t.Fatalf("%d computations for 50 quick requests, want 1", calls.Load())
	}
}

func TestWorkerCancelsUnwantedJob(t *testing.T) {
	h := startWorker(t)
	started := make(chan struct{})
	var cancelled atomic.Bool
	slow := func(ctx context.Context) (*Result, error) {
		close(started)
		<-ctx.Done()
		cancelled.Store(true)
		return nil, ctx.Err()
	}
	h.w.Want(Key{1, 1, 0, 0}, slow)
	h.clock.fire(t)
	<-started
	var calls atomic.Int32
	h.w.Want(Key{2, 2, 0, 0}, constJob(&calls, 7))
	h.clock.fire(t)
	h.waitNotify(t)
	if !cancelled.Load() {
		t.Error("the job nobody wanted was not cancelled")
	}
	if _, ok := h.w.Want(Key{2, 2, 0, 0}, nil); !ok {
		t.Error("the new job was not computed")
	}
	if o, ok := h.w.Want(Key{1, 1, 0, 0}, constJob(&calls, 1)); ok {
		t.Errorf("a cancelled job's outcome was cached: %+v", o)
	}
}

func TestWorkerCachesErrors(t *testing.T) {
	h := startWorker(t)
	boom := errors.New("text not available")
	h.w.Want(Key{3, 4, 0, 0}, func(context.Context) (*Result, error) { return nil, boom })
	h.clock.fire(t)
	h.waitNotify(t)
	o, ok := h.w.Want(Key{3, 4, 0, 0}, nil)
	if !ok || !errors.Is(o.Err, boom) {
		t.Fatalf("outcome %+v %v, want the job's error", o, ok)
	}
}

func TestWorkerCacheIsBounded(t *testing.T) {
	w := NewWorker(newFakeClock(), 0, nil)
	for i := 0; i < 3*cacheSize; i++ {
		w.store(Key{i, 0, 0, 0}, Outcome{})
	}
	if len(w.cache) != cacheSize || len(w.order) != cacheSize {
		t.Fatalf("cache holds %d (%d keys), want %d", len(w.cache), len(w.order), cacheSize)
	}
	if _, ok := w.cache[Key{3*cacheSize - 1, 0, 0, 0}]; !ok {
		t.Error("the newest result was evicted")
	}
}
