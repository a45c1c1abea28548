package editor

import (
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
)

// Options are the Vim options kjx knows, with their values. :set changes
// them; a config file will set them through the same names (see
// (*Editor).SetOption). The zero value is not useful: start from
// DefaultOptions.
type Options struct {
	TabStop        int    // 'tabstop'
	ShiftWidth     int    // 'shiftwidth' (0: use tabstop)
	SoftTabStop    int    // 'softtabstop'
	ExpandTab      bool   // 'expandtab'
	AutoIndent     bool   // 'autoindent'
	ShiftRound     bool   // 'shiftround'
	IgnoreCase     bool   // 'ignorecase'
	SmartCase      bool   // 'smartcase'
	HLSearch       bool   // 'hlsearch'
	IncSearch      bool   // 'incsearch'
	WrapScan       bool   // 'wrapscan'
	Wrap           bool   // 'wrap'
	List           bool   // 'list'
	Number         bool   // 'number'
	RelativeNumber bool   // 'relativenumber'
	UndoFile       bool   // 'undofile' (kjx default on; Config.Clean turns it off)
	UndoLevels     int    // 'undolevels'
	UndoDir        string // 'undodir' ("" = the XDG default)
	FileFormat     string // 'fileformat' for new buffers: "unix" or "dos"
	FixEndOfLine   bool   // 'fixendofline' (kjx default off: files stay byte-exact)
	Backspace      string // 'backspace'
	ScrollOff      int    // 'scrolloff'
	NrFormats      string // 'nrformats'
	Report         int    // 'report'
	StartOfLine    bool   // 'startofline'
	Magic          bool   // 'magic'
	Gdefault       bool   // 'gdefault'
	JoinSpaces     bool   // 'joinspaces'
	TildeOp        bool   // 'tildeop'
	History        int    // 'history'
	TimeoutLen     int    // 'timeoutlen': ms to wait for the rest of a mapping (editor/timeout.go)
}

// DefaultOptions returns Vim's defaults as `vim --clean` has them (which
// include defaults.vim: backspace, scrolloff, nrformats, incsearch),
// except that 'fixendofline' is off and 'undofile' is on (persistent undo
// is kjx's default; Config.Clean turns it off).
func DefaultOptions() Options {
	return Options{
		TabStop:      8,
		ShiftWidth:   8,
		IncSearch:    true,
		WrapScan:     true,
		Wrap:         true,
		UndoLevels:   1000,
		UndoFile:     true,
		FileFormat:   "unix",
		Backspace:    "indent,eol,start",
		ScrollOff:    5,
		NrFormats:    "bin,hex",
		Report:       2,
		StartOfLine:  true,
		Magic:        true,
		History:      200,
		TimeoutLen:   1000,
		FixEndOfLine: false,
		JoinSpaces:   true,
	}
}

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
	// UndoMaxNodes caps the nodes of each undo tree (undo.max_entries);
	// 0 means the undo package's default. 'undolevels' can raise it.
	UndoMaxNodes int
	// Location is the time zone of times in undo messages and :undolist;
	// nil means time.Local.
	Location *time.Location
	// Home is the user's home directory, which "~/" stands for in file
	// names completed on the command line ("": not expanded). The core
	// reads no environment: the session fills it from $HOME.
	Home string
	// Persist is persistent undo (the session's); nil means none.
	Persist Persistence
	// Watch is the file watcher (the session's); nil means none: files
	// are checked by PollFiles, :checktime and before each :w.
	Watch FileWatch
}

// shiftWidth is the effective 'shiftwidth'.
func (o *Options) shiftWidth() int {
	if o.ShiftWidth > 0 {
		return o.ShiftWidth
	}
	return o.TabStop
}
