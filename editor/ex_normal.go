package editor

// :normal: keys run from an Ex command line, as if typed but not typed.

import (
	"errors"
	"slices"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// exNormal is :[range]normal[!] {keys}: the keys run as not typed (one
// undo block with the command line), incomplete commands are ended.
func exNormal(e *Editor, c *exparse.Cmd, rg exRange) error {
	if c.Arg == "" {
		return errors.New("E471: Argument required")
	}
	if c.Range.Count() == 0 {
		// The keys are read from the argument as the queue drains: a
		// file pasted in one line is never held as keys at once.
		e.runQueued(c.Arg, nil)
		return nil
	}
	keys := rawKeys(c.Arg) // run once per line: its own copy
	if len(keys) == 0 {
		return errors.New("E471: Argument required")
	}
	// Vim's ex_normal goes on to the range's last line number even when
	// the keys deleted lines: a line past the end is the last line.
	for l := max(rg.l1, 0); l <= rg.l2; l++ {
		e.win.cur = Pos{Line: min(l, lineCount(e.text())-1)}
		e.runNormal(keys)
	}
	return nil
}

// normScratch is the storage the outermost :normal reuses for its queue
// (a script of :normal! lines runs one per line), and the text of the
// running :normal whose keys are not yet in the queue.
type normScratch struct {
	queue []queued
	rest  string
}

// argChunk is how many keys of a :normal argument go into the queue at a
// time: the keys of a long argument (a pasted file) are read as they
// run, not copied into a queue of its length.
const argChunk = 1 << 12

// maxKeptKeys is the capacity up to which a buffer of keys is kept for
// the next command once its own command ends. A longer one (a whole file
// pasted in one :normal line) is dropped: kept, its megabytes would stay
// live for the rest of the session, and the collector lets the heap grow
// to twice what is live.
const maxKeptKeys = 1 << 14

// reusable is s emptied for reuse, or nil when s is too large to keep.
func reusable[T any](s []T) []T {
	if cap(s) > maxKeptKeys {
		return nil
	}
	return s[:0]
}

// runNormal executes keys as :normal does, to completion.
func (e *Editor) runNormal(keys []Key) { e.runKeys(keys, false) }

// runKeys executes keys as :normal does; scriptin marks them as read
// from a script of Normal-mode commands (:source!), which Vim reads as
// it reads -s: typed for the command-line history.
func (e *Editor) runKeys(keys []Key, scriptin bool) {
	var q []queued
	if e.normDepth == 0 {
		q = e.normBuf.queue[:0] // see runQueued
	}
	q = slices.Grow(q, len(keys))
	for _, k := range keys {
		q = append(q, queued{k: k, scriptin: scriptin})
	}
	e.runQueued("", q)
}

// runQueued runs, as :normal does, the keys of arg (raw text, read into
// the queue argChunk keys at a time as it drains) or else the keys of q.
func (e *Editor) runQueued(arg string, q []queued) {
	if e.normDepth >= 1000 {
		e.errMsg("E192: Recursive use of :normal too deep")
		return
	}
	e.normDepth++
	defer func() { e.normDepth-- }()
	savedQ, savedD, savedRest := e.queue, e.draining, e.normBuf.rest
	flushes := e.flushes
	e.queue, e.normBuf.rest = q, arg
	e.draining = true
	stopped := false // by CTRL-C: all typeahead goes, as in drain
	buf := q         // where the argument's keys are read to
	if e.normDepth == 1 && buf == nil {
		buf = e.normBuf.queue // the outermost :normal's, kept between lines
	}
	for !e.quit {
		if len(e.queue) == 0 {
			if buf = e.readArg(buf); len(e.queue) == 0 {
				break
			}
		}
		if e.queuedInsertRun() {
			continue
		}
		q := e.queue[0]
		e.queue = e.queue[1:]
		if e.interrupted() {
			stopped = true
			break
		}
		if q.scriptin {
			e.keyTick++
		}
		e.dispatchQueued(q)
	}
	// An incomplete command is ended as with <Esc>.
	if e.mode != ModeNormal || len(e.pending) > 0 {
		e.dispatch(K(KeyEsc), false)
		if e.mode == ModeCmdline {
			e.dispatch(K(KeyEsc), false)
		}
		e.abortConfirm() // prompts of a :g that goes on
		e.pending = e.pending[:0]
	}
	e.queue, e.draining, e.normBuf.rest = savedQ, savedD, savedRest
	if stopped {
		e.queue = e.queue[:0]
	}
	if e.normDepth == 1 {
		e.normBuf.queue = reusable(buf)
	}
	if e.flushes != flushes {
		// As in Vim, an error inside :normal also drops the keys not
		// typed that wait around it (the rest of a macro that ran the
		// :normal, the levels of a recursive one).
		e.beep()
	}
}

// readArg reads the next argChunk keys of the running :normal's argument
// into buf, emptied, and queues them; it returns buf. The queue is empty
// when it is called: nothing else holds buf's keys.
func (e *Editor) readArg(buf []queued) []queued {
	rest := e.normBuf.rest
	if rest == "" {
		return buf
	}
	q := buf[:0]
	for i, r := range rest {
		if len(q) == argChunk {
			rest = rest[i:]
			break
		}
		q = append(q, queued{k: rawArgKey(r)})
	}
	if len(q) < argChunk {
		rest = ""
	}
	e.normBuf.rest, e.queue = rest, q
	return q
}
