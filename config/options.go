package config

import (
	"fmt"
	"time"

	optable "github.com/kjx-editor/kjx/editor/options"
)

// options lists every scalar key in the order the documentation shows them.
// Key maps ([keys.*]) are described by keymaps below.
var options = []option{
	// [undo]
	vimBool("undo.persistent", func(c *Config) *bool { return &c.Undo.Persistent }),
	dirOpt{base[string]{"undo.dir", vimDoc("undo.dir"),
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
	vimInt("undo.levels", func(c *Config) *int { return &c.Undo.Levels }),

	// [editor]: Vim options, whose names, defaults, limits and docs are
	// the option table's (editor/options).
	vimInt("editor.tabstop", func(c *Config) *int { return &c.Editor.TabStop }),
	vimInt("editor.shiftwidth", func(c *Config) *int { return &c.Editor.ShiftWidth }),
	vimInt("editor.softtabstop", func(c *Config) *int { return &c.Editor.SoftTabStop }),
	vimBool("editor.expandtab", func(c *Config) *bool { return &c.Editor.ExpandTab }),
	vimBool("editor.autoindent", func(c *Config) *bool { return &c.Editor.AutoIndent }),
	vimBool("editor.shiftround", func(c *Config) *bool { return &c.Editor.ShiftRound }),
	vimBool("editor.number", func(c *Config) *bool { return &c.Editor.Number }),
	vimBool("editor.relativenumber", func(c *Config) *bool { return &c.Editor.RelativeNumber }),
	vimBool("editor.wrap", func(c *Config) *bool { return &c.Editor.Wrap }),
	vimBool("editor.ignorecase", func(c *Config) *bool { return &c.Editor.IgnoreCase }),
	vimBool("editor.smartcase", func(c *Config) *bool { return &c.Editor.SmartCase }),
	vimBool("editor.hlsearch", func(c *Config) *bool { return &c.Editor.HLSearch }),
	vimBool("editor.incsearch", func(c *Config) *bool { return &c.Editor.IncSearch }),
	vimBool("editor.wrapscan", func(c *Config) *bool { return &c.Editor.WrapScan }),
	vimBool("editor.fixendofline", func(c *Config) *bool { return &c.Editor.FixEndOfLine }),
	vimInt("editor.scrolloff", func(c *Config) *int { return &c.Editor.ScrollOff }),
	vimInt("editor.sidescrolloff", func(c *Config) *int { return &c.Editor.SideScrollOff }),
	vimInt("editor.timeoutlen", func(c *Config) *int { return &c.Editor.TimeoutLen }),
	vimInt("editor.textwidth", func(c *Config) *int { return &c.Editor.TextWidth }),
	vimBool("editor.smartindent", func(c *Config) *bool { return &c.Editor.SmartIndent }),
	vimBool("editor.hidden", func(c *Config) *bool { return &c.Editor.Hidden }),
	boolOpt{base[bool]{"editor.syntax", "Colour source code by its file type, as Vim's `:syntax on` (see docs/ui.md); `:syntax off` turns it off for the session.",
		func(c *Config) *bool { return &c.Editor.Syntax }}, true},
	nameOpt{base[string]{"editor.colorscheme", "Colour scheme: `default` (the 16-colour `dark` or `light`, after `$COLORFGBG`), `dark`, `light`, or one of chroma's styles such as `monokai` (`:colorscheme <Tab>` lists them). An unknown name is reported at start-up and `default` is used.",
		func(c *Config) *string { return &c.Editor.ColorScheme }}, "default"},

	// [panel]
	enumOpt[PanelSide]{base[PanelSide]{"panel.side", "Side of the screen the undo-tree panel opens on.",
		func(c *Config) *PanelSide { return &c.Panel.Side }}, SideLeft, []PanelSide{SideLeft, SideRight}},
	intOpt[int]{base[int]{"panel.width", "Width of the undo-tree panel in columns.",
		func(c *Config) *int { return &c.Panel.Width }}, 36, 20, 200},
	enumOpt[DiffMode]{base[DiffMode]{"panel.diff", "Where the diff of the state under the panel cursor is shown: in a window below the panel, in a full-width window under the text, in place of the text, or not at all; auto is bottom on terminals wider than 120 columns, below otherwise.",
		func(c *Config) *DiffMode { return &c.Panel.Diff }}, DiffAuto, []DiffMode{DiffAuto, DiffBelow, DiffBottom, DiffReplace, DiffOff}},
	enumOpt[TimeFormat]{base[TimeFormat]{"panel.time_format", "How node times are shown: \"5 minutes ago\" or \"2024-05-01 14:03:22\".",
		func(c *Config) *TimeFormat { return &c.Panel.TimeFormat }}, TimeRelative, []TimeFormat{TimeRelative, TimeAbsolute}},
	enumOpt[Glyphs]{base[Glyphs]{"panel.glyphs", "Characters the tree is drawn with; use ascii where the terminal font lacks box-drawing characters.",
		func(c *Config) *Glyphs { return &c.Panel.Glyphs }}, GlyphsUnicode, []Glyphs{GlyphsUnicode, GlyphsASCII}},
}

// vimDef returns the option table's entry for configuration key key; a
// key the table does not know is a programming error.
func vimDef(key string) *optable.Def {
	d := optable.ByConfig(key)
	if d == nil {
		panic(fmt.Sprintf("config: %s is not a key of the option table (editor/options)", key))
	}
	return d
}

// vimDoc is the documentation line of the option with configuration key
// key.
func vimDoc(key string) string { return vimDef(key).Doc }

// vimBool is the boolean Vim option with configuration key key, stored
// in field: its documentation and default come from the option table.
func vimBool(key string, field func(*Config) *bool) boolOpt {
	d, def := vimDef(key), optable.ConfigDefaults()
	return boolOpt{base[bool]{key, d.Doc, field}, *d.Bool(&def)}
}

// vimInt is the number Vim option with configuration key key, stored in
// field: its documentation, default and limits come from the option
// table.
func vimInt(key string, field func(*Config) *int) intOpt[int] {
	d, def := vimDef(key), optable.ConfigDefaults()
	lo, hi := int64(d.Min), int64(d.Max)
	if d.Min == optable.NoMin {
		lo = noMin
	}
	if d.Max == optable.NoMax {
		hi = noMax
	}
	return intOpt[int]{base[int]{key, d.Doc, field}, *d.Int(&def), lo, hi}
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
