package session

// The workspace history: checkpoints that record the state of every file
// kjx edited in the workspace (docs/workspace.md). This file opens the
// checkpoint log and the content store, and takes checkpoints: on this
// goroutine only the states that changed are collected (O(open
// buffers)); hashing, storing the texts, counting lines and appending to
// the log happen on the workspace worker (workspace_worker.go).
// workspace_rewind.go rewinds; workspace_list.go lists.

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/fileio"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile/store"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// The automatic checkpoints' labels.
const (
	labelOpened       = "opened"
	labelWrite        = "write"
	labelBeforeRewind = "before rewind"
)

// wsState is the session's workspace history (Session.ws).
type wsState struct {
	tried bool   // opening was attempted
	err   error  // why there is no history ("": none asked for)
	root  string // the workspace root
	log   *workspace.Log
	st    *store.Store
	work  *wsWorker
	// recorded is, per buffer, the state its last checkpoint recorded.
	recorded map[*editor.Buffer]wsMark
	// known are the paths the log knows (any checkpoint lists them).
	known map[string]bool
	// rewinding suppresses the automatic checkpoints of a rewind's writes.
	rewinding bool
}

// wsMark is a buffer's state as a checkpoint recorded it.
type wsMark struct {
	tree   *undo.Tree
	seq    int
	exists bool
	text   buffer.Rope
}

// workspace returns the workspace history, opening it on first use; nil
// when there is none (no WorkDir, 'undofile' off, or it could not be
// opened: the reason is in ws.err).
func (s *Session) workspace() *wsState {
	w := &s.ws
	if !s.persistOn() || s.cfg.WorkDir == "" {
		if w.err == nil {
			w.err = errors.New("no workspace history: it needs 'undofile' and a working directory")
		}
		return nil
	}
	if !w.tried {
		w.tried = true
		w.err = s.openWorkspace()
	}
	if w.log == nil {
		return nil
	}
	return w
}

// openWorkspace opens the log and the store of WorkDir's workspace.
func (s *Session) openWorkspace() error {
	w := &s.ws
	root, err := workspace.Root(s.cfg.WorkDir)
	if err != nil {
		return fmt.Errorf("workspace history: %w", err)
	}
	data, err := config.DataDir(s.env)
	if err != nil {
		return fmt.Errorf("workspace history: %w", err)
	}
	dir, err := workspace.DataDir(data, root)
	if err != nil {
		return fmt.Errorf("workspace history: %w", err)
	}
	persist := time.Duration(s.undoConf().PersistDays) * 24 * time.Hour
	log, err := workspace.Open(workspace.Options{Dir: dir, Root: root, ForgetAfter: persist})
	if err != nil {
		return fmt.Errorf("workspace history: %w", err)
	}
	w.root, w.log = root, log
	w.st = store.New(filepath.Join(dir, workspace.BlobsDir), store.Options{})
	w.work = newWorker(log, w.st)
	// Retention and the size cap (undo.persist_days, undo.store_max_size),
	// once per session, first in the worker's queue.
	pol := workspace.Policy{MaxAge: persist, MaxSize: s.undoConf().StoreMaxSize}
	w.work.submit(wsJob{maintain: &pol, maintainAt: s.wall.Now()})
	w.recorded = map[*editor.Buffer]wsMark{}
	w.known = map[string]bool{}
	if cp, ok := log.Latest(); ok {
		for _, e := range cp.Files {
			w.known[e.Path] = true
		}
	}
	return nil
}

// closeWorkspace waits for the worker and stops it.
func (s *Session) closeWorkspace() error {
	w := &s.ws
	if w.work == nil {
		return nil
	}
	err := w.work.wait()
	w.work.stop()
	w.work = newWorker(w.log, w.st) // the session stays usable
	return err
}

// relOf is b's file relative to the workspace root (ok false: no file,
// or outside the workspace).
func (w *wsState) relOf(b *editor.Buffer) (string, string, bool) {
	if b.Name() == "" {
		return "", "", false
	}
	abs, err := filepath.Abs(b.Name())
	if err != nil {
		return "", "", false
	}
	rel, ok := workspace.RelPath(w.root, abs)
	return rel, abs, ok
}

// wsOpened is the Opened hook: an "opened" checkpoint records the file
// as kjx first saw it (the first open of the session records every open
// file: the start-up checkpoint).
func (s *Session) wsOpened(b *editor.Buffer) {
	if w := s.workspace(); w != nil && !w.rewinding {
		s.checkpoint(w, labelOpened, false, nil)
	}
}

// wsWritten is the Written hook: a "write" checkpoint. A file kjx
// created (the log never saw it) is first recorded as not existing, so
// a rewind to before it deletes it.
func (s *Session) wsWritten(b *editor.Buffer) {
	w := s.workspace()
	if w == nil || w.rewinding {
		return
	}
	if rel, _, ok := w.relOf(b); ok && !w.known[rel] {
		if _, seen := w.recorded[b]; !seen {
			w.recorded[b] = wsMark{tree: b.History(), seq: 0, exists: false}
			s.commitNew(w, rel)
		}
	}
	s.checkpoint(w, labelWrite, false, nil)
}

// commitNew records rel as a file that did not exist, in an "opened"
// checkpoint.
func (s *Session) commitNew(w *wsState, rel string) {
	rec := workspace.Record{Time: s.wall.Now(), Label: labelOpened,
		Files: []workspace.Entry{{Path: rel, Exists: false}}}
	w.known[rel] = true
	w.work.submit(wsJob{rec: rec})
}

// namedCheckpoint is :checkpoint NAME: a checkpoint of every file, named;
// reusing a name says so.
func (s *Session) namedCheckpoint(arg string) (bool, error) {
	w := s.workspace()
	if w == nil {
		return false, nil // the per-file label is all there is
	}
	name, err := workspace.ParseName(arg)
	if err != nil {
		return false, fmt.Errorf("E475: Invalid argument: %s (%v)", arg, err)
	}
	done := make(chan workspace.Committed, 1)
	s.checkpoint(w, name, true, done)
	if err := w.work.wait(); err != nil {
		return false, err
	}
	res := <-done
	if res.MovedFrom > 0 {
		s.say("Checkpoint «%s» moved from checkpoint %d to %d", name, res.MovedFrom, res.Number)
	} else {
		s.say("Checkpoint %d «%s»: %d files", res.Number, name, res.Files)
	}
	return true, nil
}

// checkpoint takes a checkpoint: the buffers whose state changed since
// they were last recorded are handed to the worker with their frozen
// texts; every other file is carried over by the log. An "opened" or
// "write" checkpoint that would change nothing is not taken (done, if
// any, is then never sent to: only named checkpoints pass one).
func (s *Session) checkpoint(w *wsState, label string, named bool, done chan<- workspace.Committed) {
	job := wsJob{rec: workspace.Record{Time: s.wall.Now(), Label: label, Named: named}, done: done}
	for _, b := range s.ed.Buffers() {
		rel, _, ok := w.relOf(b)
		if !ok {
			continue
		}
		mark := s.markOf(b)
		if old, seen := w.recorded[b]; seen && old.same(mark) {
			continue
		}
		w.recorded[b] = mark
		w.known[rel] = true
		job.rec.Files = append(job.rec.Files, workspace.Entry{Path: rel, Seq: mark.seq, Exists: mark.exists})
		if mark.exists {
			job.texts = append(job.texts, wsText{path: rel, text: mark.text, write: s.encoder(b, mark.text)})
		}
	}
	if len(job.rec.Files) == 0 && (label == labelOpened || label == labelWrite) {
		return // an automatic checkpoint that would record nothing new
	}
	w.work.submit(job)
}

// markOf is b's state now.
func (s *Session) markOf(b *editor.Buffer) wsMark {
	t := b.History()
	return wsMark{tree: t, seq: t.Current(), exists: b.OnDisk() || b.Modified(), text: b.Text()}
}

// same reports whether two marks are the same state (O(1) when nothing
// changed: the text is the same rope).
func (m wsMark) same(o wsMark) bool {
	return m.tree == o.tree && m.seq == o.seq && m.exists == o.exists && m.text.Equal(o.text)
}

// encoder writes text as b's file holds it (format, final newline,
// 'fixendofline'), from immutable values only: the worker calls it.
func (s *Session) encoder(b *editor.Buffer, text buffer.Rope) func(io.Writer) error {
	ff := b.FileFlags()
	eol := ff.EOL && !ff.Empty || s.ed.Options().FixEndOfLine && text.Len() > 0
	if ff.Empty && text.Len() == 0 {
		eol = false
	}
	return func(wr io.Writer) error {
		_, err := fileio.EncodeFile(wr, text, eol, ff.Format, ff.BOM)
		return err
	}
}
