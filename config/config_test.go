package config

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestDefault pins every default the issue specifies.
func TestDefault(t *testing.T) {
	want := Config{
		Undo: UndoConfig{
			Persistent:   true,
			Dir:          "/home/u/.local/share/kjx/undo",
			MaxFileSize:  10485760,
			MaxEntries:   10000,
			SaveInterval: 10 * time.Second,
			PersistDays:  90,
			StoreMaxSize: 1 << 30,
			Levels:       1000,
		},
		Editor: EditorConfig{
			TabStop: 8, ShiftWidth: 8, SoftTabStop: 0,
			Wrap: true, IncSearch: true, WrapScan: true, FixEndOfLine: false,
			TimeoutLen: 1000, Syntax: true, ColorScheme: "default",
		},
		Panel: PanelConfig{Side: SideLeft, Width: 36, Diff: DiffAuto, TimeFormat: TimeRelative, Glyphs: GlyphsUnicode},
	}
	if got := Default(testEnv); !reflect.DeepEqual(got, want) {
		t.Errorf("Default:\n got %+v\nwant %+v", got, want)
	}
	checkValid(t, Default(testEnv), testEnv)
	if got := Default(envOf()).Undo.Dir; got != "" {
		t.Errorf("Default without HOME: Undo.Dir = %q, want \"\"", got)
	}
	checkValid(t, Default(envOf()), envOf())
}

// TestOptionTable checks the table itself: unique keys inside known tables,
// a doc line each, and exactly one option per Config field.
func TestOptionTable(t *testing.T) {
	var c Config
	fields := map[uintptr]string{}
	for _, sect := range []reflect.Value{
		reflect.ValueOf(&c.Undo).Elem(), reflect.ValueOf(&c.Editor).Elem(), reflect.ValueOf(&c.Panel).Elem(),
	} {
		for i := 0; i < sect.NumField(); i++ {
			fields[sect.Field(i).Addr().Pointer()] = sect.Type().Field(i).Name
		}
	}
	seen := map[string]bool{}
	for _, o := range options {
		k := o.key()
		if seen[k] {
			t.Errorf("duplicate key %s", k)
		}
		seen[k] = true
		table, name, ok := strings.Cut(k, ".")
		if !ok || !tableIndex[table] || keyPart(name) != name {
			t.Errorf("key %s is not a bare key in a known table", k)
		}
		if o.help() == "" || o.typeName() == "" || o.allowed() == "" || o.defaultDoc() == "" {
			t.Errorf("%s: missing documentation", k)
		}
		p := reflect.ValueOf(fieldPointer(o, &c)).Pointer()
		if _, ok := fields[p]; !ok {
			t.Errorf("%s: field is not a distinct field of Config.Undo/Editor/Panel", k)
		}
		delete(fields, p)
	}
	for _, name := range fields {
		t.Errorf("Config field %s has no option", name)
	}
}

// fieldPointer returns the pointer an option's accessor gives for c.
func fieldPointer(o option, c *Config) any {
	switch o := o.(type) {
	case boolOpt:
		return o.field(c)
	case intOpt[int]:
		return o.field(c)
	case intOpt[int64]:
		return o.field(c)
	case durationOpt:
		return o.field(c)
	case dirOpt:
		return o.field(c)
	case enumOpt[PanelSide]:
		return o.field(c)
	case enumOpt[DiffMode]:
		return o.field(c)
	case enumOpt[TimeFormat]:
		return o.field(c)
	case enumOpt[Glyphs]:
		return o.field(c)
	case nameOpt:
		return o.field(c)
	}
	panic("unknown option kind")
}

// TestLoadFull sets every key to a non-default value.
func TestLoadFull(t *testing.T) {
	path := writeConfig(t, fullConfig)
	got, errs := Load(path, envOf("HOME", "/home/u", "DATA", "/data"))
	if errs != nil {
		t.Fatalf("Load: unexpected errors %q", errStrings(errs))
	}
	want := fullConfigWant()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Load:\n got %+v\nwant %+v", got, want)
	}
}

// fullConfig sets every option away from its default.
const fullConfig = `# every key, none at its default
[undo]
persistent = false
dir = "$DATA/undo-files"
max_file_size = 0
max_entries = 1
save_interval = "1m30s"
persist_days = 0
store_max_size = 0
levels = -1

[editor]
tabstop = 4
shiftwidth = 0
softtabstop = -1
expandtab = true
autoindent = true
shiftround = true
number = true
relativenumber = true
wrap = false
ignorecase = true
smartcase = true
hlsearch = true
incsearch = false
wrapscan = false
fixendofline = false
scrolloff = 999
sidescrolloff = 5
timeoutlen = 300
syntax = false
colorscheme = "monokai"

[panel]
side = "right"
width = 200
diff = "off"
time_format = "absolute"
glyphs = "ascii"

[keys.normal]
"<C-s>" = ":w<CR>"
"<leader-like>x" = "<Nop>"
Y = "y$"

[keys.insert]
jk = "<Esc>"

[keys.panel]
"<S-Tab>" = "<Up>"
`

func fullConfigWant() Config {
	return Config{
		Undo: UndoConfig{Dir: "/data/undo-files", SaveInterval: 90 * time.Second, MaxEntries: 1, Levels: -1},
		Editor: EditorConfig{
			TabStop: 4, ShiftWidth: 0, SoftTabStop: -1, ExpandTab: true, AutoIndent: true, ShiftRound: true,
			Number: true, RelativeNumber: true, IgnoreCase: true, SmartCase: true, HLSearch: true,
			ScrollOff: 999, SideScrollOff: 5, TimeoutLen: 300, Syntax: false, ColorScheme: "monokai",
		},
		Panel: PanelConfig{Side: SideRight, Width: 200, Diff: DiffOff, TimeFormat: TimeAbsolute, Glyphs: GlyphsASCII},
		Keys: KeysConfig{
			Normal: map[string]string{"<C-s>": ":w<CR>", "<leader-like>x": "<Nop>", "Y": "y$"},
			Insert: map[string]string{"jk": "<Esc>"},
			Panel:  map[string]string{"<S-Tab>": "<Up>"},
		},
	}
}

// TestLoadMissing: no file is not an error.
func TestLoadMissing(t *testing.T) {
	got, errs := Load(t.TempDir()+"/nope/config.toml", testEnv)
	if errs != nil {
		t.Errorf("errors for a missing file: %q", errStrings(errs))
	}
	if !reflect.DeepEqual(got, Default(testEnv)) {
		t.Errorf("missing file: got %+v, want defaults", got)
	}
}
