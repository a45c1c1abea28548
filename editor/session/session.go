package session

import (
	"errors"
	"sync/atomic"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/shell"
)

// Config configures a Session.
type Config struct {
	// Editor configures the core. The session fills in its Clock (with
	// Clock), its Persist and Watch ports, its Shell port unless set
	// (package shell with $SHELL from Env, sh without), its Home (from
	// Env) and, when Undo is set, its UndoMaxNodes.
	Editor editor.Config
	// Clock is the clock of the session and its core: undo timestamps,
	// :sleep, the undo-file save timer, 'timeoutlen', the watchers'
	// debounce. nil is the wall clock. `kjx --headless --clock` makes it
	// virtual.
	Clock clock.Clock
	// Wall is the time that is compared with the file system's
	// timestamps: the age of undo files (retention), of temporary files
	// left by killed writers, and of a file rewritten within one tick of
	// the file system's clock. It stays the wall clock when Clock is
	// virtual, so that a run on a virtual clock never deletes a history
	// it would not delete otherwise. nil is the wall clock.
	Wall clock.Clock
	// Undo holds the limits of persistent undo (undo.max_file_size,
	// max_entries, save_interval, persist_days); nil means the defaults of
	// package config. Its Persistent, Dir and Levels are not read: the
	// options 'undofile', 'undodir' and 'undolevels' are.
	Undo *config.UndoConfig
	// Env is the environment: $XDG_DATA_HOME and $HOME for the default
	// 'undodir', $HOME for ~ in file names, $SHELL for :!cmd. nil is an
	// empty environment, in which only an absolute 'undodir' has undo
	// files.
	Env config.Env
	// WorkDir is the directory kjx was started in: its workspace
	// (workspace.Root) gets a workspace history of checkpoints across
	// files (workspace*.go) while 'undofile' is on. "" means none.
	WorkDir string
}

// Session owns an editor core and everything beside it (see doc.go). All
// its methods must be called from the goroutine that owns it: Run's while
// Run runs.
type Session struct {
	cfg   Config
	env   config.Env
	clock clock.Clock
	wall  clock.Clock
	ed    *editor.Editor

	persist persistState // undo files (persist*.go)
	disk    diskWatch    // the watcher of the open files (watch.go)
	live    configLive   // the configuration file, applied live (configlive.go)
	ws      wsState      // the workspace history (workspace*.go)

	// flushKeys is set by Interrupt: the keys typed ahead of the CTRL-C
	// are dropped, up to the CTRL-C key the UI sends after it.
	flushKeys atomic.Bool
}

// New returns a session whose core has one empty, unnamed buffer. With
// 'undofile' on, the retention pass over the undo directory starts in the
// background.
func New(cfg Config) *Session {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real()
	}
	if cfg.Wall == nil {
		cfg.Wall = clock.Real()
	}
	if cfg.Env == nil {
		cfg.Env = func(string) string { return "" }
	}
	s := &Session{cfg: cfg, env: cfg.Env, clock: cfg.Clock, wall: cfg.Wall}
	ecfg := cfg.Editor
	ecfg.Clock = cfg.Clock
	ecfg.Home = cfg.Env("HOME")
	ecfg.Persist = persistPort{s}
	ecfg.Watch = watchPort{s}
	ecfg.Workspace = workspacePort{s}
	if ecfg.Shell == nil {
		ecfg.Shell = shellPort{shell.Runner{Shell: cfg.Env("SHELL")}}
	}
	if cfg.Undo != nil {
		ecfg.UndoMaxNodes = cfg.Undo.MaxEntries
	}
	s.ed = editor.New(ecfg)
	if s.persistOn() {
		s.startPrune()
	}
	return s
}

// Editor returns the session's core, for the goroutine that owns the
// session.
func (s *Session) Editor() *editor.Editor { return s.ed }

// Interrupt is CTRL-C while the core is busy (editor.Editor.Interrupt):
// the UI calls it from its own goroutine before it sends the key, so that
// a macro that runs itself stops. The keys typed before the CTRL-C that
// still wait are dropped, as Vim flushes its typeahead: a typed-ahead
// "@q" would start the macro again. Safe to call from any goroutine.
func (s *Session) Interrupt() {
	s.flushKeys.Store(true)
	s.ed.Interrupt()
}

// afterInterrupt is keys without those typed before the CTRL-C of an
// Interrupt, which ends the flushing (and is kept: the core's CTRL-C).
func (s *Session) afterInterrupt(keys []editor.Key) []editor.Key {
	if !s.flushKeys.Load() {
		return keys
	}
	for i, k := range keys {
		if k == editor.Ctrl('c') {
			s.flushKeys.Store(false)
			return keys[i:]
		}
	}
	return nil
}

// Clock returns the session's clock.
func (s *Session) Clock() clock.Clock { return s.clock }

// Close ends the session's work beside the core: FlushUndoFiles, then the
// file and configuration watchers stop. The headless runner calls it at
// its end, the wiring after the UI's Run. Its error joins one error per
// file not written (ErrorLines makes them lines for standard error),
// including those of the exit writes at the end of Run, which the UI no
// longer showed. The session stays usable (a later write starts a new
// writer, a later watch a new watcher).
func (s *Session) Close() error {
	err := s.FlushUndoFiles()
	s.persist.unsaved = nil // reported once
	return errors.Join(err, s.closeWorkspace(), s.StopWatchingFiles(), s.stopConfigWatch())
}
