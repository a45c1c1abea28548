package session

// Persistent undo: the session's side of package undofile, behind the
// core's Persistence port (persistPort). This file holds the per-session
// and per-buffer state, configuration and retention. persist_exit.go has
// the writers' lifecycle (Run's timer, FlushUndoFiles at exit);
// persist_sched.go schedules the writes (on :w, on the save timer, on :bd
// and at exit) and shows their results; persist_open.go reads histories
// when a file is opened; persist_ex.go has :wundo, :rundo and
// :undostats. docs/persistence.md describes it all for users.
//
// Everything here runs on the session's goroutine, which owns the core.
// The writer goroutine only ever sees immutable values: an undo.Snapshot
// (through Job.Image), a *buffer.Rope that is never written after it is
// handed over, and plain values.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/recovery"
)

// Timing of the background writes.
const (
	// saveTickPeriod is how often Run's save timer looks for buffers whose
	// history is due to be written ('save interval' decides when one is).
	saveTickPeriod = time.Second
	// sleepFlushTimeout bounds how long :sleep waits for the writes its
	// timer run scheduled.
	sleepFlushTimeout = 2 * time.Second
)

// persistState is the session's persistent-undo state (Session.persist).
type persistState struct {
	conf    *config.UndoConfig // resolved limits (nil until first needed)
	running bool               // Run's loop is active: the save timer may tick
	ticker  clock.Timer        // Run's save timer (nil: none)
	w       *undofile.Writer
	wDir    string             // the directory w writes to
	retired []*undofile.Writer // writers of an earlier 'undodir' or limits, still writing
	wStale  bool               // the limits changed: the next write starts a new writer
	pruned  bool               // the start-up retention pass was started
	pruneCh chan struct{}      // closed when that pass is done
	dirWarn bool               // the "no undo directory" message was shown
	dirOpt  string             // the 'undodir' value dir was resolved from
	dir     string             // resolved 'undodir' ("": not yet)
	bufs    map[*editor.Buffer]*persistBuf
	rec     recoveryState // recovery files of buffers without an undo file (recovery.go)
	// said counts the messages persistence showed (Tick reports whether
	// it showed one).
	said int
	// unsaved are the files the exit writes could not write, until a
	// later write of each succeeds: FlushUndoFiles and Close return them
	// (after Run's exit writes the UI's message line is gone).
	unsaved []*UnsavedError
	// fault is passed to every writer (undofile.WriterOptions.Fault):
	// tests make the disk full or slow with it; nil otherwise.
	fault func(step string) error
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
	// touched is set once the history changed or the buffer was written
	// in this session: from then on a move alone is written too.
	touched bool
	// announced is the text the last write announced, with its hash
	// (persist_pending.go); nil before the first.
	announced *encodedText
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
	labels                                string // the checkpoints, name=seq (:checkpoint moves no counter)
}

func fingerprintOf(t *undo.Tree) fingerprint {
	return fingerprint{tree: t, seqLast: t.SeqLast(), cur: t.Current(), saveLast: t.SaveLast(),
		nodes: t.Len(), pruned: t.Pruned(), text: t.Freeze(), labels: labelsOf(t)}
}

// labelsOf lists t's checkpoints as "name=seq" words (usually none).
func labelsOf(t *undo.Tree) string {
	var b strings.Builder
	for _, name := range t.Labels() {
		seq, _ := t.LabelSeq(name)
		fmt.Fprintf(&b, "%s=%d ", name, seq)
	}
	return b.String()
}

// same reports whether two fingerprints describe the same history: equal
// counters and an equal text (O(1) when the rope is shared, as it is when
// nothing changed).
func (f fingerprint) same(g fingerprint) bool {
	return f.tree == g.tree && f.seqLast == g.seqLast && f.cur == g.cur && f.saveLast == g.saveLast &&
		f.nodes == g.nodes && f.pruned == g.pruned && f.labels == g.labels && f.text.Equal(g.text)
}

// changedSince reports whether pb's history holds something its undo
// file (scheduled as pb.sched) does not. A history that only moved (u,
// :undo N, g-) is not a change while the buffer was neither changed nor
// written in this session: such a look at old states writes nothing, so
// the undo file stays byte for byte as it was and the next start does not
// offer the state looked at as "recovered" (the states are all in the file
// already). Once the buffer was changed or written, the position is
// written too, as unsaved work to recover.
func (pb *persistBuf) changedSince(t *undo.Tree) bool {
	f, g := pb.sched, fingerprintOf(t)
	if f.same(g) {
		return false
	}
	if pb.touched || f.tree != g.tree || f.seqLast != g.seqLast || f.saveLast != g.saveLast || f.nodes != g.nodes ||
		f.pruned != g.pruned || f.labels != g.labels || f.cur == g.cur {
		pb.touched = true // a new or changed state (f.cur == g.cur: the open block)
		return true
	}
	then, err := t.Snapshot().TextAt(f.cur)
	if err != nil || !then.Equal(f.text) {
		pb.touched = true // typed into a block, then moved away
		return true
	}
	return false
}

// persistOn reports whether undo files are read and written: 'undofile' is
// set and undo is not disabled ('undolevels' < 0).
func (s *Session) persistOn() bool {
	o := s.ed.Options()
	return o.UndoFile && o.UndoLevels >= 0
}

// say shows a message of persistent undo in the message line.
func (s *Session) say(format string, args ...any) {
	s.persist.said++
	s.ed.ShowMessage(fmt.Sprintf(format, args...))
}

// undoConf returns the persistent-undo limits: Config.Undo, or the
// defaults of package config.
func (s *Session) undoConf() *config.UndoConfig {
	if s.persist.conf == nil {
		if s.cfg.Undo != nil {
			c := *s.cfg.Undo
			s.persist.conf = &c
		} else {
			c := config.Default(s.env).Undo
			s.persist.conf = &c
		}
	}
	return s.persist.conf
}

// undoLimits are the undofile limits from the configuration.
func (s *Session) undoLimits() undofile.Limits {
	c := s.undoConf()
	lim := undofile.Limits{MaxFileSize: c.MaxFileSize, MaxEntries: c.MaxEntries}
	if c.MaxFileSize == 0 {
		lim.MaxFileSize = undofile.NoLimit
	}
	return lim
}

// saveInterval is undo.save_interval (default 10 s).
func (s *Session) saveInterval() time.Duration {
	if d := s.undoConf().SaveInterval; d > 0 {
		return d
	}
	return 10 * time.Second
}

// undoDir resolves 'undodir': "" is the XDG default; a leading ~ is the
// home directory ($HOME); a relative name is made absolute.
func (s *Session) undoDir() (string, error) {
	d := s.ed.Options().UndoDir
	if d == "" {
		return config.DefaultUndoDir(s.env)
	}
	if d == "~" || strings.HasPrefix(d, "~/") {
		home := s.env("HOME")
		if home == "" {
			return "", fmt.Errorf("'undodir' %s: $HOME is not defined", d)
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
func (s *Session) persistDir() (string, bool) {
	p := &s.persist
	opt := s.ed.Options().UndoDir
	if p.dir != "" && p.dirOpt == opt {
		return p.dir, true
	}
	dir, err := s.undoDir()
	if err != nil {
		if !p.dirWarn {
			p.dirWarn = true
			s.say("W: no undo directory (%v): undo files are not written", err)
		}
		return "", false
	}
	p.dir, p.dirOpt = dir, opt
	return dir, true
}

// startPrune runs undofile.Prune once per session, on its own goroutine.
// A history is removed only when it was not used for undo.persist_days,
// never because its text file is absent (it may come back).
func (s *Session) startPrune() {
	if s.persist.pruned {
		return
	}
	dir, err := s.undoDir()
	if err != nil {
		return
	}
	s.persist.pruned = true
	maxAge := time.Duration(s.undoConf().PersistDays) * 24 * time.Hour
	now := s.wall.Now() // compared with the undo files' modification times
	done := make(chan struct{})
	s.persist.pruneCh = done
	go func() {
		defer close(done)
		_, _ = undofile.Prune(dir, maxAge, now) // best effort: :undostats shows the state
		if _, err := os.Lstat(recovery.Dir(dir)); err == nil {
			_, _ = undofile.Prune(recovery.Dir(dir), maxAge, now) // recovery files age alike
		}
	}()
}

// applyUndoConfig takes new persistent-undo limits (a configuration
// reload): later writes use them, on a new writer (the old one finishes
// its queue in the background), and new undo trees get the new
// max_entries; existing trees keep their cap.
func (s *Session) applyUndoConfig(c config.UndoConfig) {
	s.cfg.Undo = &c
	s.ed.SetUndoMaxNodes(c.MaxEntries)
	s.persist.conf = nil
	s.persist.wStale = s.persist.w != nil
}

// pbuf returns b's state, creating it.
func (s *Session) pbuf(b *editor.Buffer) *persistBuf {
	if s.persist.bufs == nil {
		s.persist.bufs = map[*editor.Buffer]*persistBuf{}
	}
	pb := s.persist.bufs[b]
	if pb == nil {
		pb = &persistBuf{schedAt: s.clock.Now()}
		s.persist.bufs[b] = pb
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
