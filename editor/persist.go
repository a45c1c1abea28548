package editor

// Persistent undo: the editor's side of package undofile. This file holds
// the per-editor and per-buffer state, the writer's lifecycle, scheduling
// (on :w, on the save timer, on :bd and at exit) and the writer's results.
// persist_open.go reads histories when a file is opened; persist_ex.go has
// :wundo, :rundo and :undostats. docs/persistence.md describes it all for
// users.
//
// Everything here runs on the editor goroutine. The writer goroutine only
// ever sees immutable values: an undo.Snapshot (through Job.Image), a
// *buffer.Rope that is never written after it is handed over, and plain
// values.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
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
	started bool               // persistStart ran (New)
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
		nodes: t.Len(), pruned: t.Pruned(), text: t.Text()}
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
	e.persist.started = true
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
// A history is removed when it is older than undo.persist_days or when its
// text file is gone while that file's directory still exists (a missing
// directory may be an unmounted disk: its histories are kept).
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
		_, _ = undofile.Prune(dir, maxAge, now, textFileKept) // best effort: :undostats shows the state
	}()
}

// textFileKept is Prune's exists: false only when absPath is missing while
// its directory exists.
func textFileKept(absPath string) bool {
	if _, err := os.Lstat(absPath); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return true
	}
	_, err := os.Stat(filepath.Dir(absPath))
	return err != nil
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

// persistWritten is writeBuffer's hook after a successful write of the
// whole buffer to its own file (after MarkSaved): the bytes just written
// become the anchor and the history is scheduled at once. eol is the
// final-newline flag the write used ('fixendofline' is applied here as
// fileio.Save applies it).
func (e *Editor) persistWritten(b *Buffer, text buffer.Rope, eol bool) {
	e.drainResults()
	if !e.persistOn() || b.name == "" || b.tree.Levels() < 0 {
		return
	}
	pb := e.pbuf(b)
	if !pb.setPath(b.name) {
		return
	}
	eol = eol || e.opt.FixEndOfLine && text.Len() > 0
	t := text
	pb.anchor = anchor{tree: b.tree, seq: b.tree.Current(), disk: hashEncoded(t, eol, formatOf(b.ff)), text: &t}
	e.scheduleSave(b, pb)
}

// persistClosed is the :bdelete hook: a buffer's history is written when
// it is closed, if it changed.
func (e *Editor) persistClosed(b *Buffer) {
	if pb := e.persist.bufs[b]; pb != nil && e.persistOn() && !pb.sched.same(fingerprintOf(b.tree)) {
		e.scheduleSave(b, pb)
	}
}

// scheduleSave hands b's history to the writer: O(1) on this goroutine
// (a snapshot and a queue entry); encoding and I/O happen on the writer's.
// Nothing is written for a buffer without history, whose text was never
// on disk, or whose saved state was pruned from the history (there is
// nothing to anchor it to).
func (e *Editor) scheduleSave(b *Buffer, pb *persistBuf) bool {
	if pb.path == "" || b.tree.Levels() < 0 || b.tree.Len() == 0 {
		return false // no file, no undo, or nothing to undo (Vim writes nothing either)
	}
	dir, ok := e.persistDir()
	if !ok {
		return false
	}
	snap := b.tree.Snapshot()
	saved := snap.Saved()
	if saved < 0 || !e.fixAnchor(b, pb, snap, saved) || !e.prepareWrite(b, pb, dir) {
		return false
	}
	e.writer(dir).Schedule(undofile.Job{
		Path: pb.path, Image: snap.Export, SavedSeq: saved, Disk: pb.anchor.disk, Text: pb.anchor.text,
	})
	pb.sched, pb.schedAt = fingerprintOf(b.tree), e.clock.Now()
	return true
}

// fixAnchor makes sure the anchor describes state saved of b's tree. It
// does after a read or a write; after anything else that moved the saved
// state (:e!, a reload, :rundo) the bytes are recomputed from that state's
// text and the buffer's file flags.
func (e *Editor) fixAnchor(b *Buffer, pb *persistBuf, snap undo.Snapshot, saved int) bool {
	a := &pb.anchor
	if a.tree == b.tree && a.seq == saved && a.text != nil {
		return true
	}
	if b.noFile {
		return false
	}
	text, err := snap.TextAt(saved)
	if err != nil {
		return false
	}
	eol := b.eol && !(text.Len() == 0 && b.empty) || e.opt.FixEndOfLine && text.Len() > 0
	*a = anchor{tree: b.tree, seq: saved, disk: hashEncoded(text, eol, formatOf(b.ff)), text: &text}
	return true
}

// prepareWrite runs before a buffer's first write: an undo file that could
// not be loaded, or one whose history this buffer never loaded, is set
// aside rather than replaced. It reports false when that failed: the
// buffer's history is then not written, so nothing is lost.
func (e *Editor) prepareWrite(b *Buffer, pb *persistBuf, dir string) bool {
	if pb.checked && pb.bad == "" {
		return true
	}
	name := pb.bad
	if name == "" {
		n, err := undofile.Locate(dir, pb.path)
		if err != nil {
			return false
		}
		if _, err := os.Lstat(n); err != nil {
			pb.checked = true
			return true
		}
		name = n
	}
	aside, err := undofile.SetAside(name, e.clock.Now())
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		if !pb.warned {
			pb.warned = true
			e.msg("W: undo file not written: %v; editing continues", err)
		}
		return false
	}
	if err == nil {
		e.msg("undo file %s kept aside as %s", name, aside)
	}
	pb.checked, pb.bad = true, ""
	return true
}

// Tick runs the undo-file save timer at time now: the history of every
// buffer that changed since it was last written, and was last written at
// least undo.save_interval ago, is handed to the background writer. It
// also shows the outcome of finished writes. Run calls it from its timer;
// headless mode has no timer and runs it from :sleep (see persistSleep).
// It reports whether it added a message.
func (e *Editor) Tick(now time.Time) bool {
	n := len(e.msgs)
	e.drainResults()
	if e.persistOn() {
		iv := e.saveInterval()
		for _, b := range e.bufs {
			pb := e.persist.bufs[b]
			if b.name == "" || b.noFile && pb == nil {
				continue
			}
			if pb == nil {
				pb = e.pbuf(b)
			}
			if pb.path == "" && !pb.setPath(b.name) {
				continue
			}
			if now.Sub(pb.schedAt) >= iv && !pb.sched.same(fingerprintOf(b.tree)) {
				e.scheduleSave(b, pb)
			}
		}
	}
	return len(e.msgs) > n
}

// persistSleep is :sleep's hook: the save timer runs on the editor's clock
// (so a virtual clock makes timer writes deterministic), and the writes it
// scheduled are waited for, at most sleepFlushTimeout.
func (e *Editor) persistSleep() {
	e.Tick(e.clock.Now())
	if e.persist.w == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), sleepFlushTimeout)
	defer cancel()
	_ = e.persist.w.Flush(ctx) // a slow disk only delays the write
	e.drainResults()
}

// drainResults shows the outcome of the writes finished so far.
func (e *Editor) drainResults() {
	if e.persist.w == nil {
		return
	}
	for {
		select {
		case r := <-e.persist.w.Results():
			e.undoResult(r)
		default:
			return
		}
	}
}

// undoResult shows one write's outcome: a failure is a warning in the
// message line, once until the next successful write of that file; the
// history is then written again at the next timer tick.
func (e *Editor) undoResult(r undofile.Result) bool {
	var pb *persistBuf
	for _, p := range e.persist.bufs {
		if p.path == r.Path {
			pb = p
			break
		}
	}
	if r.Err == nil {
		if pb != nil {
			pb.warned = false
		}
		return false
	}
	if pb != nil {
		pb.sched = fingerprint{} // retry at the next tick
		if pb.warned {
			return false
		}
		pb.warned = true
	}
	e.msg("W: undo file not written: %s; editing continues", writeReason(r.Err))
	return true
}

// writeReason is the short reason of a failed write: "disk full" or
// "read-only file system" for a full or read-only disk, else the error's
// detail.
func writeReason(err error) string {
	var ue *undofile.Error
	if !errors.As(err, &ue) {
		return err.Error()
	}
	if ue.Kind == undofile.KindNoSpace {
		if i := strings.Index(ue.Detail, " ("); i > 0 {
			return ue.Detail[:i]
		}
	}
	return ue.Detail
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
// reported on standard error (after the last step nothing else shows them).
func (e *Editor) closeHeadless() {
	if err := e.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "kjx:", err)
	}
}
