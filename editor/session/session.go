package session

import (
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// Config configures a Session.
type Config struct {
	// Editor configures the core. Its Clock is replaced by Clock: the
	// session and its core share one clock.
	Editor editor.Config
	// Clock is the one clock of the session and its core; nil is the
	// wall clock.
	Clock clock.Clock
}

// Session owns an editor core and everything beside it. All its methods
// must be called from the goroutine that owns it (Run's, while Run runs).
type Session struct {
	cfg   Config
	clock clock.Clock
	ed    *editor.Editor
}

// New returns a session whose core has one empty, unnamed buffer.
func New(cfg Config) *Session {
	if cfg.Clock == nil {
		cfg.Clock = clock.Real()
	}
	cfg.Editor.Clock = cfg.Clock
	s := &Session{cfg: cfg, clock: cfg.Clock}
	s.ed = editor.New(cfg.Editor)
	return s
}

// Editor returns the session's core, for the goroutine that owns the
// session.
func (s *Session) Editor() *editor.Editor { return s.ed }

// Close ends the session's work beside the core: the undo files of every
// changed buffer are written, synchronously, and the writer is stopped.
// Failures were shown as messages and are returned. The session stays
// usable.
func (s *Session) Close() error { return s.ed.Close() }
