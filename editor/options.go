package editor

import (
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor/options"
)

// Clock is the editor's source of time: undo timestamps, :earlier Ns and
// :sleep all go through it, so tests and headless runs can make time
// virtual.
type Clock interface {
	Now() time.Time
	Sleep(d time.Duration)
}

// RealClock is the wall clock.
type RealClock struct{}

// Now returns time.Now().
func (RealClock) Now() time.Time { return time.Now() }

// Sleep sleeps for d.
func (RealClock) Sleep(d time.Duration) { time.Sleep(d) }

// VirtualClock is a clock that only moves when Sleep is called. It belongs
// to the editor goroutine like the rest of the editor state.
type VirtualClock struct{ t time.Time }

// NewVirtualClock returns a clock stopped at t.
func NewVirtualClock(t time.Time) *VirtualClock { return &VirtualClock{t: t} }

// Now returns the clock's time.
func (c *VirtualClock) Now() time.Time { return c.t }

// Sleep advances the clock by d at once.
func (c *VirtualClock) Sleep(d time.Duration) { c.t = c.t.Add(d) }

// Options are the Vim options kjx knows, with their values: the one
// option table's values (package editor/options). :set changes them; a
// config file sets them through the same names (see
// (*Editor).SetOption). The zero value is not useful: start from
// DefaultOptions.
type Options = options.Values

// DefaultOptions returns Vim's defaults as `vim --clean` has them
// (options.Defaults).
func DefaultOptions() Options { return options.Defaults() }

// Config configures a new Editor.
type Config struct {
	// Options are the initial option values (DefaultOptions() when the
	// zero value is passed).
	Options Options
	// Clock is the time source; nil means RealClock.
	Clock Clock
	// Height and Width are the window size in cells (default 24 × 80).
	Height, Width int
	// Clean means no persistent undo files unless an option turns them on:
	// New turns 'undofile' off (see docs/persistence.md).
	Clean bool
	// Undo holds the limits of persistent undo (undo.max_file_size,
	// max_entries, save_interval, persist_days); nil means the defaults of
	// package config. Its Persistent, Dir and Levels are not read: the
	// options 'undofile', 'undodir' and 'undolevels' are.
	Undo *config.UndoConfig
	// Location is the time zone of times in undo messages and :undolist;
	// nil means time.Local.
	Location *time.Location
	// FileType returns the 'filetype' of a file opened as name with text
	// (the UI's detection: name, #!, modeline); nil detects nothing.
	FileType func(name string, text buffer.Rope) string
	// ColorSchemes are the names :colorscheme accepts; "default" is
	// always one of them.
	ColorSchemes []string
}
