package main

import (
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/repodir"
)

const module = "github.com/kjx-editor/kjx"

// allowedImports is the dependency direction of ../shared/DESIGN.md
// (buffer ← undo ← editor ← ui ← cmd, with undofile and config beside the
// editor) as an allow-list: package → the packages of ours it may import.
// The sub-packages of editor are the editor's own helpers; they sit below
// the editor and import only buffer.
var allowedImports = map[string][]string{
	"buffer":           {"buffer/repodir"}, // its trace tests find ../shared
	"buffer/repodir":   {},
	"config":           {},
	"undo":             {"buffer", "buffer/repodir"},
	"undofile":         {"undo", "buffer", "editor/clock"},
	"editor/motion":    {"buffer"},
	"editor/exparse":   {},
	"editor/vimre":     {"buffer"},
	"editor/fileio":    {"buffer"},
	"editor/linediff":  {"buffer"},
	"editor/diskwatch": {"editor/clock"},
	"editor/clock":     {}, // the one clock: a leaf every package may use
	"editor": {"buffer", "buffer/repodir", "undo",
		"editor/motion", "editor/exparse", "editor/vimre", "editor/fileio",
		"editor/linediff", "editor/clock"},
	// The session layer beside the core: goroutines, timers, undo files,
	// watchers, the headless runner (docs/architecture.md).
	"editor/session": {"editor", "undo", "buffer", "undofile", "config", "editor/clock", "editor/fileio",
		"editor/linediff", "editor/diskwatch", "buffer/repodir"},
	"ui":           {"editor", "undo", "buffer", "editor/motion", "ui/diff", "ui/undopanel", "editor/clock", "editor/session"},
	"ui/diff":      {"buffer", "editor/linediff", "editor/clock"},
	"ui/undopanel": {},
	"cmd/kjx":      {"*"},
	"cmd/kjxbench": {"*"},
}

// TestImportDirection fails when a package imports one of ours that the
// architecture does not allow, or when a new package is not in the list.
func TestImportDirection(t *testing.T) {
	for _, v := range importViolations(t, moduleRoot(t), allowedImports) {
		t.Error(v)
	}
}

// importViolations checks every package of the module tree at root against
// allowed and returns one line per violation.
func importViolations(t *testing.T, root string, allowed map[string][]string) []string {
	t.Helper()
	var out []string
	for _, pkg := range modulePackages(t, root) {
		may, known := allowed[pkg]
		if !known {
			out = append(out, fmt.Sprintf("package %s is not in the architecture's allow-list (cmd/kjx/arch_test.go); add it with a reason in docs/architecture.md", pkg))
			continue
		}
		for _, imp := range packageImports(t, filepath.Join(root, pkg)) {
			if !strings.HasPrefix(imp, module+"/") {
				continue
			}
			dep := strings.TrimPrefix(imp, module+"/")
			if dep == pkg { // an external test package importing its own package
				continue
			}
			if !contains(may, dep) && !contains(may, "*") {
				out = append(out, fmt.Sprintf("%s imports %s: not allowed by the dependency direction (allowed: %v)", pkg, dep, may))
			}
		}
	}
	return out
}

// TestImportDirectionDetectsViolation runs the checking loop itself on a
// synthetic module tree with a forbidden edge (buffer → undo) and a
// package missing from its list, so the test above cannot pass vacuously.
func TestImportDirectionDetectsViolation(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":         "module " + module + "\n",
		"buffer/x.go":    "package buffer\nimport _ \"" + module + "/undo\"\n",
		"undo/x.go":      "package undo\nimport _ \"" + module + "/buffer\"\n",
		"stray/stray.go": "package stray\n",
	}
	for name, src := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := importViolations(t, root, map[string][]string{"buffer": {}, "undo": {"buffer"}})
	want := []string{"buffer imports undo", "package stray is not in"}
	if len(got) != len(want) {
		t.Fatalf("violations %q, want %d", got, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("violation %d = %q, want one starting %q", i, got[i], w)
		}
	}
	if contains(allowedImports["buffer"], "undo") {
		t.Fatal("buffer must not be allowed to import undo")
	}
}

func packageImports(t *testing.T, dir string) []string {
	t.Helper()
	p, err := build.ImportDir(dir, build.ImportComment)
	if err != nil {
		t.Fatalf("go/build ImportDir %s: %v", dir, err)
	}
	seen := map[string]bool{}
	for _, list := range [][]string{p.Imports, p.TestImports, p.XTestImports} {
		for _, imp := range list {
			seen[imp] = true
		}
	}
	out := make([]string, 0, len(seen))
	for imp := range seen {
		out = append(out, imp)
	}
	sort.Strings(out)
	return out
}

func modulePackages(t *testing.T, root string) []string {
	t.Helper()
	var pkgs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "docs" || name == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if len(pkgs) == 0 || pkgs[len(pkgs)-1] != rel {
			pkgs = append(pkgs, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := repodir.Root()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
