package config

import "time"

// options lists every scalar key in the order the documentation shows them.
// Key maps ([keys.*]) are described by keymaps below.
var options = []option{
	// [undo]
	boolOpt{base[bool]{"undo.persistent", "Write the undo history to an undo file and read it back when the file is opened again.",
		func(c *Config) *bool { return &c.Undo.Persistent }}, true},
	dirOpt{base[string]{"undo.dir", "Directory holding the undo files, one per edited file, named from its absolute path with `/` replaced by `%`.",
		func(c *Config) *string { return &c.Undo.Dir }}, DefaultUndoDir, "`$XDG_DATA_HOME/kjx/undo` (`~/.local/share/kjx/undo`)"},
	intOpt[int64]{base[int64]{"undo.max_file_size", "Largest undo file to write, in bytes; the oldest history is folded into the root to fit. 0 = no limit.",
		func(c *Config) *int64 { return &c.Undo.MaxFileSize }}, 10 << 20, 0, noMax},
	intOpt[int]{base[int]{"undo.max_entries", "Most undo-tree nodes kept per buffer; the oldest history is folded into the root first, never the path to the current state.",
		func(c *Config) *int { return &c.Undo.MaxEntries }}, 10000, 1, noMax},
	durationOpt{base[time.Duration]{"undo.save_interval", "How often a buffer with unsaved changes has its undo file written in the background (it is always written on `:w`).",
		func(c *Config) *time.Duration { return &c.Undo.SaveInterval }}, 10 * time.Second, time.Second},
	intOpt[int]{base[int]{"undo.persist_days", "Undo files not used for this many days are deleted, and workspace checkpoints older than this. 0 = keep forever.",
		func(c *Config) *int { return &c.Undo.PersistDays }}, 90, 0, noMax},
	intOpt[int64]{base[int64]{"undo.store_max_size", "Largest size of a workspace's history (checkpoint log and stored texts), in bytes; the oldest checkpoints go first, never the newest checkpoint of a file. 0 = no limit.",
		func(c *Config) *int64 { return &c.Undo.StoreMaxSize }}, 1 << 30, 0, noMax},
	intOpt[int]{base[int]{"undo.levels", "Vim's 'undolevels': the most changes that can be undone; -1 disables undo.",
		func(c *Config) *int { return &c.Undo.Levels }}, 1000, -1, noMax},

	// [editor]
	intOpt[int]{base[int]{"editor.tabstop", "Vim's 'tabstop': columns a `<Tab>` in the file counts for.",
		func(c *Config) *int { return &c.Editor.TabStop }}, 8, 1, 64},
	intOpt[int]{base[int]{"editor.shiftwidth", "Vim's 'shiftwidth': columns for each step of `>>`, `<<` and autoindent; 0 = use tabstop.",
		func(c *Config) *int { return &c.Editor.ShiftWidth }}, 8, 0, 64},
	intOpt[int]{base[int]{"editor.softtabstop", "Vim's 'softtabstop': columns a `<Tab>` or `<BS>` typed in insert mode counts for; 0 = off, -1 = use shiftwidth.",
		func(c *Config) *int { return &c.Editor.SoftTabStop }}, 0, -1, 64},
	boolOpt{base[bool]{"editor.expandtab", "Vim's 'expandtab': insert spaces instead of a `<Tab>`.",
		func(c *Config) *bool { return &c.Editor.ExpandTab }}, false},
	boolOpt{base[bool]{"editor.autoindent", "Vim's 'autoindent': a new line copies the indent of the current one.",
		func(c *Config) *bool { return &c.Editor.AutoIndent }}, false},
	boolOpt{base[bool]{"editor.shiftround", "Vim's 'shiftround': round `>` and `<` indents to a multiple of shiftwidth.",
		func(c *Config) *bool { return &c.Editor.ShiftRound }}, false},
	boolOpt{base[bool]{"editor.number", "Vim's 'number': show line numbers.",
		func(c *Config) *bool { return &c.Editor.Number }}, false},
	boolOpt{base[bool]{"editor.relativenumber", "Vim's 'relativenumber': show line numbers relative to the cursor line.",
		func(c *Config) *bool { return &c.Editor.RelativeNumber }}, false},
	boolOpt{base[bool]{"editor.wrap", "Vim's 'wrap': long lines continue on the next screen line.",
		func(c *Config) *bool { return &c.Editor.Wrap }}, true},
	boolOpt{base[bool]{"editor.ignorecase", "Vim's 'ignorecase': searches ignore case.",
		func(c *Config) *bool { return &c.Editor.IgnoreCase }}, false},
	boolOpt{base[bool]{"editor.smartcase", "Vim's 'smartcase': with ignorecase, a pattern with an upper-case letter is case sensitive.",
		func(c *Config) *bool { return &c.Editor.SmartCase }}, false},
	boolOpt{base[bool]{"editor.hlsearch", "Vim's 'hlsearch': highlight all matches of the last search.",
		func(c *Config) *bool { return &c.Editor.HLSearch }}, false},
	boolOpt{base[bool]{"editor.incsearch", "Vim's 'incsearch': show the match while the pattern is typed.",
		func(c *Config) *bool { return &c.Editor.IncSearch }}, true},
	boolOpt{base[bool]{"editor.wrapscan", "Vim's 'wrapscan': searches wrap around the end of the file.",
		func(c *Config) *bool { return &c.Editor.WrapScan }}, true},
	boolOpt{base[bool]{"editor.fixendofline", "Vim's 'fixendofline': write a final newline when the file lacks one. Off by default (unlike Vim) so that every file round-trips byte for byte.",
		func(c *Config) *bool { return &c.Editor.FixEndOfLine }}, false},
	intOpt[int]{base[int]{"editor.scrolloff", "Vim's 'scrolloff': screen lines kept above and below the cursor; a large value such as 999 keeps it centred.",
		func(c *Config) *int { return &c.Editor.ScrollOff }}, 0, 0, 9999},
	intOpt[int]{base[int]{"editor.sidescrolloff", "Vim's 'sidescrolloff': screen columns kept left and right of the cursor when not wrapping.",
		func(c *Config) *int { return &c.Editor.SideScrollOff }}, 0, 0, 9999},
	intOpt[int]{base[int]{"editor.timeoutlen", "Vim's 'timeoutlen': milliseconds to wait for the rest of a mapped key sequence.",
		func(c *Config) *int { return &c.Editor.TimeoutLen }}, 1000, 0, 60000},
	boolOpt{base[bool]{"editor.syntax", "Colour source code by its file type, as Vim's `:syntax on` (see docs/ui.md); `:syntax off` turns it off for the session.",
		func(c *Config) *bool { return &c.Editor.Syntax }}, true},
	nameOpt{base[string]{"editor.colorscheme", "Colour scheme: `default` (the 16-colour `dark` or `light`, after `$COLORFGBG`), `dark`, `light`, or one of chroma's styles such as `monokai` (`:colorscheme <Tab>` lists them). An unknown name is reported at start-up and `default` is used.",
		func(c *Config) *string { return &c.Editor.ColorScheme }}, "default"},

	// [panel]
	enumOpt[PanelSide]{base[PanelSide]{"panel.side", "Side of the screen the undo-tree panel opens on.",
		func(c *Config) *PanelSide { return &c.Panel.Side }}, SideLeft, []PanelSide{SideLeft, SideRight}},
	intOpt[int]{base[int]{"panel.width", "Width of the undo-tree panel in columns.",
		func(c *Config) *int { return &c.Panel.Width }}, 36, 20, 200},
	enumOpt[DiffMode]{base[DiffMode]{"panel.diff", "Where the diff of the state under the panel cursor is shown: in a window below the panel, in place of the text, or not at all.",
		func(c *Config) *DiffMode { return &c.Panel.Diff }}, DiffBelow, []DiffMode{DiffBelow, DiffReplace, DiffOff}},
	enumOpt[TimeFormat]{base[TimeFormat]{"panel.time_format", "How node times are shown: \"5 minutes ago\" or \"2024-05-01 14:03:22\".",
		func(c *Config) *TimeFormat { return &c.Panel.TimeFormat }}, TimeRelative, []TimeFormat{TimeRelative, TimeAbsolute}},
	enumOpt[Glyphs]{base[Glyphs]{"panel.glyphs", "Characters the tree is drawn with; use ascii where the terminal font lacks box-drawing characters.",
		func(c *Config) *Glyphs { return &c.Panel.Glyphs }}, GlyphsUnicode, []Glyphs{GlyphsUnicode, GlyphsASCII}},
}

// keymap is one [keys.MODE] table of mappings.
type keymap struct {
	name  string // dotted key, e.g. "keys.normal"
	doc   string
	field func(*Config) *map[string]string
}

// keymaps lists the mapping tables in documentation order.
var keymaps = []keymap{
	{"keys.normal", "Normal-mode mappings (Vim's `:nnoremap`).", func(c *Config) *map[string]string { return &c.Keys.Normal }},
	{"keys.insert", "Insert-mode mappings (Vim's `:inoremap`).", func(c *Config) *map[string]string { return &c.Keys.Insert }},
	{"keys.panel", "Mappings active while the undo-tree panel has the keyboard; the right side holds panel keys only (`j`, `k`, `<CR>`, …, see docs/ui.md).", func(c *Config) *map[string]string { return &c.Keys.Panel }},
}

// tables lists the tables that hold other keys, "" being the document.
var tables = []string{"", "undo", "editor", "panel", "keys"}
