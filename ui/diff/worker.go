package diff

import (
	"context"
	"github.com/kjx-editor/kjx/editor/clock"
	"sync"
	"time"
)

// Key identifies a job: the two states compared (seqs), what is wanted
// of them, and a version of the live text when one side is the text as
// it is now (the editor's changedtick). Results are cached per Key, so a
// Key must determine the result.
type Key struct {
	A, B int
	Mode int
	Tick uint64
}

// Job computes the result for its Key. It must return promptly with
// ctx's error when ctx is cancelled.
type Job func(ctx context.Context) (*Result, error)

// Outcome is a finished job: its result or its error.
type Outcome struct {
	Result *Result
	Err    error
}

// Worker computes diffs off the UI goroutine. The UI asks for the result
// of a Key on every frame (Want); the worker waits until the requests
// stop changing for the debounce interval, then computes the newest one,
// cancelling a computation whose Key is no longer wanted, caches the
// result and calls notify so the UI redraws. Only the newest request is
// ever computed: moving through a hundred states in the panel costs one
// diff, not a hundred.
type Worker struct {
	clock    clock.Clock
	debounce time.Duration
	notify   func()
	wake     chan struct{}

	mu      sync.Mutex
	want    Key
	job     Job
	has     bool               // a request is waiting
	running Key                // the job being computed
	cancel  context.CancelFunc // cancels it; nil when idle
	cache   map[Key]Outcome
	order   []Key // cache keys, oldest first
}

// cacheSize bounds the cached results (each holds two rope snapshots,
// which share almost all their memory with the live text).
const cacheSize = 32

// NewWorker returns a worker; run it with Run. notify is called (from the
// worker's goroutine) after each result is stored.
func NewWorker(c clock.Clock, debounce time.Duration, notify func()) *Worker {
	if c == nil {
		c = clock.Real()
	}
	return &Worker{clock: c, debounce: debounce, notify: notify,
		wake: make(chan struct{}, 1), cache: make(map[Key]Outcome)}
}

// Want returns the outcome for k when it is cached; otherwise it makes
// (k, job) the newest request and reports false. Safe to call from any
// goroutine.
func (w *Worker) Want(k Key, job Job) (Outcome, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if o, ok := w.cache[k]; ok {
		return o, true
	}
	if w.has && w.want == k || w.cancel != nil && w.running == k {
		return Outcome{}, false
	}
	w.want, w.job, w.has = k, job, true
	if w.cancel != nil && w.running != k {
		w.cancel() // nobody wants that one any more
	}
	select {
	case w.wake <- struct{}{}:
	default:
	}
	return Outcome{}, false
}

// Run computes requests until ctx is cancelled.
func (w *Worker) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		}
		// Debounce: wait until no new request came for the interval.
		for quiet := false; !quiet; {
			select {
			case <-ctx.Done():
				return
			case <-w.wake:
			case <-clock.After(w.clock, w.debounce):
				quiet = true
			}
		}
		w.runOne(ctx)
	}
}

// runOne computes the newest request, if any.
func (w *Worker) runOne(ctx context.Context) {
	w.mu.Lock()
	if !w.has {
		w.mu.Unlock()
		return
	}
	k, job := w.want, w.job
	w.has, w.job = false, nil
	jctx, cancel := context.WithCancel(ctx)
	w.running, w.cancel = k, cancel
	w.mu.Unlock()

	res, err := job(jctx)
	cancelled := jctx.Err() != nil
	cancel()

	w.mu.Lock()
	w.cancel = nil
	if !cancelled {
		w.store(k, Outcome{Result: res, Err: err})
	}
	w.mu.Unlock()
	if !cancelled && w.notify != nil {
		w.notify()
	}
}

// store caches an outcome, evicting the oldest beyond cacheSize.
func (w *Worker) store(k Key, o Outcome) {
	if _, ok := w.cache[k]; !ok {
		w.order = append(w.order, k)
	}
	w.cache[k] = o
	for len(w.order) > cacheSize {
		delete(w.cache, w.order[0])
		w.order = w.order[1:]
	}
}
