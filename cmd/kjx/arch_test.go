package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// allowedImports is the dependency direction of docs/architecture.md
// (buffer ← undo ← editor ← ui ← cmd, with undofile and config beside the
// editor) as an allow-list: package → the packages of ours it may import.
// The sub-packages of editor are the editor's own helpers; they sit below
// the editor and import only buffer and the leaves. The leaves (keys,
// cells, options) import nothing of ours and may be used by every layer.
var allowedImports = map[string][]string{
	"buffer":         {},
	"buffer/testkit": {},
	"config":         {"editor/keys", "editor/options"},
	"undo":           {"buffer"},
	"undofile":       {"undo", "buffer", "editor/clock"},
	// The workspace history's content store and its shared file steps sit
	// beside undofile and below everything that edits.
	"undofile/internal/safefile": {},
	"undofile/store":             {"undofile/internal/safefile"},
	"undofile/workspace": {"undo", "buffer", "undofile", "undofile/store",
		"undofile/internal/safefile"},
	"editor/motion":    {"buffer", "editor/cells"},
	"editor/exparse":   {},
	"editor/addsub":    {},
	"editor/vimre":     {"buffer"},
	"editor/fileio":    {"buffer"},
	"editor/linediff":  {"buffer"},
	"editor/diskwatch": {"editor/clock"},
	"editor/keys":      {},
	"editor/cells":     {},
	"editor/options":   {},
	"editor/shell":     {}, // runs a command line: :!, filters, :r !
	"editor/clock":     {}, // the one clock: a leaf every package may use
	// Searching an undo history for text: the panel's / and :undograb.
	"editor/histsearch": {"buffer", "undo", "editor/vimre", "editor/linediff"},
	"editor": {"buffer", "undo",
		"editor/motion", "editor/exparse", "editor/vimre", "editor/fileio",
		"editor/linediff", "editor/clock", "editor/keys", "editor/cells", "editor/options",
		"editor/addsub", "editor/histsearch"},
	// The session layer beside the core: goroutines, timers, undo files,
	// watchers, the headless runner (docs/architecture.md).
	"editor/session": {"editor", "undo", "buffer", "undofile", "config", "editor/clock", "editor/fileio",
		"editor/linediff", "editor/diskwatch", "editor/keys", "editor/cells", "editor/options", "editor/shell"},
	"ui": {"editor", "undo", "buffer", "editor/motion", "editor/keys", "editor/cells", "editor/clock",
		"editor/vimre", "editor/histsearch", "editor/session", "ui/diff", "ui/undopanel", "ui/syntax"},
	"ui/diff":      {"buffer", "editor/linediff", "editor/clock"},
	"ui/syntax":    {"buffer"},
	"ui/undopanel": {"editor/keys"},
	"cmd/kjx":      {"*"},
	"cmd/kjxbench": {"*"},
}

// testSupport lists the packages that exist for tests, each with the
// packages whose non-test files may import it too. Any package's test
// files may import them.
var testSupport = map[string][]string{
	"buffer/testkit": {"cmd/kjxbench"}, // builds kjx, finds ../shared
}

// TestImportDirection fails when a package imports one of ours that the
// architecture does not allow, or when a new package is not in the list.
func TestImportDirection(t *testing.T) {
	violations, err := checkImports(moduleRoot(t), allowedImports, testSupport)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range violations {
		t.Error(v)
	}
}

// TestImportDirectionDetectsViolation runs the checker on a synthetic
// module that breaks every rule once, so that TestImportDirection cannot
// pass vacuously: a forbidden edge (in a plain file, a test file and a
// file excluded by a build constraint), a package missing from the list,
// a list entry naming no package, and a test-support package imported by
// a file that is not a test (even from a package allowed "*") are all
// reported; allowed edges, test support in test files and in the packages
// listed for it, an external test package importing its own package, "*"
// and testdata are not.
func TestImportDirectionDetectsViolation(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod":                "module example.com/m\n\ngo 1.22\n",
		"low/low.go":            "package low\n",
		"low/up.go":             "package low\n\nimport _ \"example.com/m/high\"\n",
		"low/up_test.go":        "package low\n\nimport _ \"example.com/m/high\"\n",
		"low/tagged.go":         "//go:build ignore\n\npackage main\n\nimport _ \"example.com/m/high\"\n",
		"low/testdata/x/x.go":   "package x\n\nimport _ \"example.com/m/high\"\n",
		"high/high.go":          "package high\n\nimport _ \"example.com/m/low\"\n",
		"high/high_x_test.go":   "package high_test\n\nimport _ \"example.com/m/high\"\n",
		"high/kit_test.go":      "package high\n\nimport _ \"example.com/m/kit\"\n",
		"high/kit.go":           "package high\n\nimport _ \"example.com/m/kit\"\n",
		"kit/kit.go":            "package kit\n",
		"cmd/bench/main.go":     "package main\n\nimport _ \"example.com/m/kit\"\n",
		"cmd/tool/kit.go":       "package main\n\nimport _ \"example.com/m/kit\"\n",
		"stray/stray.go":        "package stray\n\nimport _ \"example.com/m/low\"\n",
		"cmd/tool/main.go":      "package main\n\nimport (\n\t_ \"example.com/m/high\"\n\t_ \"fmt\"\n)\n",
		".hidden/h.go":          "package h\n\nimport _ \"example.com/m/high\"\n",
		"docs/notes/snippet.go": "package notes\n\nimport _ \"example.com/m/high\"\n",
	})
	allowed := map[string][]string{
		"low":       {},
		"high":      {"low", "gone"},
		"kit":       {},
		"cmd/tool":  {"*"},
		"cmd/bench": {"*"},
		"ghost":     {},
	}
	support := map[string][]string{"kit": {"cmd/bench"}, "gone/kit": {}}
	got, err := checkImports(root, allowed, support)
	if err != nil {
		t.Fatal(err)
	}
	want := []violation{
		{Pkg: "cmd/tool", File: "cmd/tool/kit.go", Dep: "kit", Rule: ruleTestOnly},
		{Pkg: "ghost", Rule: ruleNoPackage},
		{Pkg: "gone/kit", Rule: ruleNoPackage},
		{Pkg: "high", Dep: "gone", Rule: ruleNoPackage},
		{Pkg: "high", File: "high/kit.go", Dep: "kit", Rule: ruleTestOnly},
		{Pkg: "low", File: "low/tagged.go", Dep: "high", Rule: ruleForbidden},
		{Pkg: "low", File: "low/up.go", Dep: "high", Rule: ruleForbidden},
		{Pkg: "low", File: "low/up_test.go", Dep: "high", Rule: ruleForbidden},
		{Pkg: "stray", Rule: ruleUnlisted},
	}
	if !slices.Equal(got, want) {
		t.Errorf("violations of the synthetic module:\n got  %v\n want %v", got, want)
	}
	for _, v := range got {
		if v.String() == "" || !strings.Contains(v.String(), v.Pkg) {
			t.Errorf("violation %#v prints as %q", v, v.String())
		}
	}
}

// TestCheckImportsErrors: a root without go.mod, or a Go file that does
// not parse, is an error, never an empty (passing) list of violations.
func TestCheckImportsErrors(t *testing.T) {
	if _, err := checkImports(t.TempDir(), nil, nil); err == nil {
		t.Error("a directory without go.mod: no error")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod":   "module example.com/m\n",
		"a/bad.go": "package a\n\nimport (\n",
	})
	if _, err := checkImports(root, map[string][]string{"a": {}}, nil); err == nil {
		t.Error("a file that does not parse: no error")
	}
}

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := testkit.Root()
	if err != nil {
		t.Fatal(err)
	}
	return root
}
