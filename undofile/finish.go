package undofile

// Finishing a writer at exit without losing a job. Close abandons the
// jobs still waiting, and a Flush with a deadline leaves them queued when
// the disk is slow: at exit either would silently lose histories. Finish
// instead takes every waiting job back and writes it on the caller's
// goroutine, at once, beside the writer's goroutine, which finishes the
// write it is in. Jobs for a path that write is about are written after
// it, so that an older history never replaces a newer one.

import "slices"

// Finish ends the writer at exit without abandoning a job: from the call
// on Schedule refuses new jobs and Flush returns ErrClosed; every job
// still waiting is written on the caller's goroutine (as batches, on all
// cores), while the writer's goroutine finishes the write in progress;
// then the goroutine has returned, as after Close.
//
// It returns the results of every write that ended after the call began,
// in the order they ended, none dropped: the one in progress, then those
// written here. Results that ended before stay on Results. There is no
// deadline: a history is written or its failure is returned. After
// Close, Finish returns nil; after Finish, Close does nothing.
func (w *Writer) Finish() []Result {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed, w.finishing = true, true
	now, later := w.takeWaitingLocked()
	w.mu.Unlock()
	w.signal()
	var encs []*encoder // this goroutine's: the writer's own are in use
	done := w.writeNow(&encs, now)
	<-w.done
	w.mu.Lock()
	results := append(w.collected, done...)
	w.collected = nil
	w.mu.Unlock()
	return append(results, w.writeNow(&encs, later)...)
}

// takeWaitingLocked empties the queue (w.mu held): Flush barriers get
// ErrClosed, and the waiting jobs are returned in queue order, split into
// those that can be written now and those whose path the goroutine is
// writing (to be written once it is done).
func (w *Writer) takeWaitingLocked() (now, later []Job) {
	for _, e := range w.queue[w.head:] {
		if e.barrier != nil {
			e.barrier <- ErrClosed
			continue
		}
		job := w.pending[e.path]
		if slices.Contains(w.inFlight, e.path) {
			later = append(later, job)
		} else {
			now = append(now, job)
		}
	}
	w.queue, w.head = nil, 0
	clear(w.pending)
	return now, later
}

// writeNow writes jobs on the calling goroutine, maxBatch at a time, and
// returns their results in order.
func (w *Writer) writeNow(encs *[]*encoder, jobs []Job) []Result {
	var out []Result
	for len(jobs) > 0 {
		n := min(len(jobs), maxBatch)
		if n == 1 {
			var enc encoder
			out = append(out, w.write(&enc, jobs[0]))
		} else {
			out = append(out, w.writeBatch(encs, jobs[:n])...)
		}
		jobs = jobs[n:]
	}
	return out
}
