package session

// The workspace worker: one goroutine that takes checkpoints in order —
// hashing the changed files' texts, putting them into the content store,
// counting lines against each file's previous recorded text, appending
// to the log and syncing it. The session's goroutine only queues jobs of
// immutable values (frozen ropes, plain values).

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undofile/store"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// wsJob is one checkpoint to take.
type wsJob struct {
	rec   workspace.Record
	texts []wsText
	done  chan<- workspace.Committed // nil: nobody waits for the result
	// maintain, when set, makes the job retention instead: Log.Maintain
	// with this policy at maintainAt.
	maintain   *workspace.Policy
	maintainAt time.Time
}

// wsText is the text of one existing file of a job.
type wsText struct {
	path  string
	text  buffer.Rope
	write func(io.Writer) error
}

// wsWorker runs jobs in order on its goroutine.
type wsWorker struct {
	log  *workspace.Log
	st   *store.Store
	jobs chan wsJob
	wg   sync.WaitGroup // jobs queued and not done
	mu   sync.Mutex
	errs []error // failures since the last wait
	// last is each path's text as last recorded (the worker's only).
	last map[string]buffer.Rope
}

func newWorker(log *workspace.Log, st *store.Store) *wsWorker {
	w := &wsWorker{log: log, st: st, jobs: make(chan wsJob, 256), last: map[string]buffer.Rope{}}
	go w.run()
	return w
}

// submit queues a job (it blocks only when 256 are queued).
func (w *wsWorker) submit(j wsJob) {
	w.wg.Add(1)
	w.jobs <- j
}

// wait returns once every queued job is done, with their failures.
func (w *wsWorker) wait() error {
	w.wg.Wait()
	w.mu.Lock()
	defer w.mu.Unlock()
	err := errors.Join(w.errs...)
	w.errs = nil
	return err
}

// stop ends the goroutine once the queue is empty.
func (w *wsWorker) stop() { close(w.jobs) }

func (w *wsWorker) run() {
	for j := range w.jobs {
		err := w.do(&j)
		if err != nil {
			w.mu.Lock()
			w.errs = append(w.errs, err)
			w.mu.Unlock()
		}
		w.wg.Done()
	}
}

// do takes one checkpoint.
func (w *wsWorker) do(j *wsJob) error {
	if j.maintain != nil {
		_, err := w.log.Maintain(w.st, *j.maintain, j.maintainAt)
		return err
	}
	contents := make([]workspace.Content, len(j.texts))
	for i, t := range j.texts {
		contents[i] = workspace.Content{Path: t.path, Write: t.write, Store: true}
	}
	perr := workspace.Prepare(w.st, &j.rec, contents)
	byPath := make(map[string]buffer.Rope, len(j.texts))
	for _, t := range j.texts {
		byPath[t.path] = t.text
	}
	for i := range j.rec.Files {
		e := &j.rec.Files[i]
		text, ok := byPath[e.Path]
		if !ok {
			text = buffer.FromString("")
		}
		if old, seen := w.last[e.Path]; seen {
			e.Added, e.Deleted = lineStat(old, text)
		} else if e.Exists {
			e.Added = countLines(text)
		}
		w.last[e.Path] = text
	}
	if !j.rec.Named && j.rec.Label != labelBeforeRewind && w.recordsNothing(&j.rec) {
		return perr // an automatic checkpoint of states the log has already
	}
	res, err := w.log.Commit(j.rec)
	if err == nil {
		err = w.log.Sync()
	}
	if j.done != nil {
		j.done <- res
	}
	return errors.Join(perr, err)
}

// lineStatTimeout bounds the line diff of a checkpoint's counts.
const lineStatTimeout = time.Second

// lineStat counts the lines added and deleted from a to b, as git diff
// --numstat does.
func lineStat(a, b buffer.Rope) (added, deleted int) {
	if a.Equal(b) {
		return 0, 0
	}
	ctx, cancel := context.WithTimeout(context.Background(), lineStatTimeout)
	defer cancel()
	changes, err := linediff.Changes(ctx, a, b)
	if err != nil {
		return countLines(b), countLines(a)
	}
	for _, c := range changes {
		added += linesIn(c.New)
		deleted += linesIn(c.Old)
	}
	return added, deleted
}

// linesIn counts the lines of a change's side (a last line without a
// newline counts).
func linesIn(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// countLines counts the lines of a text.
func countLines(r buffer.Rope) int {
	if r.Len() == 0 {
		return 0
	}
	return r.Newlines() + 1
}

// recordsNothing reports whether every file of r is in the state the
// newest checkpoint records for it.
func (w *wsWorker) recordsNothing(r *workspace.Record) bool {
	cp, ok := w.log.Latest()
	if !ok {
		return len(r.Files) == 0
	}
	last := make(map[string]workspace.Entry, len(cp.Files))
	for _, e := range cp.Files {
		last[e.Path] = e
	}
	for _, e := range r.Files {
		if l, ok := last[e.Path]; !ok || l.Exists != e.Exists || l.Seq != e.Seq || l.Disk != e.Disk {
			return false
		}
	}
	return true
}
