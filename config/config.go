package config

import (
	"time"
)

// Config is the whole kjx configuration. It is a plain value: copy it
// freely. The maps in Keys are built fresh by every Load and never written
// afterwards, so copies may share them as long as nobody mutates them; copy
// a map before changing it.
type Config struct {
	Undo   UndoConfig
	Editor EditorConfig
	Panel  PanelConfig
	Keys   KeysConfig
}

// UndoConfig is the [undo] table: persistent undo files and history limits.
type UndoConfig struct {
	// Persistent enables writing and reading undo files.
	Persistent bool
	// Dir is the absolute directory holding undo files. It is "" only when
	// no default could be derived from the environment (no HOME and no
	// XDG_DATA_HOME) and the file named none; the caller must then treat
	// persistent undo as off and say so.
	Dir string
	// MaxFileSize is the largest undo file to write, in bytes; 0 = no limit.
	MaxFileSize int64
	// MaxEntries is the most undo-tree nodes kept per buffer (≥ 1).
	MaxEntries int
	// SaveInterval is how often a buffer with unsaved changes has its undo
	// file written in the background (≥ 1s).
	SaveInterval time.Duration
	// PersistDays is how many days an unused undo file is kept; 0 = forever.
	// Workspace checkpoints older than this are dropped too.
	PersistDays int
	// StoreMaxSize caps a workspace's history (its checkpoint log and
	// content store) in bytes; 0 = no limit. The oldest checkpoints go
	// first, never the newest checkpoint of a file.
	StoreMaxSize int64
	// Levels is Vim's 'undolevels': -1 disables undo.
	Levels int
}

// EditorConfig is the [editor] table: Vim options, same names and meanings.
type EditorConfig struct {
	TabStop        int
	ShiftWidth     int // 0 = use TabStop
	SoftTabStop    int // 0 = off, -1 = use ShiftWidth
	ExpandTab      bool
	AutoIndent     bool
	ShiftRound     bool
	Number         bool
	RelativeNumber bool
	Wrap           bool
	IgnoreCase     bool
	SmartCase      bool
	HLSearch       bool
	IncSearch      bool
	WrapScan       bool
	FixEndOfLine   bool
	ScrollOff      int
	SideScrollOff  int
	TimeoutLen     int // milliseconds to wait for the rest of a mapping
	TextWidth      int // 0 = off
	SmartIndent    bool
	Hidden         bool
	Syntax         bool   // colour source code (Vim's :syntax on)
	ColorScheme    string // the colour scheme's name (Vim's :colorscheme)
}

// PanelSide is where the undo-tree panel sits.
type PanelSide string

// Panel sides.
const (
	SideLeft  PanelSide = "left"
	SideRight PanelSide = "right"
)

// DiffMode is how the panel previews the state under its cursor.
type DiffMode string

// Diff modes.
const (
	DiffAuto    DiffMode = "auto"    // bottom on terminals wider than 120 columns, else below
	DiffBelow   DiffMode = "below"   // a diff window below the panel
	DiffBottom  DiffMode = "bottom"  // a full-width diff window under the text
	DiffReplace DiffMode = "replace" // the diff replaces the text window
	DiffOff     DiffMode = "off"     // no preview
)

// TimeFormat is how the panel shows node times.
type TimeFormat string

// Time formats.
const (
	TimeRelative TimeFormat = "relative" // "5 minutes ago"
	TimeAbsolute TimeFormat = "absolute" // "2024-05-01 14:03:22"
)

// Glyphs selects the characters the panel draws the tree with.
type Glyphs string

// Glyph sets.
const (
	GlyphsUnicode Glyphs = "unicode"
	GlyphsASCII   Glyphs = "ascii"
)

// PanelConfig is the [panel] table: the undo-tree panel.
type PanelConfig struct {
	Side       PanelSide
	Width      int
	Diff       DiffMode
	TimeFormat TimeFormat
	Glyphs     Glyphs
}

// KeysConfig is the [keys.*] tables: user key maps per mode, left-hand side
// to right-hand side, both in Vim key notation exactly as written in the
// file (each has passed ParseKeys). A nil map means no mappings.
type KeysConfig struct {
	Normal map[string]string
	Insert map[string]string
	Panel  map[string]string
}

// Default returns the built-in configuration: every option at its
// documented default, the undo directory resolved from env (see
// DefaultUndoDir; "" when that fails) and no key mappings.
func Default(env Env) Config {
	var c Config
	for _, o := range options {
		o.setDefault(&c, env)
	}
	return c
}

// Option returns the value of the scalar option with dotted key key
// ("editor.tabstop"): a bool, int, int64, string, time.Duration or one of
// the enum types, the type of its field. ok is false for a key that is
// not an option.
func (c Config) Option(key string) (v any, ok bool) {
	o, ok := optionIndex[key]
	if !ok {
		return nil, false
	}
	return o.value(&c), true
}
