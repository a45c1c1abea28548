package syntax

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/kjx-editor/kjx/buffer"
)

// Request asks the worker to colour a buffer's text.
type Request struct {
	Buffer   int    // the buffer's number: each buffer keeps its own tokens
	FileType string // its 'filetype'
	Text     buffer.Rope
}

// published is a result and what it is for.
type published struct {
	buffer   int
	fileType string
	res      *Result
}

// Worker colours texts on its own goroutine (Run). Want and Latest may be
// called from any goroutine; they never wait for lexing.
type Worker struct {
	onReady func()
	wake    chan struct{}
	mu      sync.Mutex
	want    Request
	fresh   bool // want was not taken yet
	latest  atomic.Pointer[published]

	// Run's own.
	entries map[int]*entry
	lexers  map[string]*lexerInfo // nil: the file type has no lexer
	order   []int                 // buffers, least recently used first
}

// entry is one buffer's highlighter.
type entry struct {
	fileType string
	h        *Highlighter // nil: the file type has no lexer, or it failed
	failed   *Result      // the result saying why it failed
}

// maxEntries bounds the buffers whose tokens are kept.
const maxEntries = 8

// NewWorker returns a worker; onReady (which must not block) is called
// from Run's goroutine after each new result.
func NewWorker(onReady func()) *Worker {
	return &Worker{onReady: onReady, wake: make(chan struct{}, 1),
		entries: map[int]*entry{}, lexers: map[string]*lexerInfo{}}
}

// Want asks for req's text to be coloured; the newest request replaces
// one not yet taken. It does not compare texts (that is the worker's
// job, off the caller's goroutine): a text that did not change costs the
// worker one comparison and publishes nothing new.
func (w *Worker) Want(req Request) {
	w.mu.Lock()
	w.want, w.fresh = req, true
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Latest returns the newest result for buffer with file type ft, or nil.
func (w *Worker) Latest(buffer int, ft string) *Result {
	p := w.latest.Load()
	if p == nil || p.buffer != buffer || p.fileType != ft {
		return nil
	}
	return p.res
}

// Run lexes until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.wake:
		}
		for {
			req, ok := w.take()
			if !ok || ctx.Err() != nil {
				break
			}
			w.serve(ctx, req)
		}
	}
}

// take returns the request not taken yet, if any.
func (w *Worker) take() (Request, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.fresh {
		return Request{}, false
	}
	w.fresh = false
	return w.want, true
}

// pending reports whether a request waits.
func (w *Worker) pending() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.fresh
}

// serve brings req's buffer up to date, publishing after every step, and
// returns early when a newer request comes (its buffer keeps what was
// done).
func (w *Worker) serve(ctx context.Context, req Request) {
	e := w.entry(req.Buffer, req.FileType)
	if e.h == nil {
		w.publish(req, e.failed)
		return
	}
	defer func() {
		// A lexer that panics (chroma's lexers panic on some internal
		// errors) stops colouring this buffer, not the editor.
		if r := recover(); r != nil {
			e.h = nil
			e.failed = &Result{Text: req.Text, Err: fmt.Errorf("the %s lexer failed: %v", req.FileType, r)}
			w.publish(req, e.failed)
		}
	}()
	changed := e.h.SetText(req.Text)
	if p := w.latest.Load(); !changed && e.h.Done() && p != nil && p.buffer == req.Buffer && p.fileType == req.FileType {
		return // a view for a cursor move: nothing new to draw
	}
	for {
		done := e.h.Step()
		w.publish(req, e.h.Result())
		if done || w.pending() || ctx.Err() != nil {
			return
		}
	}
}

func (w *Worker) publish(req Request, r *Result) {
	w.latest.Store(&published{buffer: req.Buffer, fileType: req.FileType, res: r})
	if w.onReady != nil {
		w.onReady()
	}
}

// entry returns the highlighter of buffer for file type ft, making one
// when there is none or the type changed.
func (w *Worker) entry(buffer int, ft string) *entry {
	for i, b := range w.order {
		if b == buffer {
			w.order = append(w.order[:i], w.order[i+1:]...)
			break
		}
	}
	w.order = append(w.order, buffer)
	if e := w.entries[buffer]; e != nil && e.fileType == ft {
		return e
	}
	if len(w.order) > maxEntries {
		delete(w.entries, w.order[0])
		w.order = w.order[1:]
	}
	e := &entry{fileType: ft}
	if li := w.lexer(ft); li != nil {
		e.h = li.highlighter()
	}
	w.entries[buffer] = e
	return e
}

// lexer returns the lexer of ft, looked up and rebuilt once: the
// buffers of one file type share it (the worker lexes one at a time).
func (w *Worker) lexer(ft string) *lexerInfo {
	li, ok := w.lexers[ft]
	if !ok {
		if l := LexerFor(ft); l != nil {
			li = newLexerInfo(l)
		}
		w.lexers[ft] = li
	}
	return li
}
