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
		// The keys go straight into the queue (a pasted file in one
		// line is not held twice).
		e.runQueued(len(c.Arg), func(q []queued) []queued {
			for _, r := range c.Arg {
				q = append(q, queued{k: rawArgKey(r)})
			}
			return q
		})
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
// (a script of :normal! lines runs one per line).
type normScratch struct {
	queue []queued
}

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
	e.runQueued(len(keys), func(q []queued) []queued {
		for _, k := range keys {
			q = append(q, queued{k: k, scriptin: scriptin})
		}
		return q
	})
}

// runQueued runs, as :normal does, the n keys fill appends to the queue
// it is given: fill runs before any key does, so an inner :normal may
// reuse what the outer one read its keys from.
func (e *Editor) runQueued(n int, fill func([]queued) []queued) {
	if e.normDepth >= 1000 {
		e.errMsg("E192: Recursive use of :normal too deep")
		return
	}
	e.normDepth++
	defer func() { e.normDepth-- }()
	savedQ, savedD := e.queue, e.draining
	flushes := e.flushes
	var q []queued
	if e.normDepth == 1 {
		// The outermost :normal reuses one queue: nothing keeps the
		// queue once it returns.
		q = e.normBuf.queue[:0]
	}
	q = fill(slices.Grow(q, n))
	if e.normDepth == 1 {
		e.normBuf.queue = q
	}
	e.queue = q
	e.draining = true
	for len(e.queue) > 0 && !e.quit {
		if e.queuedInsertRun() {
			continue
		}
		q := e.queue[0]
		e.queue = e.queue[1:]
		if e.interrupted() {
			break
		}
		if q.scriptin {
			e.keyTick++
		}
		e.noteScriptin(q)
		e.dispatch(q.k, q.typed)
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
	e.queue, e.draining = savedQ, savedD
	if e.normDepth == 1 {
		e.normBuf.queue = reusable(e.normBuf.queue)
	}
	if e.flushes != flushes {
		// As in Vim, an error inside :normal also drops the keys not
		// typed that wait around it (the rest of a macro that ran the
		// :normal, the levels of a recursive one).
		e.beep()
	}
}
