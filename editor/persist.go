package editor

// Persistent undo: the editor's side of package undofile. This file holds
// the per-editor and per-buffer state, configuration, retention and the
// writer's lifecycle (Run's timer, Close). persist_sched.go schedules the
// writes (on :w, on the save timer, on :bd and at exit) and shows their
// results; persist_open.go reads histories when a file is opened;
// persist_ex.go has :wundo, :rundo and :undostats. docs/persistence.md
// describes it all for users.
//
// Everything here runs on the editor goroutine. The writer goroutine only
// ever sees immutable values: an undo.Snapshot (through Job.Image), a
// *buffer.Rope that is never written after it is handed over, and plain
// values.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// Timing of the background writes.
const (
	// saveTickPeriod is how often Run's save timer looks for buffers whose
	// history is due to be written ('save interval' decides when one is).
	saveTickPeriod = time.Second
	// exitFlushTimeout bounds how long Close waits for the last writes.
	exitFlushTimeout = 3 * time.Second
	// sleepFlushTimeout bounds how long :sleep waits for the writes its
	// timer run scheduled.
	sleepFlushTimeout = 2 * time.Second
)

// persistState is the editor's persistent-undo state (Editor.persist).
type persistState struct {
	conf    *config.UndoConfig // resolved limits (nil until first needed)
	running bool               // Run's loop is active: the save timer may tick
	ticker  *time.Ticker       // Run's save timer (nil: none)
	w       *undofile.Writer
	wDir    string        // the directory w writes to
	wStale  bool          // the limits changed: the next write starts a new writer
	pruned  bool          // the start-up retention pass was started
	pruneCh chan struct{} // closed when that pass is done
	dirWarn bool          // the "no undo directory" message was shown
	dirOpt  string        // the 'undodir' value dir was resolved from
	dir     string        // resolved 'undodir' ("": not yet)
	bufs    map[*Buffer]*persistBuf
}

// persistBuf is one buffer's persistent-undo state.
type persistBuf struct {
	path    string      // canonical path of the text file ("": unknown)
	anchor  anchor      // the bytes on disk and the state they are
	sched   fingerprint // the history as last handed to the writer
	schedAt time.Time   // when (editor clock)
	// checked is set once the undo file for path was read, or found
	// absent, or set aside: until then a write first sets aside an
	// existing undo file whose history this buffer never loaded.
	checked bool
	// bad is an undo file that could not be loaded: it is set aside
	// (renamed, never deleted) before this buffer's next write.
	bad    string
	warned bool // a write warning is showing; a successful write clears it
}

// anchor ties an undo file to the text file: the state (seq) of tree whose
// text is on disk, the SHA-256 and size of those bytes, and the text.
type anchor struct {
	tree *undo.Tree
	seq  int
	disk undofile.FileState
	text *buffer.Rope // immutable once set: the writer goroutine reads it
}

// fingerprint identifies a history cheaply, to tell whether it changed
// since it was last scheduled. The text catches changes to the open undo
// block, which move no counter.
type fingerprint struct {
	tree                                  *undo.Tree
	seqLast, cur, saveLast, nodes, pruned int
	text                                  buffer.Rope
}

func fingerprintOf(t *undo.Tree) fingerprint {
	return fingerprint{tree: t, seqLast: t.SeqLast(), cur: t.Current(), saveLast: t.SaveLast(),
		nodes: t.Len(), pruned: t.Pruned(), text: t.Freeze()}
}

// same reports whether two fingerprints describe the same history: equal
// counters and an equal text (O(1) when the rope is shared, as it is when
// nothing changed).
func (f fingerprint) same(g fingerprint) bool {
	return f.tree == g.tree && f.seqLast == g.seqLast && f.cur == g.cur && f.saveLast == g.saveLast &&
		f.nodes == g.nodes && f.pruned == g.pruned && f.text.Equal(g.text)
}

// persistStart runs at the end of New: --clean turns 'undofile' off, and
// with persistence on the retention pass starts in the background.
func (e *Editor) persistStart() {
	if e.cfg.Clean {
		e.opt.UndoFile = false
	}
	if e.persistOn() {
		e.startPrune()
	}
}

// persistOn reports whether undo files are read and written: 'undofile' is
// set and undo is not disabled ('undolevels' < 0).
func (e *Editor) persistOn() bool { return e.opt.UndoFile && e.opt.UndoLevels >= 0 }

// undoConf returns the persistent-undo limits: Config.Undo, or the
// defaults of package config.
func (e *Editor) undoConf() *config.UndoConfig {
	if e.persist.conf == nil {
		if e.cfg.Undo != nil {
			c := *e.cfg.Undo
			e.persist.conf = &c
		} else {
			c := config.Default(os.Getenv).Undo
			e.persist.conf = &c
		}
	}
	return e.persist.conf
}

// undoMaxNodes is the undo trees' node cap from undo.max_entries (0: the
// undo package's default, which is the same 10 000).
func (e *Editor) undoMaxNodes() int {
	if e.cfg.Undo != nil {
		return e.cfg.Undo.MaxEntries
	}
	return 0
}

// undoLimits are the undofile limits from the configuration.
func (e *Editor) undoLimits() undofile.Limits {
	c := e.undoConf()
	lim := undofile.Limits{MaxFileSize: c.MaxFileSize, MaxEntries: c.MaxEntries}
	if c.MaxFileSize == 0 {
		lim.MaxFileSize = undofile.NoLimit
	}
	return lim
}

// saveInterval is undo.save_interval (default 10 s).
func (e *Editor) saveInterval() time.Duration {
	if d := e.undoConf().SaveInterval; d > 0 {
		return d
	}
	return 10 * time.Second
}

// undoDir resolves 'undodir': "" is the XDG default; a leading ~ is the
// home directory; a relative name is made absolute.
func (e *Editor) undoDir() (string, error) {
	d := e.opt.UndoDir
	if d == "" {
		return config.DefaultUndoDir(os.Getenv)
	}
	if d == "~" || strings.HasPrefix(d, "~/") {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("'undodir' %s: %w", d, err)
		}
		d = filepath.Join(home, d[1:])
	}
	abs, err := filepath.Abs(d)
	if err != nil {
		return "", fmt.Errorf("'undodir' %s: %w", d, err)
	}
	return abs, nil
}

// persistDir is undoDir (cached while 'undodir' keeps its value), showing
// its error once.
func (e *Editor) persistDir() (string, bool) {
	p := &e.persist
	if p.dir != "" && p.dirOpt == e.opt.UndoDir {
		return p.dir, true
	}
	dir, err := e.undoDir()
	if err != nil {
		if !e.persist.dirWarn {
			e.persist.dirWarn = true
			e.msg("W: no undo directory (%v): undo files are not written", err)
		}
		return "", false
	}
	p.dir, p.dirOpt = dir, e.opt.UndoDir
	return dir, true
}

// startPrune runs undofile.Prune once per editor, on its own goroutine.
// A history is removed only when it was not used for undo.persist_days,
// never because its text file is absent (it may come back).
func (e *Editor) startPrune() {
	if e.persist.pruned {
		return
	}
	dir, err := e.undoDir()
	if err != nil {
		return
	}
	e.persist.pruned = true
	maxAge := time.Duration(e.undoConf().PersistDays) * 24 * time.Hour
	now := time.Now()
	done := make(chan struct{})
	e.persist.pruneCh = done
	go func() {
		defer close(done)
		_, _ = undofile.Prune(dir, maxAge, now) // best effort: :undostats shows the state
	}()
}

// writer returns the editor's writer for dir, starting it on first use.
// When 'undodir' changed, the old writer finishes its queue in the
// background.
func (e *Editor) writer(dir string) *undofile.Writer {
	p := &e.persist
	if p.w != nil && p.wDir == dir && !p.wStale {
		return p.w
	}
	if p.w != nil {
		old := p.w
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), exitFlushTimeout)
			defer cancel()
			_ = old.Flush(ctx) // its results are dropped with it
			old.Close()
		}()
	}
	p.wStale = false
	e.startPrune()
	p.w = undofile.NewWriter(undofile.WriterOptions{Dir: dir, Limits: e.undoLimits()})
	p.wDir = dir
	return p.w
}

// applyUndoConfig takes new persistent-undo limits (a configuration
// reload): later writes use them, on a new writer (the old one finishes
// its queue in the background), and new undo trees get the new
// max_entries; existing trees keep their cap.
func (e *Editor) applyUndoConfig(c config.UndoConfig) {
	e.cfg.Undo = &c
	e.persist.conf = nil
	e.persist.wStale = e.persist.w != nil
}

// pbuf returns b's state, creating it.
func (e *Editor) pbuf(b *Buffer) *persistBuf {
	if e.persist.bufs == nil {
		e.persist.bufs = map[*Buffer]*persistBuf{}
	}
	pb := e.persist.bufs[b]
	if pb == nil {
		pb = &persistBuf{schedAt: e.clock.Now()}
		e.persist.bufs[b] = pb
	}
	return pb
}

// setPath gives pb the canonical path of b's file; a new path means an
// undo file this buffer has not looked at yet.
func (pb *persistBuf) setPath(name string) bool {
	p, err := undofile.Canonical(name)
	if err != nil {
		return false
	}
	if p != pb.path {
		pb.path, pb.checked, pb.bad = p, false, ""
	}
	return true
}

// saveTick is the channel of Run's save timer: nil (never ready) unless
// Run is active and persistence is on.
func (e *Editor) saveTick() <-chan time.Time {
	p := &e.persist
	if !p.running || !e.persistOn() {
		return nil
	}
	if p.ticker == nil {
		p.ticker = time.NewTicker(saveTickPeriod)
	}
	return p.ticker.C
}

// undoResults is the writer's result channel, nil while there is no
// writer.
func (e *Editor) undoResults() <-chan undofile.Result {
	if e.persist.w == nil {
		return nil
	}
	return e.persist.w.Results()
}

// runPersist is Run's hook: it turns the save timer on, and the function
// it returns (deferred by Run) stops it and writes what is left (Close).
func (e *Editor) runPersist() func() {
	e.persist.running = true
	return func() {
		e.persist.running = false
		if e.persist.ticker != nil {
			e.persist.ticker.Stop()
			e.persist.ticker = nil
		}
		_ = e.Close() // failures were shown as messages
	}
}

// Close ends persistent undo for this editor: the history of every buffer
// that changed since its last undo-file write is written (also after :q!:
// unsaved changes come back as redo-able states next time), the writer is
// flushed with a deadline of a few seconds and stopped, and the start-up
// retention pass is waited for. Failures are shown as messages and
// returned. Run calls Close when it returns, and headless mode at its end;
// the editor stays usable (a later write starts a new writer).
func (e *Editor) Close() error {
	e.drainResults()
	if e.persistOn() {
		for _, b := range e.bufs {
			if pb := e.persist.bufs[b]; pb != nil && !pb.sched.same(fingerprintOf(b.tree)) {
				e.scheduleSave(b, pb)
			}
		}
	}
	var errs []error
	if w := e.persist.w; w != nil {
		ctx, cancel := context.WithTimeout(context.Background(), exitFlushTimeout)
		if err := w.Flush(ctx); err != nil {
			errs = append(errs, fmt.Errorf("undo files: not all written: %w", err))
		}
		cancel()
		for done := false; !done; {
			select {
			case r := <-w.Results():
				if r.Err != nil {
					errs = append(errs, r.Err)
				}
				e.undoResult(r)
			default:
				done = true
			}
		}
		w.Close()
		e.persist.w = nil
	}
	if e.persist.pruneCh != nil {
		<-e.persist.pruneCh
	}
	return errors.Join(errs...)
}

// closeHeadless is RunHeadless's hook at its end: Close, with failures
// reported on stderr (nil: standard error; after the last step nothing
// else shows them).
func (e *Editor) closeHeadless(stderr io.Writer) {
	if err := e.Close(); err != nil {
		if stderr == nil {
			stderr = os.Stderr
		}
		fmt.Fprintln(stderr, "kjx:", err)
	}
}
