package editor

import (
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/options"
)

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
	// Clock is the time source of undo timestamps, :earlier 10s, :undolist
	// and :sleep. nil means a virtual clock standing at clock.Epoch until
	// :sleep moves it: a core made from a zero Config never reads the wall
	// clock, and its runs are reproducible. The session gives the wall
	// clock (or --clock's virtual one).
	Clock clock.Clock
	// Height and Width are the window size in cells (default 24 × 80).
	Height, Width int
	// Clean means no persistent undo files unless an option turns them on:
	// New turns 'undofile' off (see docs/persistence.md).
	Clean bool
	// ReadOnly is kjx -R (Vim's -R): every file opened gets 'readonly', so
	// :w says E45 and :w! writes (readonly.go).
	ReadOnly bool
	// UndoMaxNodes caps the nodes of each undo tree (undo.max_entries);
	// 0 means the undo package's default. 'undolevels' can raise it.
	UndoMaxNodes int
	// Location is the time zone of times in undo messages and :undolist;
	// nil means time.Local.
	Location *time.Location
	// FileType returns the 'filetype' of a file opened as name with text
	// (the UI's detection: name, #!, modeline); nil detects nothing.
	FileType func(name string, text buffer.Rope) string
	// ColorSchemes are the names :colorscheme accepts; "default" is
	// always one of them.
	ColorSchemes []string
	// Home is the user's home directory, which "~/" stands for in file
	// names completed on the command line ("": not expanded). The core
	// reads no environment: the session fills it from $HOME.
	Home string
	// Persist is persistent undo (the session's); nil means none.
	Persist Persistence
	// Watch is the file watcher (the session's); nil means none: files
	// are checked by PollFiles, :checktime and before each :w.
	Watch FileWatch
	// Workspace is the workspace history (the session's: checkpoints
	// across files, :rewind); nil means none.
	Workspace Workspace
	// Shell (the session's) runs :!cmd, filters and :r !cmd; nil means none:
	// they fail with E282 (the session gives package shell's Runner).
	Shell ShellRunner
}
