package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeErrors covers every kind of per-key error: the exact message,
// the line, and that the other keys of the file still apply.
func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		name string
		toml string
		want []string
		set  func(*Config) // the expected config, from the defaults
	}{
		{
			name: "range low",
			toml: "[undo]\nmax_entries = -3\npersist_days = 7\n",
			want: []string{"config.toml:2: undo.max_entries = -3: must be ≥ 1 (using 10000)"},
			set:  func(c *Config) { c.Undo.PersistDays = 7 },
		},
		{
			name: "range high and between",
			toml: "[editor]\ntabstop = 10000\nshiftwidth = -1\nnumber = true\n",
			want: []string{
				"config.toml:2: editor.tabstop = 10000: must be 1 to 9999 (using 8)",
				"config.toml:3: editor.shiftwidth = -1: must be ≥ 0 (using 8)",
			},
			set: func(c *Config) { c.Editor.Number = true },
		},
		{
			name: "colorscheme not a name",
			toml: "[editor]\ncolorscheme = \"../x\"\nsyntax = false\n",
			want: []string{`config.toml:2: editor.colorscheme = "../x": must be a name (letters, digits, '-', '_', '.'), not "../x" (using "default")`},
			set:  func(c *Config) { c.Editor.Syntax = false },
		},
		{
			name: "unknown key with typo",
			toml: "[editor]\nnumber = true\ntabsop = 4\n",
			want: []string{`config.toml:3: unknown key "editor.tabsop" (did you mean "editor.tabstop"?)`},
			set:  func(c *Config) { c.Editor.Number = true },
		},
		{
			name: "unknown key in the wrong table",
			toml: "number = true\n[panel]\nexpandtab = true\n",
			want: []string{
				`config.toml:1: unknown key "number" (did you mean "editor.number"?)`,
				`config.toml:3: unknown key "panel.expandtab" (did you mean "editor.expandtab"?)`,
			},
		},
		{
			name: "Vim abbreviations",
			toml: "[editor]\nts = 4\nsw = 2\n[undo]\nul = 5\n",
			want: []string{
				`config.toml:2: unknown key "editor.ts" (did you mean "editor.tabstop"?)`,
				`config.toml:3: unknown key "editor.sw" (did you mean "editor.shiftwidth"?)`,
				`config.toml:5: unknown key "undo.ul" (did you mean "undo.levels"?)`,
			},
		},
		{
			name: "unknown table and unknown key without suggestion",
			toml: "[edtor]\ntabstop = 4\n[undo]\nfrobnicate = 1\n",
			want: []string{
				`config.toml:1: unknown key "edtor" (did you mean "editor"?)`,
				`config.toml:4: unknown key "undo.frobnicate"`,
			},
		},
		{
			name: "implicit unknown table points at its first key",
			toml: "# x\n\nfoo.b = 1\nfoo.a = 2\n",
			want: []string{`config.toml:3: unknown key "foo"`},
		},
		{
			name: "quoted key is not a dotted key",
			toml: "\"editor.number\" = true\n",
			want: []string{`config.toml:1: unknown key "\"editor.number\"" (did you mean "editor.number"?)`},
		},
		{
			name: "wrong types",
			toml: "[editor]\nnumber = \"yes\"\ntabstop = 4.0\n[undo]\nsave_interval = 10\ndir = 5\n[panel]\nside = [\"left\"]\nwidth = 40\n",
			want: []string{
				`config.toml:2: editor.number: want a boolean, got string "yes" (using false)`,
				`config.toml:3: editor.tabstop: want an integer, got float 4.0 (using 8)`,
				`config.toml:5: undo.save_interval: want a duration string like "10s", got integer 10 (using "10s")`,
				`config.toml:6: undo.dir: want a string, got integer 5 (using "/home/u/.local/share/kjx/undo")`,
				`config.toml:8: panel.side: want a string, got array ["left"] (using "left")`,
			},
			set: func(c *Config) { c.Panel.Width = 40 },
		},
		{
			name: "table expected",
			toml: "editor = 1\n[panel]\nwidth = 40\n",
			want: []string{`config.toml:1: editor: want a table, got integer 1 (ignored)`},
			set:  func(c *Config) { c.Panel.Width = 40 },
		},
		{
			name: "table where a value belongs",
			toml: "[editor.number]\nx = 1\n",
			want: []string{`config.toml:1: editor.number: want a boolean, got table (using false)`},
		},
		{
			name: "enums",
			toml: "[panel]\nside = \"top\"\ndiff = \"Below\"\nglyphs = \"ascii\"\n",
			want: []string{
				`config.toml:2: panel.side = "top": must be "left" or "right" (using "left")`,
				`config.toml:3: panel.diff = "Below": must be one of "auto", "below", "bottom", "replace", "off" (using "auto")`,
			},
			set: func(c *Config) { c.Panel.Glyphs = GlyphsASCII },
		},
		{
			name: "durations",
			toml: "[undo]\nsave_interval = \"500ms\"\n[undo.x]\n",
			want: []string{
				`config.toml:2: undo.save_interval = "500ms": must be ≥ 1s (using "10s")`,
				`config.toml:3: unknown key "undo.x"`,
			},
		},
		{
			name: "duration syntax",
			toml: "undo.save_interval = \"10 seconds\"\n",
			want: []string{`config.toml:1: undo.save_interval = "10 seconds": not a duration; write it like "10s", "1m30s" or "500ms" (using "10s")`},
		},
		{
			name: "paths",
			toml: "[undo]\ndir = \"undo\"\n",
			want: []string{`config.toml:2: undo.dir = "undo": must be an absolute path (~/ and $VAR are expanded) (using "/home/u/.local/share/kjx/undo")`},
		},
		{
			name: "path with unset variable",
			toml: "[undo]\ndir = \"$NOPE/undo\"\n",
			want: []string{`config.toml:2: undo.dir = "$NOPE/undo": $NOPE is not set (using "/home/u/.local/share/kjx/undo")`},
		},
		{
			name: "path expanded",
			toml: "[undo]\ndir = \"~/.vim/undo//\"\n",
			set:  func(c *Config) { c.Undo.Dir = "/home/u/.vim/undo" },
		},
		{
			name: "key maps",
			toml: "[keys.normal]\n\"<C-s>\" = \":w<CR>\"\n\"<Ecs>\" = \"x\"\nj = \"<div>\"\nk = 1\nl = \"\"\n\"<c-S>\" = \":update<CR>\"\nQ = \"<Nop>\"\n",
			want: []string{
				`config.toml:2: keys.normal."<C-s>" = ":w<CR>": overridden by "<c-S>" on line 7, the same keys (ignored)`,
				`config.toml:3: keys.normal."<Ecs>" = "x": left side: <Ecs> is not a key name (did you mean <Esc>?); write <lt> for a literal "<" (ignored)`,
				`config.toml:4: keys.normal.j = "<div>": right side: <div> is not a key name; write <lt> for a literal "<" (ignored)`,
				`config.toml:5: keys.normal.k: want a string of keys, got integer 1 (ignored)`,
				`config.toml:6: keys.normal.l = "": right side is empty; map to "<Nop>" to disable a key (ignored)`,
			},
			set: func(c *Config) { c.Keys.Normal = map[string]string{"<c-S>": ":update<CR>", "Q": "<Nop>"} },
		},
		{
			name: "panel key maps",
			toml: "[keys.panel]\n\"<C-j>\" = \"j\"\n\"<C-k>\" = \"x\"\nn = \"gg\"\nQ = \"<Nop>\"\nw = \"j<Nop>\"\n\"<Ecs>\" = \"q\"\nc = \"<C-x>\"\n",
			want: []string{
				`config.toml:3: keys.panel."<C-k>" = "x": right side: x is not a key of the undo-tree panel (` + panelKeysHint + `) (ignored)`,
				`config.toml:6: keys.panel.w = "j<Nop>": right side: <Nop> is not a key of the undo-tree panel (` + panelKeysHint + `) (ignored)`,
				`config.toml:7: keys.panel."<Ecs>" = "q": left side: <Ecs> is not a key name (did you mean <Esc>?); write <lt> for a literal "<" (ignored)`,
				`config.toml:8: keys.panel.c = "<C-x>": right side: <C-x> is not a key of the undo-tree panel (` + panelKeysHint + `) (ignored)`,
			},
			set: func(c *Config) { c.Keys.Panel = map[string]string{"<C-j>": "j", "n": "gg", "Q": "<Nop>"} },
		},
		{
			name: "key map table of the wrong type",
			toml: "[keys]\nnormal = \"x\"\ninsert = { jk = \"<Esc>\" }\nvisual = {}\n",
			want: []string{
				`config.toml:2: keys.normal: want a table, got string "x" (ignored)`,
				`config.toml:4: unknown key "keys.visual"`,
			},
			set: func(c *Config) { c.Keys.Insert = map[string]string{"jk": "<Esc>"} },
		},
		{
			name: "line of a key after a multi-line string",
			toml: "[undo]\nx = \"\"\"\none\ntwo\n\"\"\"\nmax_entries = -2\n",
			want: []string{
				`config.toml:2: unknown key "undo.x"`,
				`config.toml:6: undo.max_entries = -2: must be ≥ 1 (using 10000)`,
			},
		},
		{
			name: "inline tables and dotted keys",
			toml: "editor = { number = true, tabstop = 0 }\npanel.width = 19\n",
			want: []string{
				`config.toml:1: editor.tabstop = 0: must be 1 to 9999 (using 8)`,
				`config.toml:2: panel.width = 19: must be 20 to 200 (using 36)`,
			},
			set: func(c *Config) { c.Editor.Number = true },
		},
		{
			name: "control characters stay escaped on one line",
			toml: "\"a\\nb\" = \"x\\ny\"\n",
			want: []string{`config.toml:1: unknown key "\"a\\nb\""`},
		},
		{
			name: "CRLF line endings and a BOM",
			toml: "\ufeff[editor]\r\nnumber = true\r\ntabstop = 0\r\n",
			want: []string{`config.toml:3: editor.tabstop = 0: must be 1 to 9999 (using 8)`},
			set:  func(c *Config) { c.Editor.Number = true },
		},
		{
			name: "syntax error",
			toml: "[editor]\nnumber = true\ntabstop = = 4\n",
			want: []string{`config.toml:3: syntax error: expected value but found '=' instead (file ignored)`},
		},
		{
			name: "duplicate key is a syntax error",
			toml: "[editor]\nnumber = true\nnumber = false\n",
			want: []string{`config.toml:3: syntax error: Key 'editor.number' has already been defined. (file ignored)`},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, errs, _ := decode("config.toml", []byte(tc.toml), testEnv, Default(testEnv))
			if g := errStrings(errs); !reflect.DeepEqual(g, tc.want) && (len(g) != 0 || len(tc.want) != 0) {
				t.Errorf("errors:\n got %q\nwant %q", g, tc.want)
			}
			want := Default(testEnv)
			if tc.set != nil {
				tc.set(&want)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("config:\n got %+v\nwant %+v", got, want)
			}
			for _, e := range errs {
				var ce *Error
				if !asError(e, &ce) || ce.File != "config.toml" {
					t.Errorf("%v: not a *Error for config.toml", e)
				}
			}
		})
	}
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	*target = e
	return ok
}

// TestDecodeFallback: a bad key takes the fallback's value, not the
// default's, which is what Watch relies on; a syntax error returns the
// fallback whole.
func TestDecodeFallback(t *testing.T) {
	prev := Default(testEnv)
	prev.Editor.TabStop = 4
	prev.Panel.Side = SideRight
	prev.Keys.Insert = map[string]string{"jk": "<Esc>"}
	got, errs, ok := decode("c.toml", []byte("[editor]\ntabstop = 10000\n[keys]\ninsert = 3\n"), testEnv, prev)
	want := Default(testEnv)
	want.Editor.TabStop = 4
	want.Keys.Insert = prev.Keys.Insert
	if !ok || !reflect.DeepEqual(got, want) {
		t.Errorf("ok=%v config:\n got %+v\nwant %+v", ok, got, want)
	}
	wantErrs := []string{
		"c.toml:2: editor.tabstop = 10000: must be 1 to 9999 (using 4)",
		`c.toml:4: keys.insert: want a table, got integer 3 (ignored)`,
	}
	if g := errStrings(errs); !reflect.DeepEqual(g, wantErrs) {
		t.Errorf("errors:\n got %q\nwant %q", g, wantErrs)
	}
	got, errs, ok = decode("c.toml", []byte("[editor\n"), testEnv, prev)
	if ok || !reflect.DeepEqual(got, prev) || len(errs) != 1 {
		t.Errorf("syntax error: ok=%v errs=%q, config changed=%v", ok, errStrings(errs), !reflect.DeepEqual(got, prev))
	}
}

// TestLoadFileErrors covers the whole-file errors Load reports.
func TestLoadFileErrors(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	if err := os.WriteFile(big, []byte("# "+strings.Repeat("x", maxFileBytes)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, want string
	}{
		{dir, dir + ": cannot read: is a directory (file ignored)"},
		{big, big + ": cannot read: larger than 1024 KiB (file ignored)"},
	} {
		got, errs := Load(tc.path, testEnv)
		if g := errStrings(errs); len(g) != 1 || g[0] != tc.want {
			t.Errorf("Load(%s) errors = %q, want [%q]", tc.path, g, tc.want)
		}
		if !reflect.DeepEqual(got, Default(testEnv)) {
			t.Errorf("Load(%s) did not return the defaults", tc.path)
		}
	}
}

// TestTooManyErrors: a file of junk yields a bounded list.
func TestTooManyErrors(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		b.WriteString("junk_" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "_" + itoa(i) + " = 1\n")
	}
	_, errs, _ := decode("c.toml", []byte(b.String()), testEnv, Default(testEnv))
	if len(errs) != maxErrors+1 {
		t.Fatalf("%d errors, want %d", len(errs), maxErrors+1)
	}
	if got, want := errs[maxErrors].Error(), "c.toml: 250 more errors not shown"; got != want {
		t.Errorf("last error %q, want %q", got, want)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
