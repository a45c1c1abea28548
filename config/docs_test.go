package config

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor/keys"
)

var update = flag.Bool("update", false, "rewrite docs/config.md from the option table")

// docsPath is the generated reference, relative to this package.
const docsPath = "../docs/config.md"

// TestDocs fails when docs/config.md differs from what the option table
// generates. Run `go test ./config -run TestDocs -update` to regenerate.
func TestDocs(t *testing.T) {
	want := markdown()
	if *update {
		if err := os.WriteFile(docsPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatalf("%v (run: go test ./config -run TestDocs -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with config/options.go; run: go test ./config -run TestDocs -update\n%s",
			filepath.Clean(docsPath), firstDiff(got, want))
	}
}

// firstDiff describes the first differing line.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n have %q\n want %q", i+1, gl, wl)
		}
	}
	return ""
}

// TestDocsExample: the example file in the docs loads with no errors and
// gives exactly the defaults.
func TestDocsExample(t *testing.T) {
	got, errs, ok := decode("example.toml", []byte(exampleTOML()), testEnv, Default(testEnv))
	if !ok || errs != nil {
		t.Fatalf("example has errors: %q", errStrings(errs))
	}
	if !reflect.DeepEqual(normalize(got), normalize(Default(testEnv))) {
		t.Errorf("example is not the defaults:\n got %+v\nwant %+v", got, Default(testEnv))
	}
}

// TestDocLinesMarkdownSafe: key notation in doc lines is inside backticks,
// or Markdown would swallow <Tab> as an HTML tag.
func TestDocLinesMarkdownSafe(t *testing.T) {
	code := regexp.MustCompile("`[^`]*`")
	for _, o := range options {
		if rest := code.ReplaceAllString(o.help(), ""); strings.ContainsAny(rest, "<>|") {
			t.Errorf("%s: doc line has <, > or | outside backticks: %q", o.key(), o.help())
		}
	}
}

// markdown generates docs/config.md.
func markdown() []byte {
	var b bytes.Buffer
	b.WriteString(docsHeader)
	titles := map[string]string{
		"undo":   "Persistent undo files and the limits of the history.",
		"editor": "Vim options, with Vim's names and meanings. The defaults are Vim's own (`vim -u NONE -N`), except `incsearch`, which is on as in Vim's `defaults.vim`, and `fixendofline`, which is off so that files round-trip byte for byte. A value is allowed exactly when `:set` allows it: names, defaults and limits come from kjx's one option table (`editor/options`).",
		"panel":  "The undo-tree panel and its diff preview.",
	}
	for _, table := range []string{"undo", "editor", "panel"} {
		fmt.Fprintf(&b, "\n## [%s]\n\n%s\n\n", table, titles[table])
		b.WriteString("| Key | Type | Default | Allowed | Meaning |\n|---|---|---|---|---|\n")
		for _, o := range options {
			if t, name, _ := strings.Cut(o.key(), "."); t == table {
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", name, o.typeName(), cell(o.defaultDoc()), cell(o.allowed()), cell(o.help()))
			}
		}
	}
	b.WriteString(keysSection())
	fmt.Fprintf(&b, "\n## Example\n\nEvery option at its default (`undo.dir` depends on the environment, so it is commented out):\n\n```toml\n%s```\n", exampleTOML())
	return b.Bytes()
}

// cell escapes a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// keysSection documents the key-map tables and the notation.
func keysSection() string {
	var b strings.Builder
	b.WriteString("\n## [keys.normal], [keys.insert], [keys.panel]\n\n")
	b.WriteString("Key maps, one table per mode. Each entry maps the keys typed (left) to the keys executed (right), both in Vim key notation. Mappings are not recursive: the right side is executed as if typed with no mappings, like Vim's `noremap` family.\n\n")
	b.WriteString("| Table | Meaning |\n|---|---|\n")
	for _, km := range keymaps {
		fmt.Fprintf(&b, "| `[%s]` | %s |\n", km.name, cell(km.doc))
	}
	names := make([]string, len(docKeyOrder))
	for i, n := range docKeyOrder {
		names[i] = "`<" + n + ">`"
	}
	fmt.Fprintf(&b, "\nKey names (case insensitive): %s. Aliases: `<Return>` and `<Enter>` for `<CR>`, `<Backspace>` for `<BS>`, `<Delete>` for `<Del>`.\n", strings.Join(names, ", "))
	b.WriteString("\nModifiers: `<C-x>` (Ctrl), `<M-x>` or `<A-x>` (Alt/Meta), `<S-x>` (Shift), combinable as in `<C-S-Left>`; `x` is one character or a key name.\n")
	b.WriteString("\nAs in Vim, a `<` that does not start something shaped like a key name is an ordinary character (`\\<word\\>` in a pattern works). Unlike Vim, a well-formed but unknown name such as `<Ecs>` or `<div>` is reported as an error instead of being typed literally, so typos are caught; write `<lt>div>` for the literal text. The right side may not be empty: map to `<Nop>` to disable a key. When two left sides are the same keys spelt differently (`<C-s>` and `<c-s>`), the later one in the file wins and the other is reported.\n")
	b.WriteString("\n```toml\n[keys.normal]\n\"<C-s>\" = \":w<CR>\"\nY = \"y$\"\n\n[keys.insert]\njk = \"<Esc>\"\n```\n")
	return b.String()
}

// docKeyOrder lists the key names in the order the docs show them.
var docKeyOrder = []string{
	"Esc", "CR", "NL", "Nul", "BS", "Tab", "Space", "lt", "Bar", "Bslash", "Del", "Insert",
	"Home", "End", "PageUp", "PageDown", "Up", "Down", "Left", "Right",
	"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "Nop",
}

// TestDocKeyNames: the docs list exactly the names ParseKeys accepts.
func TestDocKeyNames(t *testing.T) {
	want := map[string]bool{}
	for _, canon := range keys.Names() {
		want[canon] = true
	}
	got := map[string]bool{}
	for _, n := range docKeyOrder {
		got[n] = true
		if _, err := ParseKeys("<" + n + ">"); err != nil {
			t.Errorf("documented <%s> does not parse: %v", n, err)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("documented key names %v, accepted %v", got, want)
	}
}

// exampleTOML is a config file holding every option at its default.
func exampleTOML() string {
	def := Default(testEnv)
	var b strings.Builder
	section := ""
	for _, o := range options {
		table, name, _ := strings.Cut(o.key(), ".")
		if table != section {
			if section != "" {
				b.WriteString("\n")
			}
			b.WriteString("[" + table + "]\n")
			section = table
		}
		b.WriteString("# " + strings.ReplaceAll(o.help(), "`", "") + "\n")
		if _, ok := o.(dirOpt); ok {
			b.WriteString("# " + name + " = \"~/.local/share/kjx/undo\"\n")
			continue
		}
		b.WriteString(name + " = " + o.show(&def) + "\n")
	}
	return b.String()
}

const docsHeader = `# Configuration

<!-- Generated from config/options.go by: go test ./config -run TestDocs -update
     Do not edit by hand; TestDocs fails when this file is out of date. -->

kjx reads one TOML file at start-up:

- ` + "`$XDG_CONFIG_HOME/kjx/config.toml`" + `, or ` + "`~/.config/kjx/config.toml`" + ` when
  ` + "`XDG_CONFIG_HOME`" + ` is unset or not an absolute path;
- the file given with ` + "`-u FILE`" + ` instead;
- no file at all with ` + "`--clean`" + `.

A missing file is not an error. While kjx runs, the file is watched: saving it
applies the new settings at once.

Every key is checked on its own. A bad key is reported and keeps its default
(or, when the file is reloaded, its previous value); the other keys still
apply. A TOML syntax error or an unreadable file leaves the whole file unused.
Each problem is one line naming the file, the line and the key:

` + "```" + `
config.toml:12: undo.max_entries = -3: must be ≥ 1 (using 10000)
config.toml:5: editor.number: want a boolean, got string "yes" (using false)
config.toml:3: unknown key "editor.tabsop" (did you mean "editor.tabstop"?)
config.toml:8: keys.normal."<Ecs>" = ":w<CR>": left side: <Ecs> is not a key name (did you mean <Esc>?); write <lt> for a literal "<" (ignored)
config.toml:4: syntax error: expected value but found '=' instead (file ignored)
config.toml: cannot read: permission denied (file ignored)
` + "```" + `

Paths in ` + "`undo.dir`" + ` may start with ` + "`~/`" + ` and use ` + "`$VAR`" + ` or ` + "`${VAR}`" + `; the
result must be absolute.
`
