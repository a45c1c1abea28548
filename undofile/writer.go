package undofile

import (
	"context"
	"errors"
	"github.com/kjx-editor/kjx/editor/clock"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrClosed is returned by Flush when the Writer was closed before the
// writes it waited for were done.
var ErrClosed = errors.New("undofile: writer closed")

// WriterOptions configure a Writer.
type WriterOptions struct {
	// Dir is the undo directory, created with mode 0700 when missing.
	Dir string
	// Limits bound the files written (zero fields: defaults).
	Limits Limits
	// ResultBuffer is the capacity of the Results channel (default 64).
	// When it is full the oldest unread result is dropped.
	ResultBuffer int
	// Clock decides which temporary files are stale and times the writes;
	// nil is the wall clock.
	Clock clock.Clock
	// Fault, when not nil, runs before the "write", "fsync" and "rename"
	// steps of every write, on the goroutine doing it; an error it returns
	// fails that step. It is the seam through which tests make the disk
	// full or slow; nil in production.
	Fault func(step string) error
}

// Writer writes undo files on its own goroutine, one at a time, in the
// order their paths were first scheduled. See doc.go for the contract.
type Writer struct {
	opt     WriterOptions
	results chan Result
	wake    chan struct{} // capacity 1: "the queue may be non-empty"
	done    chan struct{} // closed when the goroutine has returned
	ops     fsOps

	mu      sync.Mutex
	pending map[string]Job // the newest waiting job per path
	queue   []entry        // FIFO of paths and Flush barriers
	head    int            // queue[head:] is waiting
	closed  bool
	// inFlight are the paths the goroutine is writing now (finish.go).
	inFlight []string
	// collected holds the results reported after Finish began, which
	// Finish returns instead of sending them on results.
	collected []Result
	finishing bool

	noteMu sync.Mutex // serialises the content-index updates of the goroutine and Finish

	encs []*encoder // one per goroutine of a batch (batch.go); the writer's only
}

// entry is a waiting path or, when barrier is not nil, a Flush waiting for
// everything before it.
type entry struct {
	path    string
	barrier chan error
}

// NewWriter starts a writer goroutine for dir. Before its first job it
// removes temporary files left in dir by writers that were killed.
func NewWriter(opt WriterOptions) *Writer {
	return newWriter(opt, fsOps{fail: opt.Fault})
}

func newWriter(opt WriterOptions, ops fsOps) *Writer {
	opt.Limits = opt.Limits.withDefaults()
	opt.Clock = orReal(opt.Clock)
	if opt.ResultBuffer <= 0 {
		opt.ResultBuffer = 64
	}
	w := &Writer{
		opt:     opt,
		results: make(chan Result, opt.ResultBuffer),
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
		ops:     ops,
		pending: make(map[string]Job),
	}
	go w.run()
	return w
}

// Results returns the channel on which every write's Result arrives.
func (w *Writer) Results() <-chan Result { return w.results }

// Schedule queues job and returns at once: O(1), no I/O, never blocks on
// the writer. A job for a path that already has one waiting replaces it
// (keeping its place in the queue). It returns false after Close.
func (w *Writer) Schedule(job Job) bool {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return false
	}
	if _, waiting := w.pending[job.Path]; !waiting {
		w.queue = append(w.queue, entry{path: job.Path})
	}
	w.pending[job.Path] = job
	w.mu.Unlock()
	w.signal()
	return true
}

func (w *Writer) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Flush waits until every job scheduled before the call has been written
// (or has failed), or ctx ends (returning ctx.Err()), or the writer is
// closed first (ErrClosed).
func (w *Writer) Flush(ctx context.Context) error {
	b := make(chan error, 1)
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	w.queue = append(w.queue, entry{barrier: b})
	w.mu.Unlock()
	w.signal()
	select {
	case err := <-b:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops the writer: jobs still waiting are abandoned (call Flush
// first to write them, or Finish instead at exit), the one in progress is finished, and Close returns
// when the goroutine has. Results then stops receiving values; it is not
// closed. Close is idempotent.
func (w *Writer) Close() {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		for _, e := range w.queue[w.head:] {
			if e.barrier != nil {
				e.barrier <- ErrClosed
			}
		}
		w.queue, w.head = nil, 0
		clear(w.pending)
	}
	w.mu.Unlock()
	w.signal()
	<-w.done
}

func (w *Writer) run() {
	defer close(w.done)
	removeStaleTemps(w.opt.Dir, w.opt.Clock.Now())
	var enc encoder
	for {
		barrier, jobs, ok := w.next()
		switch {
		case !ok:
			return
		case barrier != nil:
			barrier <- nil
		case len(jobs) == 1:
			w.report(w.write(&enc, jobs[0]))
		default:
			for _, r := range w.writeBatch(&w.encs, jobs) {
				w.report(r)
			}
		}
		w.mu.Lock()
		w.inFlight = w.inFlight[:0]
		w.mu.Unlock()
	}
}

// next blocks until a queue entry is available and pops a Flush barrier,
// or the waiting paths before the next barrier (at most maxBatch): their
// jobs are written as one batch. ok is false once the writer is closed.
func (w *Writer) next() (chan error, []Job, bool) {
	for {
		w.mu.Lock()
		if w.closed {
			w.mu.Unlock()
			return nil, nil, false
		}
		if w.head < len(w.queue) {
			barrier, jobs := w.popLocked()
			w.mu.Unlock()
			return barrier, jobs, true
		}
		w.mu.Unlock()
		<-w.wake
	}
}

// popLocked pops a barrier, or a run of paths, from the queue (w.mu held,
// the queue not empty).
func (w *Writer) popLocked() (chan error, []Job) {
	var jobs []Job
	for w.head < len(w.queue) && len(jobs) < maxBatch {
		e := w.queue[w.head]
		if e.barrier != nil && len(jobs) > 0 {
			break
		}
		w.queue[w.head] = entry{}
		w.head++
		if e.barrier != nil {
			w.resetQueueLocked()
			return e.barrier, nil
		}
		jobs = append(jobs, w.pending[e.path])
		w.inFlight = append(w.inFlight, e.path)
		delete(w.pending, e.path)
	}
	w.resetQueueLocked()
	return nil, jobs
}

// resetQueueLocked reuses the queue's storage once it is empty.
func (w *Writer) resetQueueLocked() {
	if w.head == len(w.queue) {
		w.queue, w.head = w.queue[:0], 0
	}
}

func (w *Writer) write(enc *encoder, job Job) Result {
	name, err := w.locate(job)
	if err != nil {
		return Result{Path: job.Path, Err: err}
	}
	res := writeJob(enc, name, job, w.opt.Limits, w.ops, w.opt.Clock)
	if res.Err == nil {
		w.noteDone(res, job)
	}
	return res
}

// locate creates the undo directory if needed and names job's undo file.
func (w *Writer) locate(job Job) (string, *Error) {
	if err := ensureDir(w.opt.Dir); err != nil {
		return "", err
	}
	name, err := Locate(w.opt.Dir, job.Path)
	if err != nil {
		return "", &Error{Op: OpWrite, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	return name, nil
}

// noteDone records a successful write in the content index.
func (w *Writer) noteDone(res Result, job Job) {
	cur := job.Current
	if cur.IsZero() {
		cur = res.Pending.Disk // the text about to be on disk
	}
	w.noteMu.Lock()
	defer w.noteMu.Unlock()
	noteWritten(res.Name, job.Path, res.Disk, cur)
}

// report sends r, dropping the oldest unread result if the channel is
// full; only this goroutine sends, so the second send cannot block. Once
// Finish began, r is kept for Finish instead, never dropped.
func (w *Writer) report(r Result) {
	w.mu.Lock()
	if w.finishing {
		w.collected = append(w.collected, r)
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	for {
		select {
		case w.results <- r:
			return
		default:
		}
		select {
		case <-w.results:
		default:
		}
	}
}

// staleAge is how old a temporary file of a live process must be to count
// as abandoned.
const staleAge = time.Hour

// removeStaleTemps removes temporary files in dir left by writers that
// were killed: those whose process is gone, and any older than staleAge.
// Other processes' temporary files that may still be in use are kept.
// It returns how many it removed.
func removeStaleTemps(dir string, now time.Time) int {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, de := range ents {
		name := de.Name()
		if !strings.HasPrefix(name, tempPrefix) || !de.Type().IsRegular() {
			continue
		}
		pidText, _, _ := strings.Cut(name[len(tempPrefix):], "-")
		pid, err := strconv.Atoi(pidText)
		alive := err == nil && pid > 0 && (pid == os.Getpid() || processAlive(pid))
		if alive {
			if fi, err := de.Info(); err != nil || now.Sub(fi.ModTime()) < staleAge {
				continue
			}
		}
		if os.Remove(filepath.Join(dir, name)) == nil {
			n++
		}
	}
	return n
}
